import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as path from "node:path"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import type { RegistryRecord } from "../../src/domain/CanonicalCompany.js"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { fixturesDir } from "../sanctions/paths.js"
import { bearer, call } from "../support/http.js"
import { listsIndexed } from "../support/listsIndexed.js"
import { hasSample, sampleValue, samplesOf } from "../support/promText.js"
import { makeTestServer, TestServer } from "../support/server.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
const TOKEN = "metrics-token-for-tests-0123456789"
const DAY = 86_400

/** Synthetic test companies (not real registry records). */
const clean: RegistryRecord = {
  country: "ZA", registration_no: "2011/000045/07", legal_name: "Synthetic Metrics Clean Trading (Pty) Ltd", status: "active",
  source: "Synthetic test record", source_kind: "registry", last_verified_at: new Date().toISOString()
}
const listed: RegistryRecord = {
  country: "ZA", registration_no: "2011/000046/07", legal_name: "Al-Shamal Islamic Bank", status: "active",
  source: "Synthetic test record", source_kind: "registry", last_verified_at: new Date().toISOString()
}

const publishedDaysAgo = 12
const publishedOn = new Date(Date.now() - publishedDaysAgo * DAY * 1000).toISOString().slice(0, 10)

describe("/metrics on the API port (KYB_METRICS_TOKEN)", () => {
  layer(makeTestServer({ KYB_METRICS_TOKEN: TOKEN, SANCTIONS_POLL_INTERVAL: "200 millis" }), { timeout: "120 seconds", excludeTestServices: true })((it) => {
    const scrape = (url: string) =>
      promise(() => call(`${url}/metrics`, { headers: bearer(TOKEN) })).pipe(
        Effect.tap((reply) => Effect.sync(() => assert.strictEqual(reply.status, 200, reply.text))),
        Effect.map((reply) => reply.text)
      )

    it.effect("refuses without the token, and with a wrong one", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const none = yield* promise(() => call(`${server.url}/metrics`))
        assert.strictEqual(none.status, 401)
        assert.match(String(none.headers.get("www-authenticate")), /^Bearer/)
        const wrong = yield* promise(() => call(`${server.url}/metrics`, { headers: bearer(`${TOKEN}x`) }))
        assert.strictEqual(wrong.status, 401)
        assert.notMatch(wrong.text, /kyb_/)
      }))

    it.effect("a request refused for the quota is counted once", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const headers = bearer(yield* server.newKey({ quota: 1 }))
        const before = yield* scrape(server.url)
        const ask = promise(() => call(`${server.url}/v1/verify?country=ZA&registration_no=2011/000099/07`, { headers }))
        assert.strictEqual((yield* ask).status, 200)
        assert.strictEqual((yield* ask).status, 429)
        const after = yield* scrape(server.url)
        assert.strictEqual(sampleValue(after, "kyb_quota_refusals_total") - sampleValue(before, "kyb_quota_refusals_total"), 1)
        assert.strictEqual(
          sampleValue(after, "kyb_http_requests_total", { route: "/v1/verify", status_class: "4xx" }) -
            sampleValue(before, "kyb_http_requests_total", { route: "/v1/verify", status_class: "4xx" }),
          1
        )
      }))

    it.effect("after verifications, the requests, verdicts, hits, lists, pool and process series say what happened", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const writer = yield* CompanyWriter
        yield* writer.upsertBatch([clean, listed]).pipe(Effect.orDie)
        yield* ingestSanctions([path.join(fixturesDir, "ofac-sdn")], { publishedOn }).pipe(Effect.orDie)
        const headers = bearer(yield* server.newKey({ plan: "unlimited" }))
        const verify = (no: string) =>
          promise(() => call(`${server.url}/v1/verify?${new URLSearchParams({ country: "ZA", registration_no: no })}`, { headers }))
        // Until the index holds the list (polled every 200 ms), the verdict says the lists are unavailable.
        yield* listsIndexed(server.url, [{ list: "ofac_sdn", version: publishedOn }])
        const before = yield* scrape(server.url)
        const first = yield* verify(clean.registration_no)
        const second = yield* verify(listed.registration_no)
        assert.strictEqual(first.status, 200, first.text)
        assert.strictEqual(second.status, 200, second.text)
        const missing = yield* promise(() => call(`${server.url}/v1/checks/chk_doesnotexist`, { headers }))
        const after = yield* scrape(server.url)
        const delta = (name: string, labels: Record<string, string>) => sampleValue(after, name, labels) - sampleValue(before, name, labels)

        const route = { route: "/v1/verify", method: "GET", status_class: "2xx" }
        assert.strictEqual(delta("kyb_http_requests_total", route), 2)
        assert.strictEqual(delta("kyb_http_request_duration_seconds_count", { route: "/v1/verify", method: "GET" }), 2)
        assert.isAbove(delta("kyb_http_request_duration_seconds_sum", { route: "/v1/verify", method: "GET" }), 0)
        assert.strictEqual(delta("kyb_http_requests_total", { route: "/v1/checks/:id", status_class: `${Math.floor(missing.status / 100)}xx` }), 1)

        const firstBody = first.body as { result: string; review_reason: string | null }
        const secondBody = second.body as { result: string; review_reason: string | null; sanctions: { hits: ReadonlyArray<{ list: string }> } }
        assert.strictEqual(delta("kyb_verdicts_total", { result: firstBody.result, review_reason: firstBody.review_reason ?? "none" }), 1)
        assert.strictEqual(delta("kyb_verdicts_total", {}), 2)
        assert.isAbove(secondBody.sanctions.hits.length, 0, second.text)
        assert.strictEqual(delta("kyb_screening_hits_total", { list: "ofac_sdn" }), secondBody.sanctions.hits.length)

        assert.strictEqual(sampleValue(after, "kyb_list_active_version", { list: "ofac_sdn" }), 1)
        const age = sampleValue(after, "kyb_list_age_seconds", { list: "ofac_sdn" })
        assert.isAtLeast(age, publishedDaysAgo * DAY - DAY)
        assert.isAtMost(age, publishedDaysAgo * DAY + DAY)
        assert.isAbove(sampleValue(after, "kyb_list_entries", { list: "ofac_sdn" }), 0)
        // the age verdicts give: once the official source confirms the version current today, both say under a day
        yield* Effect.flatMap(SqlClient.SqlClient, (sql) =>
          sql`UPDATE sanctions_versions SET confirmed_on = (now() AT TIME ZONE 'UTC')::date WHERE active AND list = 'ofac_sdn'`).pipe(Effect.orDie)
        const confirmed = sampleValue(yield* scrape(server.url), "kyb_list_age_seconds", { list: "ofac_sdn" })
        assert.isBelow(confirmed, DAY, "confirmed today: under a day old, as the verdict's lists[] age says")

        assert.isTrue(hasSample(after, "kyb_db_pool_connections", { pool: "primary", state: "in_use" }), after)
        assert.isAbove(sampleValue(after, "kyb_db_pool_max", { pool: "primary" }), 0)
        assert.isTrue(hasSample(after, "kyb_db_pool_waiting", { pool: "primary" }))
        assert.strictEqual(sampleValue(after, "kyb_batch_rows", { state: "queued" }), 0)
        assert.strictEqual(sampleValue(after, "kyb_webhook_pending"), 0)
        assert.strictEqual(sampleValue(after, "kyb_monitors"), 0)
        assert.isAbove(sampleValue(after, "kyb_process_heap_used_bytes"), 1_000_000)
        assert.isAbove(sampleValue(after, "kyb_process_resident_memory_bytes"), 10_000_000)
        assert.isTrue(hasSample(after, "kyb_event_loop_delay_seconds", { stat: "p99" }))
        assert.strictEqual(sampleValue(after, "kyb_metrics_scrape_errors_total"), 0)

        // Bounded labels: no registration number, key, company name or raw path in any label.
        const values = samplesOf(after).flatMap((s) => Object.values(s.labels))
        for (const raw of [clean.registration_no, listed.legal_name, "chk_doesnotexist", TOKEN]) {
          assert.isFalse(values.some((v) => v.includes(raw)), `label carries ${raw}`)
        }
      }))
  })
})
