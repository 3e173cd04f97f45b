// Throughput of the hot domain functions on real inputs (names from data/companies/african_entity_names.tsv, one
// number per registry kind): operations per second of CPU after a warm-up round, on this process alone.
//
//   npx tsx scripts/domain-bench.ts [--seconds 2]
import { readFileSync } from "node:fs"
import * as os from "node:os"
import path from "node:path"
import { foldName, normalizeName } from "../src/domain/normalize.js"
import { canonicalNumber } from "../src/domain/registrationNumbers.js"

const seconds = process.argv.includes("--seconds") ? Number(process.argv[process.argv.indexOf("--seconds") + 1]) : 2
const names = readFileSync(path.join(import.meta.dirname, "..", "data", "companies", "african_entity_names.tsv"), "utf8")
  .split("\n")
  .slice(1)
  .map((line) => line.split("\t")[0] ?? "")
  .filter((n) => n.length > 0)
const numbers = [
  ["ng-cac", "RC 208767"], ["za-cipc", "1950/038232/06"], ["sn-rccm", "SN-DKR-2017-B-12345"],
  ["ma-ompic", "Casablanca 123456"], ["ke-brs", "PVT-JZUA6Z663"], ["tn-rne", "1234567/A/M/000"]
] as const

/** Calls of `f` per second of CPU: one round to warm up, then rounds until `seconds` of CPU are spent. */
const perSecond = (perRound: number, f: () => void): number => {
  f()
  const started = process.cpuUsage()
  let rounds = 0
  let used = 0
  while (used < seconds * 1e6) {
    f()
    rounds++
    const spent = process.cpuUsage(started)
    used = spent.user + spent.system
  }
  return (rounds * perRound) / (used / 1e6)
}

console.log(`Machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? "?"}, node ${process.version}, ${new Date().toISOString()}`)
console.log("| function | input | calls per CPU second |\n|---|---|---|")
const row = (name: string, input: string, rate: number) => console.log(`| ${name} | ${input} | ${Math.round(rate).toLocaleString("en")} |`)
row("foldName", `${names.length} real names`, perSecond(names.length, () => { for (const n of names) foldName(n) }))
row("normalizeName", `${names.length} real names`, perSecond(names.length, () => { for (const n of names) normalizeName(n, "NG") }))
row("canonicalNumber", "6 numbers, one per registry kind", perSecond(numbers.length, () => { for (const [r, raw] of numbers) canonicalNumber(r, raw) }))
