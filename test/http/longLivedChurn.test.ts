import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import { bearer, call } from "../support/http.js"
import { syntheticZaCompany } from "../support/requestStatements.js"
import { makeTestServer, TestServer } from "../support/server.js"

/**
 * No Set or Map of ours that outlives a request is deleted from per request (docs/development.md, "No Set or Map that
 * lives long is churned per request"): V8 keeps each table such a collection replaces linked to its successor with the
 * entries it held, so once one table is old every request put in it survives the young generation until a full
 * collection (issue 56: the server's Set of the responses in flight promoted 2.7 KB per record request).
 * While the requests run, every `delete` and `clear` of a Map or Set is counted per collection, with the frame that
 * called it; one called from src/ as often as half the requests is such a collection.
 */
interface Churn {
  count: number
  readonly caller: string
}

const REQUESTS = 240
const AT_ONCE = 4

const countChurn = () => {
  const churn = new Map<object, Churn>()
  const originals = [
    [Map.prototype, "delete", Map.prototype.delete],
    [Map.prototype, "clear", Map.prototype.clear],
    [Set.prototype, "delete", Set.prototype.delete],
    [Set.prototype, "clear", Set.prototype.clear]
  ] as const
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 4
  for (const [proto, method, original] of originals) {
    const counted = function(this: object, ...args: Array<unknown>) {
      // The counter's own Map is not counted (its `get` and `set` delete nothing).
      const seen = churn.get(this)
      if (seen !== undefined) seen.count++
      else churn.set(this, { count: 1, caller: (new Error().stack ?? "").split("\n")[2]?.trim() ?? "" })
      return (original as (...a: Array<unknown>) => unknown).apply(this, args)
    }
    Object.defineProperty(proto, method, { value: counted, configurable: true, writable: true })
  }
  const stop = () => {
    for (const [proto, method, original] of originals) Object.defineProperty(proto, method, { value: original, configurable: true, writable: true })
    Error.stackTraceLimit = limit
  }
  return { churn, stop }
}

const mcpHeaders = { "content-type": "application/json", accept: "application/json, text/event-stream" }
const mcpCall = (id: number) =>
  JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "get_company", arguments: { country: "ZA", registration_no: "2001/000042/07" } } })

const company = syntheticZaCompany("2001/000042/07", "Churn Test Trading Limited (synthetic)")

describe("collections that outlive a request", () => {
  layer(makeTestServer(), { timeout: "240 seconds", excludeTestServices: true })((it) => {
    it.effect("none of ours is deleted from per request (the record, a refusal, a 404, the health check, an MCP tool call)", () =>
      Effect.gen(function*() {
        const { url, newKey } = yield* TestServer
        yield* (yield* CompanyWriter).upsertBatch([company]).pipe(Effect.orDie)
        const headers = bearer(yield* newKey({ plan: "unlimited" }))
        const paths = ["/v1/company/ZA/2001%2F000042%2F07", "/v1/company/ZA/2001%2F000042%2F07", "/v1/no-such-route", "/health"]
        // The test's own per-request Set: the counter must see it (and must not call it the server's).
        const sent = new Set<number>()
        const send = async (i: number) => {
          sent.add(i)
          const reply = i % 5 === 4
            ? await call(`${url}/mcp`, { method: "POST", headers: { ...headers, ...mcpHeaders }, body: mcpCall(i) })
            : await call(`${url}${paths[i % paths.length]}`, { headers: i % 8 === 1 ? {} : headers })
          sent.delete(i)
          return reply
        }
        // Once first: what the server makes once (plans, caches) is not per request.
        for (let i = 0; i < 10; i++) yield* Effect.promise(() => send(i))
        const { churn, stop } = countChurn()
        const statuses = yield* Effect.promise(async () => {
          const seen: Array<number> = []
          try {
            for (let i = 0; i < REQUESTS; i += AT_ONCE) {
              const replies = await Promise.all(Array.from({ length: AT_ONCE }, (_, j) => send(i + j)))
              seen.push(...replies.map((r) => r.status))
            }
          } finally {
            stop()
          }
          return seen
        })
        // Every kind answered as it should: the MCP calls (every fifth) and the record with its key 200, without it 401.
        assert.deepStrictEqual(statuses.filter((_, i) => i % 5 === 4 || i % 4 === 0).filter((status) => status !== 200), [])
        assert.includeMembers(statuses, [401, 404])
        const ours = [...churn.values()].filter((c) => c.count >= REQUESTS / 2 && /\/src\//.test(c.caller) && !/node_modules/.test(c.caller))
        assert.deepStrictEqual(ours, [], "a Map or Set of ours deleted from per request")
        assert.strictEqual(churn.get(sent)?.count, REQUESTS, "the counter missed the test's own Set")
        assert.match(churn.get(sent)?.caller ?? "", /longLivedChurn\.test\.ts/)
      }))
  })
})
