import * as HttpServer from "effect/http/HttpServer"
import { SqlClient } from "effect/sql"
// The case queue at volume (issue 55 item 4), on a real server over a scratch database on 127.0.0.1:5432 (or
// DATABASE_URL's server): one account (signed up through the console) with --cases open cases, then
//  - the console's queue page (/dashboard/cases, 50 cases, oldest first) and GET /v1/cases (first page, and a page
//    deep in the queue by its cursor), --requests times each, one at a time: p50 and p95 (target: p95 under 300 ms);
//  - the whole queue walked by cursor, 100 cases a page;
//  - one bulk close of --bulk cases (POST /v1/cases/bulk, each case its own transaction and audit entry; target: 500
//    under 5 s).
// Figures depend on the machine and its load: the script prints the load average with them.
//
//   npx tsx scripts/case-queue-bench.ts [--cases 10000 --requests 200 --warmup 20 --bulk 500]
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { ConfigProvider, Effect, Layer, References } from "effect"
import * as os from "node:os"
import { parseArgs } from "node:util"
import { createKybServer } from "../src/http/edge/nodeServer.js"
import { HttpAppLive } from "../src/http/Server.js"
import { secretIn, signUpAndLogIn } from "../test/support/webClient.js"
import { scratchDatabase } from "./search/database.js"

