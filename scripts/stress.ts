import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"

/**
 * The reliability run: every invariant's test, the fuzzer at 10,000 requests, on a scratch database on the
 * PostgreSQL server (traffic to 127.0.0.1 only; each case bounded by its own timeouts). Prints one table and exits
 * non-zero when an invariant breaks.
 *
 *   npm run -s stress [-- --runs 10000 --seed 20261124]
 */
const args = process.argv.slice(2)
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`)
  return at === -1 ? fallback : args[at + 1] ?? fallback
}
const runs = option("runs", "10000")
const seed = option("seed", "20261124")
const admin = process.env["STRESS_DATABASE_URL"] ?? "postgres://postgres@127.0.0.1:5432/postgres"

const cases: ReadonlyArray<readonly [string, string]> = [
  ["Hostile requests from the OpenAPI document: no 5xx, {error, message}, no internals, database unchanged, RSS bounded", "test/fuzz/openapi.fuzz.test.ts"],
  ["Input hygiene at the edge, size limits, 415, deep JSON, security headers", "test/http/edge.test.ts"],
  ["Every non-2xx is {error, message}", "test/http/errors.test.ts"],
  ["Quota exact under 500 concurrent requests on two instances, month boundary, revocation", "test/http/quotaConcurrency.test.ts"],
  ["Quota exact across instances", "test/http/quotaInstances.test.ts"],
  ["Database stopped: 503 in milliseconds, back without a restart", "test/http/databaseOutage.test.ts"],
  ["Database frozen (SIGSTOP): 503 with Retry-After in ~2 s; start-up waits for the database", "test/lifecycle/database.test.ts"],
  ["SIGTERM: in-flight answered, idle sockets closed, exit within 10 s", "test/lifecycle/shutdown.test.ts"],
  ["Live registry faults (hang, 5xx, garbage, slow, 403, 150 MB body) within budget", "test/registries/LiveRegistries.resilience.test.ts"],
  ["Under sustained load: database stopped and restarted (only 200/503, back in < 5 s); SIGTERM (every received request answered, exit < 10 s)", "test/lifecycle/underLoad.process.test.ts"],
  ["Under sustained load: each live registry fault (200 within budget, never 5xx); a corrupt list refresh (refused, no verdict changes, no error)", "test/lifecycle/underLoad.inProcess.test.ts"],
  ["A truncated or corrupt list refused; the active version keeps answering", "test/sanctions/versions.test.ts"],
  ["One log line per event in the configured format", "test/http/logLines.test.ts"],
  ["No secret in any log line; only hashes stored", "test/http/secrets.test.ts"],
  ["Tenancy: the account owns what its keys make; ends stop monitors, jobs and deliveries in one transaction; limits exact under concurrency", "test/tenancy/tenancy.http.test.ts"],
  ["Tenancy at the report's sizes: 10,001 monitors, the webhook limit, 620 decisions all listable", "test/tenancy/atScale.http.test.ts"],
  ["Ends under load: last key revoked, grace period over, webhook deleted, account deleted while monitors fire, jobs run and deliveries fly: after each, no event, job step or delivery", "test/tenancy/endsUnderLoad.test.ts"],
  ["Racing ends under load: an account deleted, a last key revoked, a password changed while monitors, jobs, keys and log-ins are made: zero survivors, zero units billed beyond the rows verified", "test/tenancy/racingEnds.load.test.ts"],
  ["Each end raced deterministically (a request paused between its checks and its write): nothing made, nothing overbilled", "test/tenancy/fences.test.ts"],
  ["Sign-up bursts: 429 pages, never a 503; a unit per attempt processed", "test/accounts/accounts.http.test.ts"],
  ["Crafted ids, cursors and dates on every list: 400 naming the field", "test/http/craftedValues.test.ts"],
  ["Cursors open only for their list, account and filters", "test/http/cursors.http.test.ts"],
  ["Live registries in search and the record: a typed fault, 503 or unreachable within the budget; an open breaker calls nobody", "test/live/record.test.ts"],
  ["Each registry fault on the record: 503 with Retry-After", "test/live/recordFaults.test.ts"],
  ["Search with an unreachable registry answers what the store holds", "test/live/search.test.ts"],
  ["Live search across registries: partial answers within the budget, late answers kept", "test/registries/LiveRegistries.search.test.ts"],
  ["A registry answering after the budget: the answer is kept for later", "test/registries/LiveRegistries.late.test.ts"]
]

const database = `kyb_stress_${Date.now()}`
const psql = (sql: string) => spawnSync("psql", [admin, "-qc", sql], { encoding: "utf8" })
if (psql(`CREATE DATABASE ${database}`).status !== 0) {
  process.stderr.write(`could not create ${database} on ${new URL(admin).host}\n`)
  process.exit(2)
}
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "kyb-stress-"))
const report = path.join(scratch, "report.json")
const timingsFile = path.join(scratch, "timings.jsonl")
const started = Date.now()
const loadBefore = os.loadavg()[0]!.toFixed(1)
const run = spawnSync("npx", ["vitest", "run", "--reporter=json", `--outputFile=${report}`, ...cases.map(([, file]) => file)], {
  encoding: "utf8",
  env: {
    ...process.env,
    FUZZ_RUNS: runs,
    FUZZ_SEED: seed,
    KYB_TIMINGS_FILE: timingsFile,
    DATABASE_URL: Object.assign(new URL(admin), { pathname: `/${database}` }).toString()
  },
  timeout: 30 * 60_000
})
psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
if (!fs.existsSync(report)) {
  process.stderr.write(`${run.stdout}\n${run.stderr}\nno report written\n`)
  process.exit(1)
}
interface Result {
  readonly name: string
  readonly assertionResults: ReadonlyArray<{ readonly status: string; readonly duration?: number; readonly failureMessages: ReadonlyArray<string> }>
}
const results = (JSON.parse(fs.readFileSync(report, "utf8")) as { testResults: ReadonlyArray<Result> }).testResults
let broken = 0
const rows = cases.map(([invariant, file]) => {
  const result = results.find((r) => r.name.endsWith(file))
  const tests = result?.assertionResults ?? []
  const failed = tests.filter((t) => t.status === "failed")
  const passed = tests.filter((t) => t.status === "passed").length
  if (result === undefined || failed.length > 0 || passed === 0) broken++
  const seconds = tests.reduce((s, t) => s + (t.duration ?? 0), 0) / 1000
  const verdict = result === undefined ? "NOT RUN" : failed.length > 0 ? `FAILED (${failed.length})` : passed === 0 ? "SKIPPED" : "holds"
  return `| ${invariant} | \`${file}\` | ${passed}/${tests.length} | ${seconds.toFixed(1)} s | ${verdict} |`
})
// The times the service promises, measured by the tests above and checked here against their bounds (the suite
// does not bound them: a busy box may miss them, and this run says so).
interface Timing { readonly promise: string; readonly ms: number; readonly boundMs: number }
const timings = fs.existsSync(timingsFile)
  ? fs.readFileSync(timingsFile, "utf8").split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as Timing)
  : []
