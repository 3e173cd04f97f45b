import * as fs from "node:fs"
import * as path from "node:path"
import { parseArgs } from "node:util"
import { makeCorpusGenerator } from "./corpus/generate.js"
import { listedRecords } from "./corpus/listed.js"

/**
 * npm run -s gen-corpus -- --rows N --seed S --out FILE      synthetic canonical records (JSON Lines)
 * npm run -s gen-corpus -- --listed --out FILE [--seed S]    the real listed companies as canonical records
 * Options: --data-root DIR, the directory holding data/companies (default: the repository).
 */
const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "1000" },
    seed: { type: "string", default: "1" },
    out: { type: "string" },
    listed: { type: "boolean", default: false },
    "data-root": { type: "string" }
  }
})

const repoRoot = path.resolve(import.meta.dirname, "..")
const sharedDir = values["data-root"] ?? repoRoot
const seed = Number(values.seed)
const rows = Number(values.rows)
if (!Number.isInteger(seed) || !Number.isInteger(rows) || rows < 0) {
  process.stderr.write("--rows and --seed must be integers\n")
  process.exit(2)
}
if (values.out === undefined) {
  process.stderr.write("--out FILE is required\n")
  process.exit(2)
}

const out = fs.createWriteStream(values.out)
const write = (chunk: string) =>
  out.write(chunk) ? Promise.resolve() : new Promise<void>((resolve) => out.once("drain", () => resolve()))

const started = Date.now()
if (values.listed) {
  const result = listedRecords(sharedDir, seed)
  await write(result.records.map((r) => JSON.stringify(r)).join("\n") + "\n")
  process.stderr.write(
    `${result.records.length} listed companies (${result.realNumbers} carrying a number from known_registration_numbers.csv, credited to it; ` +
      `${result.undatedUnlinked} of its rows name no listing and, undated, are not loaded); ` +
      `skipped (country outside the 18 registries): ${JSON.stringify(result.skippedCountries)}\n`
  )
} else {
  const generator = makeCorpusGenerator({ seed, sharedDir })
  let buffer = ""
  for (let i = 0; i < rows; i++) {
    buffer += JSON.stringify(generator.next()) + "\n"
    if (buffer.length > 1 << 20) {
      await write(buffer)
      buffer = ""
    }
    if ((i + 1) % 500_000 === 0) process.stderr.write(`${i + 1} rows\n`)
  }
  await write(buffer)
  process.stderr.write(`${rows} rows in ${((Date.now() - started) / 1000).toFixed(1)} s -> ${values.out}\n`)
}
await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())))
