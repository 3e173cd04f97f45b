import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { bearer, call } from "../support/http.js"
import { TestServer } from "../support/server.js"
import { BUDGET_MS, fake, MARGIN_MS, serverWithFakes, timedCall } from "./support.js"
import { recordTiming } from "../support/timings.js"

interface SearchBody {
  readonly source: string
  readonly count: number
  readonly checked_registries: ReadonlyArray<string>
  readonly unreachable_registries: ReadonlyArray<string>
  readonly results: ReadonlyArray<{
    readonly legal_name: string
    readonly match_type: string
    readonly match_score: number
    readonly source: string
    readonly confidence: number | null
  }>
}

describe("GET /v1/search on a store miss: the live registries of the scope", () => {
  layer(serverWithFakes({ live: ["ng-cac", "zm-pacra"] }), { timeout: "120 seconds", excludeTestServices: true })((it) => {
    it.effect("first query: source live with the registry's records; second: from the store, no registry call", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const cac = yield* fake("ng-cac")
        const headers = bearer(yield* server.newKey({ plan: "unlimited" }))
        cac.resetStats()
        const first = yield* Effect.promise(() => call(`${server.url}/v1/search?q=dangote&country=NG`, { headers }))
        assert.strictEqual(first.status, 200, first.text)
        const live = first.body as SearchBody
        assert.strictEqual(live.source, "live")
        assert.deepStrictEqual(live.checked_registries, ["ng-cac"])
        assert.deepStrictEqual(live.unreachable_registries, [])
        assert.isAbove(live.results.length, 0)
        assert.isTrue(live.results.every((r) => r.match_type === "live" && r.match_score > 0 && r.match_score <= 1))
        assert.match(live.results[0]!.legal_name, /DANGOTE/)
        assert.strictEqual(live.results[0]!.confidence, 1)
        const calls = cac.stats().requests
        assert.isAbove(calls, 0)

        const second = yield* Effect.promise(() => call(`${server.url}/v1/search?q=dangote&country=NG`, { headers }))
        const stored = second.body as SearchBody
        assert.strictEqual(stored.source, "db")
        assert.isAbove(stored.count, 0)
        assert.notStrictEqual(stored.results[0]!.match_type, "live")
        assert.strictEqual(cac.stats().requests, calls, "the second query did not call the registry")
      }))

    it.effect("concurrent misses for the same name, from search and from verify, share one registry call", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const cac = yield* fake("ng-cac")
        const headers = bearer(yield* server.newKey({ plan: "unlimited" }))
        cac.resetStats()
        const replies = yield* Effect.forEach(
          [
            "/v1/search?q=lagos%20harbour%20logistics&country=NG",
            "/v1/search?q=Lagos+Harbour+Logistics&country=ng",
            "/v1/verify?name=Lagos%20Harbour%20Logistics&country=NG",
            "/v1/search?q=LAGOS%20HARBOUR%20LOGISTICS&country=NG"
          ],
          (path) => Effect.promise(() => call(`${server.url}${path}`, { headers })),
          { concurrency: "unbounded" }
        )
        for (const reply of replies) assert.strictEqual(reply.status, 200, reply.text)
        assert.strictEqual(cac.stats().requests, 1, "one registry call for four concurrent misses")
        assert.strictEqual((replies[2]!.body as { company: { legal_name: string } | null }).company?.legal_name, "LAGOS HARBOUR LOGISTICS LIMITED")
      }))

    it.effect("a failing registry is named unreachable, the answer comes within the budget and is never a 5xx", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const pacra = yield* fake("zm-pacra")
        const headers = bearer(yield* server.newKey({ plan: "unlimited" }))
        pacra.setFault("hang")
        const { result, ms } = yield* Effect.promise(() =>
          timedCall(() => call(`${server.url}/v1/search?q=zambezi%20copper%20works&country=ZM`, { headers }))
        )
        pacra.setFault("none")
        assert.strictEqual(result.status, 200, result.text)
        const body = result.body as SearchBody
        assert.deepStrictEqual(body.unreachable_registries, ["zm-pacra"])
        assert.strictEqual(body.count, 0)
        recordTiming("search with an unreachable registry: answered within the budget", ms, BUDGET_MS + MARGIN_MS)
      }))
  })
})
