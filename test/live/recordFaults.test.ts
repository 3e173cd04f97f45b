import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { type Fault, type FakeRegistryId, fakeRegistryIds } from "../../scripts/fake-registry/index.js"
import { bearer, call, isErrorBody } from "../support/http.js"
import { TestServer } from "../support/server.js"
import { BUDGET_MS, fake, MARGIN_MS, serverWithFakes, timedCall } from "./support.js"
import { recordTiming } from "../support/timings.js"

/** Per live registry: a number its fixture holds (path-encoded) and one it does not. */
const numbers: Record<FakeRegistryId, { readonly country: string; readonly held: string; readonly absent: string }> = {
  "ng-cac": { country: "NG", held: "RC%20208767", absent: "RC%20999991" },
  "tz-brela": { country: "TZ", held: "74784", absent: "999991" },
  "zm-pacra": { country: "ZM", held: "120210023366", absent: "120999999991" },
  "mu-cbrd": { country: "MU", held: "C137459", absent: "C999991" },
  "tn-rne": { country: "TN", held: "0478007G", absent: "9999999Z" },
  "bw-cipa": { country: "BW", held: "BW00001234501", absent: "BW00009999991" },
  "mg-rcs": { country: "MG", held: "2011%20B%2000123", absent: "2011%20B%2099999" },
  "ke-brs": { country: "KE", held: "PVT-AB12CD34", absent: "PVT-ZZ99ZZ99" }
}

/** Every way a registry can fail; each must give 503 + Retry-After within the budget, never 404, never a 500. */
const failures: ReadonlyArray<Exclude<Fault, "none">> = ["error", "hang", "garbage", "slow", "forbidden", "drift"]

describe("GET /v1/company on a store miss: every registry fault mode gives 503, never 404", () => {
  layer(serverWithFakes({ live: fakeRegistryIds }), { timeout: "90 seconds", excludeTestServices: true })((it) => {
    it.effect("per registry and fault: 503 service_unavailable with Retry-After within the budget", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const headers = bearer(yield* server.newKey({ plan: "unlimited" }))
        const get = (path: string) => Effect.promise(() => timedCall(() => call(`${server.url}${path}`, { headers })))
        const reachable = (registry: FakeRegistryId) =>
          Effect.promise(() => call(`${server.url}/v1/registries`, { headers })).pipe(
            Effect.map((reply) =>
              (reply.body as { registries: ReadonlyArray<{ id: string; reachable: boolean | null }> }).registries
                .find((r) => r.id === registry)?.reachable
            )
          )
        const table: Array<string> = []
        for (const registry of fakeRegistryIds) {
          const registryFake = yield* fake(registry)
          const { absent, country, held } = numbers[registry]
          for (const failure of failures) {
            const row = `${registry} ${failure}`
            registryFake.setFault(failure)
            const calls = registryFake.stats().requests
            const { ms, result } = yield* get(`/v1/company/${country}/${held}`)
            table.push(`${row}: ${result.status} in ${Math.round(ms)} ms`)
            assert.strictEqual(result.status, 503, `${row}: ${result.text}`)
            assert.isTrue(isErrorBody(result.body, "service_unavailable"), `${row}: ${result.text}`)
            assert.isAtLeast(Number(result.headers.get("retry-after")), 1, `${row}: Retry-After`)
            recordTiming("record, each registry fault: 503 within the budget", ms, BUDGET_MS + MARGIN_MS)
            assert.isAbove(registryFake.stats().requests, calls, `${row}: the registry itself was asked (breaker closed)`)
            assert.strictEqual(yield* reachable(registry), false, `${row}: /v1/registries reachable after the failure`)

            // A healthy answer ("no such number") between faults keeps the breaker closed for the next row.
            registryFake.setFault("none")
            const { result: no } = yield* get(`/v1/company/${country}/${absent}`)
            assert.strictEqual(no.status, 404, `${row}, then healthy, absent number: ${no.text}`)
            assert.strictEqual(yield* reachable(registry), true, `${row}, then healthy: reachable again`)
          }
          const { result: found } = yield* get(`/v1/company/${country}/${held}`)
          assert.strictEqual(found.status, 200, `${registry} healthy again: ${found.text}`)
        }
        // KYB_LIVE_TABLE=1 prints the measured table (BENCHMARKS.md, "Live registries").
        if (process.env["KYB_LIVE_TABLE"] === "1") process.stdout.write(`${table.join("\n")}\n`)
      }))
  })
})
