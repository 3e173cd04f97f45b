import { cruise, type ICruiseResult, type IForbiddenRuleType } from "dependency-cruiser"
import * as path from "node:path"
import { describe, expect, it } from "vitest"

/**
 * The import graph of `src`, as TypeScript resolves it (type-only imports included), read by dependency-cruiser:
 * - no import circle (issue 57 item 3): a circle makes module load order matter and leaves a reader no place to start;
 * - no module outside src/api, src/http, src/mcp and src/client.ts imports src/api (issue 57 item 4): the services
 *   speak the domain's vocabulary (src/domain, a capability's errors.ts), and the contract is built from it.
 */

const root = path.resolve(import.meta.dirname, "..", "..")

const escaped = (dir: string) => dir.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** The rules for a tree laid out as `src` (`base`: "src", or a fixture's own src). */
const rules = (base: string): ReadonlyArray<IForbiddenRuleType> => [
  { name: "no-circular", severity: "error", from: {}, to: { circular: true } },
  {
    name: "contract-only-at-the-edge",
    severity: "error",
    from: { path: `^${escaped(base)}/`, pathNot: `^${escaped(base)}/(api|http|mcp)/|^${escaped(base)}/client\\.ts$` },
    to: { path: `^${escaped(base)}/api/` }
  }
]

const violationsUnder = async (dir: string, base: string): Promise<Readonly<Record<string, ReadonlyArray<string>>>> => {
  const reported = await cruise([dir], {
    validate: true,
    ruleSet: { forbidden: [...rules(base)] },
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    outputType: "json",
    baseDir: root
  }, undefined, { tsConfig: { fileName: path.join(root, "tsconfig.json") } })
  const result = (typeof reported.output === "string" ? JSON.parse(reported.output) : reported.output) as ICruiseResult
  expect(result.summary.totalCruised, "modules read").toBeGreaterThan(dir === "src" ? 300 : 1)
  const byRule: Record<string, Array<string>> = { "no-circular": [], "contract-only-at-the-edge": [] }
  for (const v of result.summary.violations) {
    byRule[v.rule.name]?.push(v.cycle === undefined ? `${v.from} -> ${v.to}` : [v.from, ...v.cycle.map((c) => c.name)].join(" -> "))
  }
  return byRule
}

// One read of src for both rules (it takes a while on a loaded machine).
let ofSrc: ReturnType<typeof violationsUnder> | undefined
const srcViolations = () => (ofSrc ??= violationsUnder("src", "src"))

describe("the import graph of src", () => {
  it("has no circle", async () => {
    expect((await srcViolations())["no-circular"]).toEqual([])
  }, 300_000)

  it("the check sees a circle when there is one (test/build/fixtures/circle)", async () => {
    const found = (await violationsUnder("test/build/fixtures/circle", "test/build/fixtures/circle"))["no-circular"] ?? []
    expect(found.length).toBeGreaterThan(0)
    expect(found.join("\n")).toContain("test/build/fixtures/circle/a.ts")
  }, 300_000)

  it("has no import of src/api outside src/api, src/http, src/mcp and src/client.ts", async () => {
    expect((await srcViolations())["contract-only-at-the-edge"]).toEqual([])
  }, 300_000)

  it("the check sees such an import when there is one, and not from src/http (test/build/fixtures/apiImport)", async () => {
    const base = "test/build/fixtures/apiImport/src"
    const found = (await violationsUnder(base, base))["contract-only-at-the-edge"]
    expect(found).toEqual([`${base}/web/page.ts -> ${base}/api/contract.ts`])
  }, 300_000)
})
