import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import fc from "fast-check"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import { rawRequest } from "../support/rawHttp.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { makeWebClient } from "../support/webClient.js"
import { WebhookResolver } from "../../src/webhooks/addresses.js"
import { MAX_HEADER_BYTES } from "../../src/http/edge/nodeServer.js"
import { accountOperations, describeRequest, headBytes, hostileRequest, operationsOf, rawBytes } from "./hostile.js"

/** FUZZ_RUNS (default 1,000 in the suite; the stress run sends 10,000) and FUZZ_SEED reproduce a run. */
const runs = Number(process.env["FUZZ_RUNS"] ?? "1000")
const seed = Number(process.env["FUZZ_SEED"] ?? "20261124")

const decodeURIComponentSafe = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "))
  } catch {
    return text
  }
}

/**
 * Every table's row count and content checksum, aside from what answering writes by design: quota counters (per key,
 * per account, per day for the dashboard's chart), key usage stamps, the checks kept for each verdict answered (and the
 * cases they open or join: every later check of a subject joins its case, issue 55) and the
 * batch jobs, decisions, monitors and webhooks that valid requests create (and the events and deliveries they lead to),
 * and the keys and list choice the signed-in fuzzing account changes through the dashboard's JSON API (and the audit
 * entries that record them). A refusal is itself recorded (issue 52: `access.refused` in the refused account's audit
 * log): those entries, and the chain heads and anchors every audit entry moves, are left out; the rest of the log is not.
 */
const databaseFingerprint = (fuzzAccount: string) => Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const tables = yield* sql<{ table_name: string }>`SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('quota_usage', 'account_usage', 'usage_daily', 'checks', 'batch_jobs', 'batch_items',
      'decisions', 'monitors', 'monitor_hits', 'monitoring_state', 'events', 'webhooks', 'webhook_deliveries', 'webhook_attempts',
      'audit_heads', 'audit_anchors', 'audit_anchor_head', 'cases', 'case_checks', 'case_events') ORDER BY table_name`
  const out: Record<string, string> = {}
  for (const { table_name } of tables) {
    const except = table_name === "api_keys" ? " - 'last_used_at'" : ""
    // The fuzzing account's own changes (keys, list choice) are audited by design: its audit entries are left out too.
    const ownRows = table_name === "api_keys" || table_name === "audit_log"
    const where = ownRows
      ? ` WHERE t.account_id IS DISTINCT FROM $1${table_name === "audit_log" ? " AND t.action <> 'access.refused'" : ""}`
      : table_name === "accounts" ? " WHERE t.id <> $1" : ""
    const rows = yield* sql.unsafe<{ n: string; sum: string | null }>(
      `SELECT count(*)::text AS n, md5(string_agg(md5((to_jsonb(t)${except})::text), '' ORDER BY md5((to_jsonb(t)${except})::text))) AS sum FROM "${table_name}" t${where}`,
      where === "" ? [] : [fuzzAccount]
    )
    out[table_name] = `${rows[0]?.n}:${rows[0]?.sum ?? ""}`
  }
  return out
})

