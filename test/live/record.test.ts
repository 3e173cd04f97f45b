import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { ngCacSource } from "../../src/registries/adapters/ngCac.js"
import { bearer, call, isErrorBody, type Reply } from "../support/http.js"
import { TestServer } from "../support/server.js"
import { BUDGET_MS, COOLDOWN_MS, fake, MARGIN_MS, serverWithFakes, timedCall } from "./support.js"
import { recordTiming } from "../support/timings.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)

const client = Effect.gen(function*() {
  const server = yield* TestServer
  const headers = bearer(yield* server.newKey({ plan: "unlimited" }))
  const get = (path: string) => promise(() => timedCall(() => call(`${server.url}${path}`, { headers })))
  return { url: server.url, headers, get }
})

const assertUnavailable = (reply: Reply, ms: number, what: string) => {
  assert.strictEqual(reply.status, 503, `${what}: ${reply.text}`)
  assert.isTrue(isErrorBody(reply.body, "service_unavailable"), `${what}: ${reply.text}`)
  const retryAfter = Number(reply.headers.get("retry-after"))
  assert.isTrue(Number.isInteger(retryAfter) && retryAfter >= 1, `${what}: Retry-After ${reply.headers.get("retry-after")}`)
  recordTiming("record from a failing live registry: 503 within the budget", ms, BUDGET_MS + MARGIN_MS)
}

const reachable = (url: string, headers: Record<string, string>) =>
  promise(() => call(`${url}/v1/registries`, { headers })).pipe(
    Effect.map((reply) => {
      assert.strictEqual(reply.status, 200, reply.text)
      const registries = (reply.body as { registries: ReadonlyArray<{ id: string; reachable: boolean | null }> }).registries
      return new Map(registries.map((r) => [r.id, r.reachable]))
    })
  )