const { values } = parseArgs({ options: {
  cases: { type: "string", default: "10000" }, requests: { type: "string", default: "200" }, warmup: { type: "string", default: "20" }, bulk: { type: "string", default: "500" }
} })
const cases = Number(values.cases)
const requests = Number(values.requests)
const warmup = Number(values.warmup)
const bulkSize = Math.min(Number(values.bulk), cases, 500)
const quantile = (xs: ReadonlyArray<number>, q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!
const fail = (message: string) => Effect.die(new Error(message))

const program = Effect.gen(function*() {
  const server = yield* HttpServer.HttpServer
  if (server.address._tag === "UnixPathAddress") return yield* fail("expected a TCP address")
  const base = `http://127.0.0.1:${server.address.port}`
  const sql = yield* SqlClient.SqlClient
  const web = yield* Effect.promise(() => signUpAndLogIn(base, "bench-owner@example.com", "a long enough passphrase"))
  const keyPage = yield* Effect.promise(() => web.submitFollowing("/dashboard", "/dashboard/keys", { label: "bench" }))
  const secret = secretIn(keyPage.text)
  if (secret === "") return yield* fail(`no key made: ${keyPage.status}`)
  const [member] = yield* sql<{ account_id: string }>`SELECT account_id FROM members WHERE email_lower = 'bench-owner@example.com'`
  const accountId = member!.account_id
  const started = Date.now()
  // Synthetic cases (subjects named "Synthetic subject n"), as the intake leaves them: open, in progress or escalated,
  // a quarter for a reason other than a hit, opened a minute apart.
  yield* sql`INSERT INTO cases (id, account_id, subject_key, subject, status, reasons, hits, best_score, best_list, best_name, check_count, opened_at, last_check_at)
    SELECT 'case_' || lpad(to_hex(i), 20, '0'), ${accountId}, 'name:NG:synthetic subject ' || i, jsonb_build_object('name_given', 'Synthetic subject ' || i, 'country', 'NG'),
      CASE WHEN i % 7 = 0 THEN 'escalated' WHEN i % 3 = 0 THEN 'in_progress' ELSE 'open' END,
      CASE WHEN i % 4 = 0 THEN '["registry_not_covered"]'::jsonb ELSE '["sanctions_match"]'::jsonb END,
      CASE WHEN i % 4 = 0 THEN '[]'::jsonb ELSE jsonb_build_array('ofac_sdn:' || (i % 5000)) END,
      CASE WHEN i % 4 = 0 THEN NULL ELSE 0.6 + (i % 400) / 1000.0 END, CASE WHEN i % 4 = 0 THEN NULL ELSE 'ofac_sdn' END,
      CASE WHEN i % 4 = 0 THEN NULL ELSE 'SYNTHETIC LISTED ' || (i % 5000) END,
      1, now() - make_interval(mins => i), now() - make_interval(mins => i)
    FROM generate_series(1, ${cases}) i`
  // the bench's own requests must not meet the free plan's quota
  yield* sql`UPDATE accounts SET case_service_hours = 24, plan = 'unlimited' WHERE id = ${accountId}`
  yield* sql`UPDATE api_keys SET plan = 'unlimited' WHERE account_id = ${accountId}`
  yield* sql`ANALYZE`
  const seeded = (Date.now() - started) / 1000
  const headers = { authorization: `Bearer ${secret}` }

  const timed = (label: string, get: () => Promise<Response>) =>
    Effect.gen(function*() {
      for (let i = 0; i < warmup; i++) yield* Effect.promise(() => get().then((r) => r.arrayBuffer()))
      const times: Array<number> = []
      for (let i = 0; i < requests; i++) {
        const t0 = performance.now()
        const reply = yield* Effect.promise(get)
        yield* Effect.promise(() => reply.arrayBuffer())
        times.push(performance.now() - t0)
        if (reply.status !== 200) return yield* fail(`${label}: ${reply.status}`)
      }
      return `| ${label} | ${quantile(times, 0.5).toFixed(1)} ms | ${quantile(times, 0.95).toFixed(1)} ms |`
    })

  // A cursor half-way down the queue, from walking it whole (100 a page).
  const walkStart = performance.now()
  let cursor: string | null = null
  let walked = 0
  let middle: string | null = null
  do {
    const page = (yield* Effect.promise(() =>
      fetch(`${base}/v1/cases?limit=100${cursor === null ? "" : `&cursor=${cursor}`}`, { headers }).then((r) => r.json()))) as { cases: ReadonlyArray<{ id: string }>; next_cursor: string | null }
    walked += page.cases.length
    cursor = page.next_cursor
    if (middle === null && walked >= cases / 2) middle = cursor
  } while (cursor !== null)
  const walkSeconds = (performance.now() - walkStart) / 1000
  if (walked !== cases) return yield* fail(`walked ${walked} cases of ${cases}`)

  const rows = [
    yield* timed("console `/dashboard/cases` (50 cases)", () => fetch(`${base}/dashboard/cases`, { headers: { cookie: `kyb_session=${web.cookie("kyb_session") ?? ""}` } })),
    yield* timed("`GET /v1/cases` (first page, 25)", () => fetch(`${base}/v1/cases`, { headers })),
    yield* timed("`GET /v1/cases?sort=score`", () => fetch(`${base}/v1/cases?sort=score`, { headers })),
    yield* timed("`GET /v1/cases` half-way down (cursor)", () => fetch(`${base}/v1/cases${middle === null ? "" : `?cursor=${middle}`}`, { headers })),
    yield* timed("`GET /v1/cases?overdue=true&assignee=none`", () => fetch(`${base}/v1/cases?overdue=true&assignee=none`, { headers }))
  ]

  const ids = (yield* sql<{ id: string }>`SELECT id FROM cases WHERE account_id = ${accountId} AND status <> 'closed' ORDER BY opened_at LIMIT ${bulkSize}`).map((r) => r.id)
  const t0 = performance.now()
  const reply = yield* Effect.promise(() => fetch(`${base}/v1/cases/bulk`, {
    method: "POST", headers: { ...headers, "content-type": "application/json" },
    // every close needs its note, and clearing names the open reasons other than a hit (issue 55 item 1)
    body: JSON.stringify({ case_ids: ids, action: "close", outcome: "cleared", text: "synthetic: benchmark close", acknowledged_reasons: ["registry_not_covered"] })
  }))
  const answer = (yield* Effect.promise(() => reply.json())) as { changed: number }
  const bulkSeconds = (performance.now() - t0) / 1000
  if (reply.status !== 200 || answer.changed !== ids.length) return yield* fail(`bulk close: ${reply.status} ${JSON.stringify(answer).slice(0, 300)}`)

  process.stdout.write([
    `${cases.toLocaleString("en")} open cases in one account (synthetic, seeded in ${seeded.toFixed(1)} s); ${requests} requests per row after ${warmup} untimed, one at a time`,
    "",
    "| request | p50 | p95 |",
    "|---|---|---|",
    ...rows,
    "",
    `whole queue by cursor, 100 a page: ${walked} cases in ${walkSeconds.toFixed(2)} s`,
    `bulk close of ${ids.length} cases (POST /v1/cases/bulk): ${bulkSeconds.toFixed(2)} s`,
    `${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} at the end`,
    ""
  ].join("\n"))
})

const config = ConfigProvider.layer(
  ConfigProvider.fromUnknown({ KYB_REGISTRY_LIVE: "none" }).pipe(ConfigProvider.orElse(ConfigProvider.fromEnv()))
)
const layer = HttpAppLive.pipe(
  Layer.provideMerge(NodeHttpServer.layer(createKybServer, { port: 0, host: "127.0.0.1" })),
  Layer.provideMerge(scratchDatabase("kyb_case_queue", 4)),
  Layer.provide(config)
)
await Effect.runPromise(program.pipe(Effect.provide(layer), Effect.provide(Layer.succeed(References.MinimumLogLevel, "Warn")), Effect.scoped))
process.exit(0)
