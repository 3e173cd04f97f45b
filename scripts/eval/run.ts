import * as HttpServer from "effect/http/HttpServer"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { ConfigProvider, Effect, Layer, Redacted, References } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { parseArgs } from "node:util"
import { ApiKeys } from "../../src/access/ApiKeys.js"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import { createKybServer } from "../../src/http/edge/nodeServer.js"
import { HttpAppLive } from "../../src/http/Server.js"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { listedRecords } from "../corpus/listed.js"
import { loadBenchCorpus } from "../search/benchLoad.js"
import { scratchDatabase } from "../search/database.js"
import { evaluate, formatReport, type VerdictJson } from "./evaluate.js"
import { isDebarmentList, listDisplayName, type ListId, listOrder } from "../../src/sanctions/model.js"
import { classCases } from "./classes.js"
import { entryCases, listEntities, listPaths, negativeCases, positiveCases, resolutionCases } from "./sets.js"

/**
 * The verdict evaluation, through the whole path a user calls: a real server on a loopback port over a scratch
 * PostgreSQL database (generated companies plus the real listed companies, the real lists: every list, or those of
 * `--lists`), every case sent as `POST /v1/verify`; the debarment list's cases are looked up in `signals.debarred`.
 * Prints both splits; `--json FILE` writes the report, `--misses` prints the tuning split's
 * misses (never the test split's).
 *
 *   npm run -s eval [-- --per-list 400 --rows 20000 --held 400 --concurrency 8 --json out.json --misses --lists ofac_sdn,un_sc]
 *   npm run -s eval -- --classes-only      # issue 51's classes (initials, abbreviations, other language) and the negatives
 */
const { values } = parseArgs({
  options: {
    "per-list": { type: "string", default: "400" },
    rows: { type: "string", default: "20000" },
    held: { type: "string", default: "400" },
    concurrency: { type: "string", default: "8" },
    json: { type: "string" },
    misses: { type: "boolean", default: false },
    /** Keep every n-th negative name (and EITI name not held): a quicker, coarser run on a busy machine. */
    "negatives-every": { type: "string", default: "1" },
    /** Only the classes of `classes.ts` as positives (with the negatives; no resolution cases). */
    "classes-only": { type: "boolean", default: false },
    /** Comma-separated list ids loaded and evaluated (default: every list). */
    lists: { type: "string", default: listOrder.join(",") }
  }
})
const lists = values.lists.split(",").map((l) => l.trim()).filter((l): l is ListId => (listOrder as ReadonlyArray<string>).includes(l))
if (lists.length === 0) throw new Error(`--lists: expected some of ${listOrder.join(", ")}`)
/** The directory holding data/ (the repository). */
const sharedDir = path.resolve(import.meta.dirname, "..", "..")

const program = Effect.gen(function*() {
  const started = Date.now()
  yield* loadBenchCorpus(Number(values.rows), 1, sharedDir)
  yield* ingestSanctions(listPaths(sharedDir, lists))
  const server = yield* HttpServer.HttpServer
  if (server.address._tag === "UnixPathAddress") return yield* Effect.die("expected a TCP address")
  const url = `http://127.0.0.1:${server.address.port}/v1/verify`
  const { secret } = yield* (yield* ApiKeys).create({ plan: "unlimited", quota: null, label: "eval" })
  const headers = { authorization: `Bearer ${Redacted.value(secret)}`, "content-type": "application/json" }
  const verify = async (input: Record<string, string>) => {
    const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(input) })
    if (response.status === 200) return await response.json() as VerdictJson
    return { refused: `${response.status} ${await response.text()}` }
  }
  const entities = yield* listEntities(sharedDir, lists)
  // Names that are on a sanctions list loaded are set apart from the negatives (a debarment does not flag screening).
  const allNegatives = negativeCases(sharedDir, entities.filter((e) => !isDebarmentList(e.list)))
  const every = Math.max(1, Number(values["negatives-every"]))
  const negatives = { ...allNegatives, cases: allNegatives.cases.filter((_, i) => i % every === 0) }
  const listed = listedRecords(sharedDir, 1).records
  const perList = Number(values["per-list"])
  const classes = classCases(entities.filter((e) => !isDebarmentList(e.list)), perList)
  const sets = values["classes-only"]
    ? { positives: classes, negatives: negatives.cases, resolution: [] }
    : {
      positives: [...positiveCases(entities, perList), ...entryCases(entities, perList), ...classes],
      negatives: negatives.cases,
      resolution: resolutionCases(listed.slice(0, Number(values.held)), negatives.cases, listed)
    }
  // Wait until the server's screener has picked the lists up (it polls).
  for (let i = 0; i < 120; i++) {
    const probe = yield* Effect.promise(() => verify({ name: "probe" }).then((v) => "refused" in v ? v.refused : v.sanctions.result))
    if (probe !== "unavailable") break
    yield* Effect.sleep("500 millis")
  }
  const report = yield* Effect.promise(() => evaluate(verify, sets, Number(values.concurrency)))
  const machine = `${os.cpus().length} x ${os.cpus()[0]?.model ?? "cpu"}`
  process.stdout.write([
    `Verdict evaluation over HTTP (POST /v1/verify), ${new Date().toISOString()}, ${machine}; store: ${values.rows} generated + ` +
    `${listedRecords(sharedDir, 1).records.length} real listed companies; lists: ${lists.map((l) => listDisplayName[l]).join(", ")}; ` +
    `${values["per-list"]} entities per list${every === 1 ? "" : `, every ${every}th negative`}; ${negatives.listedNames.length} source names that are list names set apart ` +
    `(${negatives.listedNames.map((n) => `${n.source}: ${n.name} (${n.country})`).join(", ")}); ${Math.round((Date.now() - started) / 1000)} s.`,
    "",
    formatReport(report),
    "",
    `Inputs refused with a 4xx (not counted): ${report.refused.length}${report.refused.length === 0 ? "" : `, e.g. ${report.refused.slice(0, 3).join("; ")}`}`,
    ""
  ].join("\n"))
  if (values.misses) process.stdout.write(`\nTuning-split misses (${report.tuningMisses.length}):\n${report.tuningMisses.join("\n")}\n`)
  if (values.json !== undefined) fs.writeFileSync(values.json, JSON.stringify({ ...report, tuningMisses: undefined }, null, 2))
})

const config = ConfigProvider.layer(
  ConfigProvider.fromUnknown({ KYB_REGISTRY_LIVE: "none", SANCTIONS_POLL_INTERVAL: "1 second" })
    .pipe(ConfigProvider.orElse(ConfigProvider.fromEnv()))
)
const layer = Layer.mergeAll(HttpAppLive, ApiKeys.Default).pipe(
  Layer.provideMerge(NodeHttpServer.layer(createKybServer, { port: 0, host: "127.0.0.1" })),
  Layer.provideMerge(CompanyWriter.Default),
  Layer.provideMerge(scratchDatabase("kyb_eval", 8)),
  Layer.provide(config)
)
await Effect.runPromise(
  program.pipe(Effect.provide(layer), Effect.provide(Layer.succeed(References.MinimumLogLevel, "Warn")), Effect.scoped)
)
