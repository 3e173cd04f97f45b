import * as HttpServer from "effect/http/HttpServer"
import { SqlClient } from "effect/sql"
// The compliance workflow's two speeds (issue 17), on a real server over a scratch database on 127.0.0.1:5432:
// 1. batch throughput: POST /v1/verify/batch with 1,000 rows, from the request to the job done (verifications per
//    second; median of --runs), with the three real lists loaded and the listed companies in the store;
// 2. list change to webhooks: --monitors monitors (names from the corpus generator, plus the names OFAC SDN added
//    between its 2021-07 and current versions), a webhook receiver on 127.0.0.1; the time from activating the newer
//    SDN version to the last webhook received.
//
//   npx tsx scripts/workflow-bench.ts [--runs 3 --monitors 10000]
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { ConfigProvider, Effect, Layer, Redacted, References } from "effect"
import { createServer } from "node:http"
import * as os from "node:os"
import * as path from "node:path"
import { parseArgs } from "node:util"
import { ApiKeys } from "../src/access/ApiKeys.js"
import { CompanyWriter } from "../src/companies/CompanyWriter.js"
import { createKybServer } from "../src/http/edge/nodeServer.js"
import { HttpAppLive } from "../src/http/Server.js"
import { parseListPaths } from "../src/sanctions/buildIndex.js"
import { ingestSanctions } from "../src/sanctions/lists/ingest.js"
import { listedRecords } from "./corpus/listed.js"
import { makeCorpusGenerator } from "./corpus/generate.js"
import { scratchDatabase } from "./search/database.js"

const { values } = parseArgs({ options: { runs: { type: "string", default: "3" }, monitors: { type: "string", default: "10000" } } })
/** The directory holding data/ (the repository). */
const sharedDir = path.resolve(import.meta.dirname, "..")
const lists = path.join(sharedDir, "data", "sanctions")
const median = (xs: ReadonlyArray<number>) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