const timingRows = [...new Set(timings.map((t) => t.promise))].map((promise) => {
  const all = timings.filter((t) => t.promise === promise)
  const worst = Math.max(...all.map((t) => t.ms))
  const bound = all[0]!.boundMs
  if (worst >= bound) broken++
  return `| ${promise} | ${all.length} | ${worst} ms | ${bound} ms | ${worst < bound ? "within" : "MISSED"} |`
})
process.stdout.write([
  `Reliability run, ${new Date().toISOString()}, ${os.cpus().length} x ${os.cpus()[0]?.model ?? "cpu"}, PostgreSQL at ${new URL(admin).host}; ` +
  `fuzzer ${runs} requests, seed ${seed}; ${Math.round((Date.now() - started) / 1000)} s; load average before ${loadBefore}, after ${os.loadavg()[0]!.toFixed(1)}.`,
  "",
  "| invariant | test | passed | time | result |",
  "|---|---|---|---|---|",
  ...rows,
  "",
  "| promised time | measurements | worst | bound | result |",
  "|---|---|---|---|---|",
  ...timingRows,
  "",
  broken === 0 ? "Every invariant holds." : `${broken} invariant(s) broken: see the failures above.`,
  ""
].join("\n"))
for (const result of results) {
  for (const failure of result.assertionResults.filter((t) => t.status === "failed")) {
    process.stderr.write(`\n${result.name}:\n${failure.failureMessages.map((m) => m.slice(0, 1500)).join("\n")}\n`)
  }
}
process.exit(broken === 0 ? 0 : 1)