describe("GET /v1/company on a store miss: the country's live registry", () => {
  layer(serverWithFakes({ live: ["ng-cac", "zm-pacra"], off: ["tz-brela"] }), {
    timeout: "90 seconds",
    excludeTestServices: true
  })((it) => {
    it.effect("fetches a number the store lacks, stores it with provenance, and serves it from the store next time", () =>
      Effect.gen(function*() {
        const { get } = yield* client
        const ng = yield* fake("ng-cac")
        ng.resetStats()
        const before = Date.now()
        const { result: first } = yield* get("/v1/company/NG/RC%20613")
        const after = Date.now()
        assert.strictEqual(first.status, 200, first.text)
        const body = first.body as Record<string, unknown>
        assert.strictEqual(body["legal_name"], "NIGERIAN BREWERIES PLC")
        assert.strictEqual(body["registration_no"], "RC 613")
        assert.strictEqual(body["status"], "active")
        assert.strictEqual(body["source"], ngCacSource)
        assert.strictEqual(body["confidence"], 1)
        assert.isString(body["source_url"])
        const verifiedAt = Date.parse(String(body["last_verified_at"]))
        assert.isTrue(verifiedAt >= before - 1_000 && verifiedAt <= after + 1_000, `last_verified_at ${body["last_verified_at"]}`)
        const provenance = body["provenance"] as Record<string, Record<string, unknown>>
        assert.strictEqual(provenance["legal_name"]?.["source"], ngCacSource)
        assert.strictEqual(provenance["legal_name"]?.["confidence"], 1)
        assert.isAtLeast(ng.stats().requests, 1)

        const sql = yield* SqlClient.SqlClient
        const rows = yield* sql<{ source: string; source_kind: string; registry_id: string; fetched_ms: number }>`
          SELECT source, source_kind, registry_id,
                 (extract(epoch from last_verified_at) * 1000)::float8 AS fetched_ms
          FROM companies WHERE registry_id = 'ng-cac'`.pipe(Effect.orDie)
        assert.strictEqual(rows.length, 1)
        assert.strictEqual(rows[0]?.source, ngCacSource)
        assert.strictEqual(rows[0]?.source_kind, "live")
        assert.isTrue(Math.abs((rows[0]?.fetched_ms ?? 0) - verifiedAt) < 1_000)

        const calls = ng.stats().requests
        for (const number of ["RC%20613", "rc-613", "RC613"]) {
          const { result: again } = yield* get(`/v1/company/ng/${number}`)
          assert.strictEqual(again.status, 200, `${number}: ${again.text}`)
          assert.strictEqual((again.body as { registration_no: string }).registration_no, "RC 613")
        }
        assert.strictEqual(ng.stats().requests, calls, "served from the store without calling the registry")
      }))

    it.effect("404 company_not_found when the registry says it has no such number", () =>
      Effect.gen(function*() {
        const { get } = yield* client
        const ng = yield* fake("ng-cac")
        ng.resetStats()
        const { result } = yield* get("/v1/company/NG/RC%20999991")
        assert.strictEqual(result.status, 404, result.text)
        assert.isTrue(isErrorBody(result.body, "company_not_found"), result.text)
        assert.isAtLeast(ng.stats().requests, 1, "the registry was asked before answering 404")
      }))

    it.effect("concurrent misses for the same number share one registry call", () =>
      Effect.gen(function*() {
        const { get } = yield* client
        const ng = yield* fake("ng-cac")
        ng.resetStats()
        const replies = yield* Effect.forEach(
          ["RC%201726083", "rc-1726083", "RC1726083", "RC.1726083", "RC%201726083", "Rc-1726083"],
          (number) => get(`/v1/company/NG/${number}`),
          { concurrency: "unbounded" }
        )
        for (const { result } of replies) {
          assert.strictEqual(result.status, 200, result.text)
          assert.strictEqual((result.body as { legal_name: string }).legal_name, "LAGOS HARBOUR LOGISTICS LIMITED")
        }
        assert.strictEqual(ng.stats().requests, 1, "one registry call for six concurrent requests")
      }))

    it.effect("404 without any registry call: no live adapter, registry switched off, or no digit in the number", () =>
      Effect.gen(function*() {
        const { get } = yield* client
        const fakes = [yield* fake("ng-cac"), yield* fake("zm-pacra"), yield* fake("tz-brela")]
        for (const f of fakes) f.resetStats()
        const paths = [
          "/v1/company/GH/CS160152013",
          "/v1/company/ZA/1999%2F012345%2F07",
          "/v1/company/TZ/74784",
          // no digit at all: cannot be a number of a live registry
          "/v1/company/NG/hello",
          "/v1/company/ZM/-"
        ]
        for (const path of paths) {
          const { result } = yield* get(path)
          assert.strictEqual(result.status, 404, `${path}: ${result.text}`)
          assert.isTrue(isErrorBody(result.body, "company_not_found"), result.text)
        }
        assert.deepStrictEqual(fakes.map((f) => f.stats().requests), [0, 0, 0])
      }))

    it.effect("a failing registry gives 503 with Retry-After; the breaker opens, answers at once, and closes after the cool-down", () =>
      Effect.gen(function*() {
        const { get, headers, url } = yield* client
        const zm = yield* fake("zm-pacra")
        const before = yield* reachable(url, headers)
        assert.strictEqual(before.get("zm-pacra"), true)
        assert.strictEqual(before.get("tz-brela"), null, "switched off")
        assert.strictEqual(before.get("gh-orc"), null, "no live adapter")

        zm.setFault("error")
        for (let attempt = 1; attempt <= 3; attempt++) {
          const { ms, result } = yield* get("/v1/company/ZM/120130109834")
          assertUnavailable(result, ms, `failure ${attempt}`)
        }
        const open = yield* reachable(url, headers)
        assert.strictEqual(open.get("zm-pacra"), false)

        // Now the registry hangs: a request that reached it would wait the whole budget.
        zm.setFault("hang")
        zm.resetStats()
        const { ms, result } = yield* get("/v1/company/ZM/120130109834")
        assertUnavailable(result, ms, "breaker open")
        recordTiming("record, open breaker: 503 at once", ms, BUDGET_MS / 2)
        assert.strictEqual(zm.stats().requests, 0, "an open breaker does not call the registry")

        // After the cool-down one trial call goes through; it times out, so the breaker opens again at once.
        yield* Effect.sleep(COOLDOWN_MS + 100)
        const { ms: trialMs, result: trial } = yield* get("/v1/company/ZM/120130109834")
        assertUnavailable(trial, trialMs, "failed trial call")
        const trialCalls = zm.stats().requests
        assert.isAtLeast(trialCalls, 1, "the trial call reached the registry")
        const { ms: reopenedMs, result: reopened } = yield* get("/v1/company/ZM/120130109834")
        assertUnavailable(reopened, reopenedMs, "breaker open again")
        recordTiming("record, open breaker: 503 at once", reopenedMs, BUDGET_MS / 2)
        assert.strictEqual(zm.stats().requests, trialCalls, "open again: no registry call")

        zm.setFault("none")
        zm.resetStats()
        yield* Effect.sleep(COOLDOWN_MS + 100)
        const { result: healed } = yield* get("/v1/company/ZM/120130109834")
        assert.strictEqual(healed.status, 200, healed.text)
        assert.strictEqual((healed.body as { legal_name: string }).legal_name, "KAFUE COPPER HOLDINGS LIMITED")
        assert.strictEqual(zm.stats().requests, 1, "one trial call closes the breaker")
        const closed = yield* reachable(url, headers)
        assert.strictEqual(closed.get("zm-pacra"), true)
        assert.strictEqual(closed.get("ng-cac"), true)
      }))
  })
})