const program = Effect.gen(function*() {
  const server = yield* HttpServer.HttpServer
  if (server.address._tag === "UnixPathAddress") return yield* Effect.die("expected a TCP address")
  const base = `http://127.0.0.1:${server.address.port}`
  const sql = yield* SqlClient.SqlClient
  const { id: keyId, secret } = yield* (yield* ApiKeys).create({ plan: "unlimited", quota: null, label: "bench" })
  const headers = { authorization: `Bearer ${Redacted.value(secret)}`, "content-type": "application/json" }
  const listed = listedRecords(sharedDir, 1).records
  yield* (yield* CompanyWriter).upsertBatch(listed)
  yield* ingestSanctions([path.join(lists, "ofac-sdn-2021-07")], { publishedOn: "2021-07-01" })
  yield* ingestSanctions([path.join(lists, "ofac-consolidated"), path.join(lists, "un")])
  const waitFor = (condition: () => Promise<boolean>, seconds: number) =>
    Effect.promise(async () => {
      const deadline = Date.now() + seconds * 1000
      while (!(await condition())) {
        if (Date.now() > deadline) throw new Error("timed out")
        await new Promise((r) => setTimeout(r, 100))
      }
    })
  yield* waitFor(async () => JSON.stringify(await (await fetch(`${base}/v1/verify?name=probe`, { headers })).json()).includes("UN SC"), 180)

  // 1. Batch throughput.
  const rows = Array.from({ length: 1000 }, (_, i) => {
    const company = listed[i % listed.length]!
    return i % 2 === 0 ? { name: company.legal_name, country: company.country } : { registration_no: company.registration_no, country: company.country }
  })
  const rates: Array<number> = []
  for (let run = 0; run < Number(values.runs); run++) {
    const started = Date.now()
    const job = (yield* Effect.promise(() => fetch(`${base}/v1/verify/batch`, { method: "POST", headers, body: JSON.stringify(rows) }).then((r) => r.json()))) as { id: string }
    yield* waitFor(async () => ((await (await fetch(`${base}/v1/jobs/${job.id}`, { headers })).json()) as { status: string }).status === "done", 600)
    rates.push(1000 / ((Date.now() - started) / 1000))
  }

  // 2. A list change to the last webhook, for N monitors.
  const [older] = yield* parseListPaths([path.join(lists, "ofac-sdn-2021-07")])
  const [newer] = yield* parseListPaths([path.join(lists, "ofac-sdn")])
  const before = new Set(older!.entries.map((e) => e.entry_id))
  const addedNames = newer!.entries.filter((e) => e.entity_type === "entity" && !before.has(e.entry_id)).slice(0, 20).map((e) => e.name)
  const generator = makeCorpusGenerator({ seed: 17, sharedDir })
  const names = [...addedNames, ...Array.from({ length: Number(values.monitors) - addedNames.length }, () => generator.next().legal_name)]
  // Monitors written straight to the table (as POST /v1/monitors would leave them before any hit): the benchmark
  // measures the list change, not 10,000 initial screenings.
  yield* sql`INSERT INTO monitors (id, key_id, name, screened_name)
    SELECT gen_random_uuid()::text, ${keyId}, n, n FROM unnest(${names}::text[]) AS n`
  let received = 0
  let lastAt = 0
  const receiver = createServer((request, response) => {
    request.resume()
    request.on("end", () => {
      received++
      lastAt = Date.now()
      response.writeHead(204).end()
    })
  })
  const port = yield* Effect.promise(() => new Promise<number>((resolve) => receiver.listen(0, "127.0.0.1", () => resolve((receiver.address() as { port: number }).port))))
  yield* Effect.promise(() => fetch(`${base}/v1/webhooks`, { method: "POST", headers, body: JSON.stringify({ url: `http://127.0.0.1:${port}/`, events: ["sanctions.hit_added", "sanctions.hit_removed"] }) }))
  yield* ingestSanctions([path.join(lists, "ofac-sdn")], { publishedOn: "2024-05-03" })
  const activatedAt = Date.now()
  const settled = async () => {
    const [row] = await Effect.runPromise(sql<{ events: number; pending: number }>`SELECT (SELECT count(*) FROM events)::int AS events,
      (SELECT count(*) FROM webhook_deliveries WHERE state = 'pending')::int AS pending`.pipe(Effect.orDie))
    return row !== undefined && row.events > 0 && row.pending === 0 && received >= row.events && Date.now() - lastAt > 3000
  }
  yield* waitFor(settled, 1200)
  const [{ events }] = yield* sql<{ events: number }>`SELECT count(*)::int AS events FROM events`
  receiver.close()
  process.stdout.write([
    `Workflow benchmark, ${new Date().toISOString()}, ${os.cpus().length} x ${os.cpus()[0]?.model ?? "cpu"}, PostgreSQL at 127.0.0.1:5432;`,
    `store: ${listed.length} real listed companies; lists: OFAC SDN 2021-07, OFAC Consolidated, UN.`,
    "",
    `| measure | figure |`,
    `|---|---|`,
    `| batch of 1,000 rows (half by name, half by number), request to job done | ${median(rates).toFixed(0)} verifications/s (median of ${rates.length}: ${rates.map((r) => r.toFixed(0)).join(", ")}) |`,
    `| monitors | ${names.length} (${addedNames.length} of them named after entities SDN added since 2021-07) |`,
    `| activation of the current SDN -> last webhook received | ${((lastAt - activatedAt) / 1000).toFixed(1)} s for ${events} events, ${received} deliveries |`,
    ""
  ].join("\n"))
})


const config = ConfigProvider.layer(
  ConfigProvider.fromUnknown({
    KYB_REGISTRY_LIVE: "none", SANCTIONS_POLL_INTERVAL: "1 second", KYB_MONITOR_POLL: "1 second",
    KYB_WEBHOOK_POLL: "200 millis", KYB_WEBHOOK_ALLOW_PRIVATE: "true", KYB_BATCH_POLL: "200 millis"
  }).pipe(ConfigProvider.orElse(ConfigProvider.fromEnv()))
)
const layer = Layer.mergeAll(HttpAppLive, ApiKeys.Default).pipe(
  Layer.provideMerge(NodeHttpServer.layer(createKybServer, { port: 0, host: "127.0.0.1" })),
  Layer.provideMerge(CompanyWriter.Default),
  Layer.provideMerge(scratchDatabase("kyb_workflow", 8)),
  Layer.provide(config)
)
await Effect.runPromise(program.pipe(Effect.provide(layer), Effect.provide(Layer.succeed(References.MinimumLogLevel, "Warn")), Effect.scoped))
process.exit(0)
