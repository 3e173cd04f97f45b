import { cruise, type ICruiseResult } from "dependency-cruiser"
import * as path from "node:path"
import { describe, expect, it } from "vitest"

/**
 * No import circle in `src` (issue 57 item 3), type-only imports included: a circle makes module load order matter
 * and leaves a reader no place to start. dependency-cruiser reads the import graph as TypeScript resolves it.
 */

const root = path.resolve(import.meta.dirname, "..", "..")

const circlesUnder = async (dir: string): Promise<ReadonlyArray<string>> => {
  const reported = await cruise([dir], {
    validate: true,
    ruleSet: { forbidden: [{ name: "no-circular", severity: "error", from: {}, to: { circular: true } }] },
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    outputType: "json",
    baseDir: root
  }, undefined, { tsConfig: { fileName: path.join(root, "tsconfig.json") } })
  const result = (typeof reported.output === "string" ? JSON.parse(reported.output) : reported.output) as ICruiseResult
  expect(result.summary.totalCruised, "modules read").toBeGreaterThan(dir === "src" ? 300 : 1)
  return result.summary.violations.map((v) => [v.from, ...(v.cycle ?? []).map((c) => c.name)].join(" -> "))
}

describe("the import graph of src", () => {
  it("has no circle", async () => {
    expect(await circlesUnder("src")).toEqual([])
  }, 300_000)

  it("the check sees a circle when there is one (test/build/fixtures/circle)", async () => {
    const found = await circlesUnder("test/build/fixtures/circle")
    expect(found.length).toBeGreaterThan(0)
    expect(found.join("\n")).toContain("test/build/fixtures/circle/a.ts")
  }, 300_000)
})
