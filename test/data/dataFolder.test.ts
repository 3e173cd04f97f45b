import { createHash } from "node:crypto"
import { readdirSync, readFileSync, statSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

/**
 * The repository stands alone: its data/ folder holds every file the demo, tests, evaluation and benchmarks read, each
 * file's SHA-256 is the one its folder's README gives, and no code reaches for a folder beside the repository.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..")
const dataDir = path.join(repoRoot, "data")

const filesUnder = (dir: string, skip: ReadonlySet<string> = new Set()): Array<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (skip.has(entry.name)) return []
    return entry.isDirectory() ? filesUnder(full, skip) : [full]
  })

const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex")

/** `| \`file\` | \`sha256\` | ...` rows of a README's tables, the file relative to the README's folder. */
const listedIn = (readme: string): Array<{ file: string; sha256: string }> =>
  readFileSync(readme, "utf8").split("\n").flatMap((line) => {
    const m = /^\| `([^`]+)` \| `([0-9a-f]{64})` \|/.exec(line)
    return m === null ? [] : [{ file: path.join(path.dirname(readme), m[1]!), sha256: m[2]! }]
  })

const readmes = filesUnder(dataDir).filter((f) => path.basename(f) === "README.md")
const listed = readmes.flatMap(listedIn)

describe("data/ folder", () => {
  it("lists every data file once, in its folder's README or an enclosing folder's", () => {
    const files = filesUnder(dataDir).filter((f) => path.basename(f) !== "README.md").sort()
    expect(files.length).toBeGreaterThan(150)
    expect(listed.map((l) => l.file).sort()).toEqual(files)
  })

  it("gives each file's SHA-256 as committed", () => {
    const wrong = listed.filter((l) => sha256(l.file) !== l.sha256).map((l) => path.relative(dataDir, l.file))
    expect(wrong).toEqual([])
  })

  it("stays under 15 MB", () => {
    const bytes = filesUnder(dataDir).reduce((n, f) => n + statSync(f).size, 0)
    expect(bytes).toBeLessThan(15_000_000)
  })

  it("is the only data anything in src, scripts, test or .ci reads: nothing refers to a folder beside the repository", () => {
    // Built from parts so that this file does not match itself.
    const name = ["sha", "red"].join("")
    const beside = new RegExp(`\\.\\./${name}\\b|["']${name}["']`)
    const offenders = ["src", "scripts", "test", ".ci"]
      .flatMap((dir) => filesUnder(path.join(repoRoot, dir), new Set([".generated"])))
      .filter((f) => beside.test(readFileSync(f, "utf8")))
      .map((f) => path.relative(repoRoot, f))
    expect(offenders).toEqual([])
  })
})
