import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"

/** Files a reader can take in (issue 57 item 5): no source file past about 300 lines, split along the seams it has. */

const root = path.resolve(import.meta.dirname, "..", "..")
const LIMIT = 320

/** What is left, each to split by whoever changes it next. */
const allowed: Readonly<Record<string, string>> = {}

const sourceFiles = (dir: string): Array<string> =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    return entry.isDirectory() ? sourceFiles(file) : file.endsWith(".ts") ? [file] : []
  })

const lineCount = (file: string) => fs.readFileSync(file, "utf8").split("\n").length - 1

describe("the size of src's files", () => {
  it(`no file is over ${LIMIT} lines but the ones listed`, () => {
    const files = sourceFiles(path.join(root, "src"))
    expect(files.length).toBeGreaterThan(300)
    const over = files.map((f) => path.relative(root, f)).filter((f) => !(f in allowed) && lineCount(path.join(root, f)) > LIMIT)
    expect(over).toEqual([])
  })

  it("every file listed still exists and is still long (a split file leaves the list)", () => {
    for (const file of Object.keys(allowed)) {
      expect(fs.existsSync(path.join(root, file)), file).toBe(true)
      expect(lineCount(path.join(root, file)), file).toBeGreaterThan(LIMIT)
    }
  })
})
