import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import type { RegistryRecord } from "../../src/domain/CanonicalCompany.js"
import { bearer, call } from "../support/http.js"
import { TestServer } from "../support/server.js"
import { fake, liveTimings, serverWithFakes, timedCall } from "./support.js"

/**
 * Record-endpoint latencies against fake registries, for BENCHMARKS.md ("Live registries"). Skipped unless
 * KYB_LIVE_MEASURE=1: `KYB_LIVE_MEASURE=1 npx vitest run test/live/measure.test.ts`.
 */
const measuring = process.env["KYB_LIVE_MEASURE"] === "1"

const COUNT = 100
const records: ReadonlyArray<RegistryRecord> = Array.from({ length: COUNT + 40 }, (_, i) => ({
  country: "NG",
  registration_no: `RC ${3_000_001 + i}`,
  legal_name: `MEASURE TRADING ${i + 1} LIMITED`,
  status: "active",
  entity_type_label: "COMPANY",
  incorporation_date: "2010-01-01",
  source: "KYB Africa test fixture (not a registry extract)",
  source_kind: "synthetic",
  last_verified_at: "2026-11-01T00:00:00Z"
}))

const summary = (label: string, samples: ReadonlyArray<number>) => {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  return `| ${label} | ${sorted.length} | ${at(0.5).toFixed(1)} | ${at(0.95).toFixed(1)} | ${(sorted.at(-1) ?? 0).toFixed(1)} |`
}

describe.skipIf(!measuring)("record endpoint latency against fake registries", () => {
  layer(serverWithFakes({
    live: ["ng-cac", "zm-pacra"],
    records: { "ng-cac": records },
    // the breaker stays open for the whole measurement (no half-open trial call among the samples)
    config: { KYB_REGISTRY_BREAKER_COOLDOWN_MS: "60000" }
  }), {
    timeout: "300 seconds",
    excludeTestServices: true
  })((it) => {
    it.effect("measures", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const headers = bearer(yield* server.newKey({ plan: "unlimited" }))
        const get = (path: string) => Effect.promise(() => timedCall(() => call(`${server.url}${path}`, { headers })))
        const ng = yield* fake("ng-cac")
        const zm = yield* fake("zm-pacra")
        const rows: Array<string> = []
        const run = (label: string, paths: ReadonlyArray<string>, status: number) =>
          Effect.gen(function*() {
            const samples: Array<number> = []
            for (const path of paths) {
              const { ms, result } = yield* get(path)
              assert.strictEqual(result.status, status, `${label} ${path}: ${result.text}`)
              samples.push(ms)
            }
            rows.push(summary(label, samples))
          })
        const number = (i: number) => `/v1/company/NG/RC%20${3_000_001 + i}`
        yield* get("/v1/company/NG/RC%20999") // warm-up (connections, prepared statements)

        ng.resetStats()
        yield* run("store miss -> live fetch -> stored -> 200", Array.from({ length: COUNT }, (_, i) => number(i)), 200)
        const liveCalls = ng.stats().requests
        yield* run("same numbers again, from the store (200)", Array.from({ length: COUNT }, (_, i) => number(i)), 200)
        assert.strictEqual(ng.stats().requests, liveCalls)
        yield* run("registry says no -> 404", Array.from({ length: 50 }, (_, i) => `/v1/company/NG/RC%20${9_000_001 + i}`), 404)

        zm.setFault("hang")
        yield* run("registry hangs (breaker closed) -> 503", ["120210023366", "120210023366", "120210023366"].map((n) => `/v1/company/ZM/${n}`), 503)
        yield* run("breaker open -> 503 at once", Array.from({ length: 20 }, () => "/v1/company/ZM/120210023366"), 503)

        const hitsStarted = performance.now()
        const hits = yield* Effect.forEach(
          Array.from({ length: 40 }, (_, i) => number(i)),
          (path) => get(path),
          { concurrency: "unbounded" }
        )
        const hitsWall = performance.now() - hitsStarted
        assert.isTrue(hits.every(({ result }) => result.status === 200))
        rows.push(summary(`40 concurrent store hits (baseline): wall ${hitsWall.toFixed(0)} ms`, hits.map((h) => h.ms)))

        const started = performance.now()
        const burst = yield* Effect.forEach(
          Array.from({ length: 40 }, (_, i) => number(COUNT + i)),
          (path) => get(path),
          { concurrency: "unbounded" }
        )
        const wall = performance.now() - started
        const ok = burst.filter(({ result }) => result.status === 200).length
        const unavailable = burst.filter(({ result }) => result.status === 503).length
        rows.push(summary(`40 concurrent distinct misses (cap ${liveTimings["KYB_REGISTRY_MAX_CONCURRENCY"]}/registry): ${ok}x200 ${unavailable}x503, wall ${wall.toFixed(0)} ms`, burst.map((b) => b.ms)))
        assert.strictEqual(ok + unavailable, 40)
        assert.isAtMost(ng.stats().maxInFlight, Number(liveTimings["KYB_REGISTRY_MAX_CONCURRENCY"]))

        process.stdout.write(`${["| case | n | p50 ms | p95 ms | max ms |", "|---|---:|---:|---:|---:|", ...rows].join("\n")}\n`)
        process.stdout.write(`live calls for ${COUNT} misses: ${liveCalls}; max in flight at the NG fake: ${ng.stats().maxInFlight}\n`)
      }))
  })
})
