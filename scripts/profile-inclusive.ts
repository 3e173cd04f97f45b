// Inclusive CPU time per function of a V8 CPU profile (`node --cpu-prof`): what a request path's parts cost.
//
//   npx tsx scripts/profile-inclusive.ts FILE.cpuprofile [--top 60] [--match REGEX] [--skip-seconds N]
// (--skip-seconds: samples of the first N seconds left out, e.g. the start-up before a load)
import * as fs from "node:fs"
import { inclusiveTimes } from "./support/cpuProfile.js"

const argv = process.argv.slice(2)
const option = (name: string) => {
  const i = argv.indexOf(`--${name}`)
  return i >= 0 ? argv[i + 1] : undefined
}
const match = option("match")
console.log(inclusiveTimes(JSON.parse(fs.readFileSync(argv[0]!, "utf8")), Number(option("top") ?? "60"), match === undefined ? undefined : new RegExp(match), Number(option("skip-seconds") ?? "0")))
