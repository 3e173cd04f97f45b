import * as HttpServer from "effect/http/HttpServer"
import { SqlClient } from "effect/sql"
// The case queue at work size (issue 40 point 6), on a real server over a scratch database on 127.0.0.1:5432: one
// account with --checks checks in review and --cases open cases (and a tenth as many closed), then GET /v1/cases
// (its first page) --requests times in each order and with a filter, one request at a time; p50 and p99 per query.
//
//   npx tsx scripts/cases-bench.ts [--checks 100000 --cases 10000 --requests 300 --warmup 30]
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { ConfigProvider, Effect, Layer, Redacted, References } from "effect"
import * as os from "node:os"
import { parseArgs } from "node:util"
import { ApiKeys } from "../src/access/ApiKeys.js"
import { createKybServer } from "../src/http/edge/nodeServer.js"
import { HttpAppLive } from "../src/http/Server.js"
import { scratchDatabase } from "./search/database.js"

const { values } = parseArgs({ options: { checks: { type: "string", default: "100000" }, cases: { type: "string", default: "10000" }, requests: { type: "string", default: "300" }, warmup: { type: "string", default: "30" } } })
const checks = Number(values.checks)
const cases = Number(values.cases)
const requests = Number(values.requests)
const warmup = Number(values.warmup)
const quantile = (xs: ReadonlyArray<number>, q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!

const program = Effect.gen(function*() {
  const server = yield* HttpServer.HttpServer
  if (server.address._tag === "UnixPathAddress") return yield* Effect.die("expected a TCP address")
  const base = `http://127.0.0.1:${server.address.port}`
  const sql = yield* SqlClient.SqlClient
  const { id: keyId, secret } = yield* (yield* ApiKeys).create({ plan: "unlimited", quota: null, label: "bench" })
  const [{ account_id: accountId }] = (yield* sql<{ account_id: string }>`SELECT account_id FROM api_keys WHERE id = ${keyId}`) as unknown as [{ account_id: string }]
  const closed = Math.floor(cases / 10)
  const started = Date.now()
  // Cases first (open ones, then closed ones), each with its share of the checks, as the intake leaves them.
  yield* sql`INSERT INTO cases (id, account_id, subject_key, subject, status, outcome, reasons, hits, best_score, best_list, best_name, check_count,
      opened_at, last_check_at, closed_at)
    SELECT 'case_' || lpad(to_hex(i), 20, '0'), ${accountId}, 'name:NG:subject ' || i, jsonb_build_object('name_given', 'Subject ' || i, 'country', 'NG'),
      CASE WHEN i > ${cases} THEN 'closed' WHEN i % 3 = 0 THEN 'in_progress' ELSE 'open' END,
      CASE WHEN i > ${cases} THEN 'cleared' END,
      CASE WHEN i % 4 = 0 THEN '["ambiguous_match"]'::jsonb ELSE '["sanctions_match"]'::jsonb END,
      CASE WHEN i % 4 = 0 THEN '[]'::jsonb ELSE jsonb_build_array('ofac_sdn:' || (i % 5000)) END,
      CASE WHEN i % 4 = 0 THEN NULL ELSE 0.6 + (i % 400) / 1000.0 END, CASE WHEN i % 4 = 0 THEN NULL ELSE 'ofac_sdn' END,
      CASE WHEN i % 4 = 0 THEN NULL ELSE 'LISTED ' || (i % 5000) END,
      ${Math.floor(checks / (cases + closed))}, now() - make_interval(mins => i), now() - make_interval(mins => i),
      CASE WHEN i > ${cases} THEN now() END
    FROM generate_series(1, ${cases + closed}) i`
  yield* sql`INSERT INTO checks (id, account_id, key_id, created_at, input, input_normalized, verdict, lists, policy_version)
    SELECT gen_random_uuid(), ${accountId}, ${keyId}, now() - make_interval(secs => i), jsonb_build_object('name', 'Subject ' || (i % ${cases + closed} + 1)),
      jsonb_build_object('name', 'Subject ' || (i % ${cases + closed} + 1), 'country', 'NG'),
      '{"result":"review","review_reason":"sanctions_match","review_reasons":["sanctions_match"],"sanctions":{"hits":[]}}'::jsonb, '[]'::jsonb, 'bench'
    FROM generate_series(1, ${checks}) i`
  yield* sql`INSERT INTO case_checks (case_id, check_id, created_at)
    SELECT 'case_' || lpad(to_hex((row_number() OVER (ORDER BY k.created_at) % ${cases + closed}) + 1), 20, '0'), k.id, k.created_at
    FROM checks k WHERE k.account_id = ${accountId}`
  yield* sql`ANALYZE`
  const seeded = (Date.now() - started) / 1000
  const headers = { authorization: `Bearer ${Redacted.value(secret)}` }
  const queries = ["", "?sort=score", "?reason=ambiguous_match", "?list=ofac_sdn&sort=score", "?assignee=none&min_age_days=1"]
  const rows: Array<string> = []
  // A warm-up first (the server's first requests compile its code and fill the database's cache), not timed.
  for (let i = 0; i < warmup; i++) {
    for (const query of queries) yield* Effect.promise(() => fetch(`${base}/v1/cases${query}`, { headers }).then((r) => r.arrayBuffer()))
  }
  for (const query of queries) {
    const times: Array<number> = []
    let count = 0
    for (let i = 0; i < requests; i++) {
      const t0 = performance.now()
      const reply = yield* Effect.promise(() => fetch(`${base}/v1/cases${query}`, { headers }))
      const body = yield* Effect.promise(() => reply.json() as Promise<{ cases: ReadonlyArray<unknown> }>)
      times.push(performance.now() - t0)
      if (reply.status !== 200) return yield* Effect.die(`GET /v1/cases${query}: ${reply.status}`)
      count = body.cases.length
    }
    rows.push(`| \`GET /v1/cases${query}\` | ${count} | ${quantile(times, 0.5).toFixed(1)} ms | ${quantile(times, 0.99).toFixed(1)} ms |`)
  }
  process.stdout.write([
    `${checks.toLocaleString("en")} checks, ${cases.toLocaleString("en")} open cases and ${closed.toLocaleString("en")} closed in one account (seeded in ${seeded.toFixed(0)} s);`,
    `${requests} requests per query after ${warmup} untimed of each, one at a time; ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} at the end`,
    "",
    "| query (first page, 25 cases) | cases | p50 | p99 |",
    "|---|---|---|---|",
    ...rows,
    ""
  ].join("\n"))
})

const config = ConfigProvider.layer(
  ConfigProvider.fromUnknown({ KYB_REGISTRY_LIVE: "none" }).pipe(ConfigProvider.orElse(ConfigProvider.fromEnv()))
)
const layer = Layer.mergeAll(HttpAppLive, ApiKeys.Default).pipe(
  Layer.provideMerge(NodeHttpServer.layer(createKybServer, { port: 0, host: "127.0.0.1" })),
  Layer.provideMerge(scratchDatabase("kyb_cases", 4)),
  Layer.provide(config)
)
await Effect.runPromise(program.pipe(Effect.provide(layer), Effect.provide(Layer.succeed(References.MinimumLogLevel, "Warn")), Effect.scoped))
process.exit(0)