describe("hostile requests derived from the OpenAPI document (issue 15)", () => {
  // No host name resolves here: a webhook URL the fuzzer registers is an address literal or refused, never looked up.
  const noDns = Layer.succeed(WebhookResolver, WebhookResolver.of({ resolve: () => Promise.resolve([]) }))
  layer(makeTestServer().pipe(Layer.provide(noDns)), { timeout: "300 seconds", excludeTestServices: true })((it) => {
    it.effect(`${runs} requests (seed ${seed}): never a 5xx, every 4xx {error, message}, no internals, database unchanged, memory bounded`, () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const writer = yield* CompanyWriter
        yield* writer.upsertBatch([{
          country: "NG", registration_no: "RC 208767", legal_name: "Dangote Cement PLC", status: "active",
          source: "test", source_kind: "registry", last_verified_at: new Date().toISOString()
        }]).pipe(Effect.orDie)
        const key = yield* server.newKey({ plan: "unlimited" })
        const port = Number(new URL(server.url).port)
        const doc = yield* Effect.promise(() => fetch(`${server.url}/v1/openapi.json`).then((r) => r.json()))
        const operations = [...operationsOf(doc as Parameters<typeof operationsOf>[0]), ...accountOperations]
        assert.isAbove(operations.length, 4)
        for (const route of ["/v1/verify/batch", "/v1/decisions", "/v1/monitors", "/v1/webhooks", "/v1/checks", "/v1/checks/{id}", "/v1/events", "/account/api/keys"]) {
          assert.isTrue(operations.some((op) => op.path === route), route)
        }
        const session = yield* Effect.promise(async () => {
          const web = makeWebClient(server.url)
          const signup = await web.submitFollowing("/signup", "/signup", { name: "Synthetic Owner", email: "fuzz@example.com", password: "correct horse battery staple" })
          const login = await web.post("/login", { _csrf: web.csrfIn(signup.text), email: "fuzz@example.com", password: "correct horse battery staple" })
          assert.strictEqual(login.status, 303)
          const cookie = `kyb_session=${web.cookie("kyb_session")}; kyb_csrf=${web.cookie("kyb_csrf")}`
          const answer = await fetch(`${server.url}/account/api/session`, { headers: { cookie } }).then((r) => r.json()) as { csrf_token: string; account: { id: string } }
          return { cookie, csrf: answer.csrf_token, accountId: answer.account.id }
        })
        const reached = new Map<string, Set<number>>()
        const before = yield* databaseFingerprint(session.accountId)
        const rssBefore = process.memoryUsage().rss
        let sent = 0
        yield* Effect.promise(() =>
          fc.assert(
            fc.asyncProperty(hostileRequest(operations, key, session), async (request) => {
              sent++
              const operation = (request as { operation?: string }).operation ?? ""
              const reply = await rawRequest(port, rawBytes(request), 15_000).catch((error: NodeJS.ErrnoException) => {
                // Node's parser refuses an oversized head (431) and may reset the socket while the client still writes.
                if ((error.code === "ECONNRESET" || error.code === "EPIPE") && headBytes(request) > MAX_HEADER_BYTES) return null
                throw error
              })
              if (reply === null) return
              reached.set(operation, (reached.get(operation) ?? new Set()).add(reply.status))
              const where = `${describeRequest(request)} -> ${reply.status} ${reply.body.slice(0, 300)}`
              if (reply.status >= 500 || reply.status < 200) throw new Error(`status: ${where}`)
              if (reply.status >= 400) {
                // An error may name what was asked (the number not found); it must not show code, the SQL we run or the
                // database's own words. The request's own text is taken out before looking.
                const own = decodeURIComponentSafe(request.target)
                const unquoted = own.split(/[/?&=]/).filter((part) => part.length > 3).reduce((text, part) => text.split(part).join(""), reply.body)
                if (/at .*\.(ts|js):\d+|SqlError|SELECT |syntax error|node_modules|_tag|relation "|pg_catalog/.test(unquoted)) throw new Error(`internals: ${where}`)
                const body = JSON.parse(reply.body) as Record<string, unknown>
                if (Object.keys(body).sort().join(",") !== "error,message") throw new Error(`error body: ${where}`)
              }
            }),
            { numRuns: runs, seed, endOnFailure: false, interruptAfterTimeLimit: 280_000 }
          )
        )
        assert.strictEqual(sent, runs, "every request was sent within the time limit")
        const after = yield* databaseFingerprint(session.accountId)
        assert.deepStrictEqual(Object.keys(after).filter((table) => after[table] !== before[table]), [], "tables changed by refused requests")
        assert.deepStrictEqual(after, before)
        // Every route was reached, the account routes signed in (some answer other than not signed in).
        for (const op of operations) assert.isTrue(reached.has(`${op.method} ${op.path}`), `${op.method} ${op.path} not reached`)
        for (const op of accountOperations) {
          assert.isTrue([...reached.get(`${op.method} ${op.path}`)!].some((status) => status !== 401), `${op.method} ${op.path} only 401`)
        }
        assert.isBelow(process.memoryUsage().rss - rssBefore, 512 * 1024 * 1024, "RSS bounded")
      }), 300_000)
  })
})
