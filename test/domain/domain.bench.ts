/**
 * Throughput of the hot domain functions (ingestion: >= 50k rows/s for the whole pipeline; screening:
 * 20k names/s). Not part of `vitest run`; run with `npx vitest bench --run test/domain/domain.bench.ts`.
 */
import { readFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { bench, describe } from "vitest"
import { foldName, normalizeName } from "../../src/domain/normalize.js"
import { canonicalNumber } from "../../src/domain/registrationNumbers.js"

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..")
const names = readFileSync(path.resolve(repoRoot, "data", "companies", "african_entity_names.tsv"), "utf8")
  .split("\n")
  .slice(1)
  .map((line) => line.split("\t")[0] ?? "")
  .filter((n) => n.length > 0)

describe(`${names.length} real names per iteration`, () => {
  bench("foldName", () => {
    for (const n of names) foldName(n)
  })
  bench("normalizeName", () => {
    for (const n of names) normalizeName(n, "NG")
  })
})

const numbers = [
  ["ng-cac", "RC 208767"], ["za-cipc", "1950/038232/06"], ["sn-rccm", "SN-DKR-2017-B-12345"],
  ["ma-ompic", "Casablanca 123456"], ["ke-brs", "PVT-JZUA6Z663"], ["tn-rne", "1234567/A/M/000"]
] as const

describe("6 numbers per iteration", () => {
  bench("canonicalNumber", () => {
    for (const [registry, raw] of numbers) canonicalNumber(registry, raw)
  })
})
