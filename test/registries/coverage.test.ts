import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { registryCatalog } from "../../src/registries/catalog.js"
import { coverageRow, defaultEnabled, gleifNotWired } from "../../src/registries/coverage/coverage.js"
import { registryAccess } from "../../src/registries/coverage/sources.js"
import { coverageTable, withCoverageTable } from "../../src/registries/coverage/table.js"
import { liveRegistryIds } from "../../src/registries/adapters/RegistryAdapter.js"

const rowOf = (id: string, enabled: ReadonlySet<string>, gleif = gleifNotWired) =>
  coverageRow(registryCatalog.find((r) => r.id === id)!, { enabled, lastAnswered: new Map(), gleif })

describe("registry coverage data", () => {
  it("describes every adapter this build has, and no adapter it lacks", () => {
    const described = Object.entries(registryAccess).filter(([, access]) => access.adapter !== undefined).map(([id]) => id)
    expect(described.sort()).toEqual([...liveRegistryIds].sort())
  })

  it("by default every free adapter is on and the partner one is off", () => {
    const enabled = defaultEnabled(registryCatalog)
    expect([...enabled].sort()).toEqual(liveRegistryIds.filter((id) => id !== "ke-brs").sort())
  })

  it("a registry asked live says own_search and what its answers confirm; off, it says none", () => {
    expect(rowOf("bw-cipa", new Set(["bw-cipa"])).askedLive).toBe("own_search")
    expect(rowOf("mg-rcs", new Set(["mg-rcs"])).confirmsLive).toEqual(["registered", "officers"])
    expect(rowOf("ke-brs", new Set()).askedLive).toBe("none")
    expect(rowOf("ke-brs", new Set(["ke-brs"])).confirmsLive).toEqual(["registered", "status", "officers"])
  })

  it("GLEIF, once it describes itself live for a country, is how that country is asked, with what it confirms there", () => {
    const row = rowOf("gh-orc", new Set(), (country) => (country === "GH" ? { live: true, confirms: ["owners", "registered"] } : undefined))
    expect(row.askedLive).toBe("gleif")
    expect(row.confirmsLive).toEqual(["registered", "owners"])
    expect(rowOf("za-cipc", new Set()).askedLive).toBe("none")
  })

  it("the coverage table of docs/lists-and-registries.md is the generated one (npm run -s coverage-table rewrites it)", () => {
    const readme = readFileSync(fileURLToPath(new URL("../../docs/lists-and-registries.md", import.meta.url)), "utf8")
    expect(withCoverageTable(readme, coverageTable())).toBe(readme)
  })

  it("the table changes when the data does (the check can fail)", () => {
    const readme = readFileSync(fileURLToPath(new URL("../../docs/lists-and-registries.md", import.meta.url)), "utf8")
    const gleifEverywhere = coverageTable(() => ({ live: true, confirms: ["registered"] }))
    expect(withCoverageTable(readme, gleifEverywhere)).not.toBe(readme)
  })
})
