import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..")
const RELATIVE_IMPORT = /(?:import|export)[^"']*?from\s+["'](\.[^"']+)["']/g

/** Every source file reached from `entry` through relative imports (".js" specifiers name ".ts" files). */
const reachable = (entry: string): ReadonlyArray<string> => {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    const text = fs.readFileSync(file, "utf8")
    for (const match of text.matchAll(RELATIVE_IMPORT)) {
      visit(path.resolve(path.dirname(file), match[1]!.replace(/\.js$/, ".ts")))
    }
  }
  visit(path.join(root, entry))
  return [...seen].map((f) => path.relative(root, f)).sort()
}

describe("src/client.ts", () => {
  it("pulls in the API definition only: nothing of the server, the database or the services", () => {
    const files = reachable("src/client.ts")
    expect(files).toContain("src/api/Api.ts")
    // Beyond the contract, only the pure rules it states (src/domain: no I/O, no service, no database) and the errors a
    // capability answers with (src/<capability>/errors.ts, schemas only: issue 57 item 4).
    const capabilityErrors = (f: string) => !f.startsWith("src/api/") && /^src\/[a-z]+\/errors\.ts$/.test(f)
    expect(files.filter((f) => f !== "src/client.ts" && !f.startsWith("src/api/") && !f.startsWith("src/domain/") && !capabilityErrors(f))).toEqual([])
    for (const file of files.filter(capabilityErrors)) {
      const imports = [...fs.readFileSync(path.join(root, file), "utf8").matchAll(/from\s+["']([^"']+)["']/g)].map((m) => m[1])
      expect(imports.filter((i) => i !== "effect" && !i!.startsWith("../domain/")), file).toEqual([])
    }
    for (const file of files.filter((f) => f.startsWith("src/domain/"))) {
      expect(fs.readFileSync(path.join(root, file), "utf8"), file).not.toMatch(/from\s+["'](@effect\/(sql|platform)|node:(fs|net|http|child_process))/)
    }
  })
})
