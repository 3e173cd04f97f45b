import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import type { CanonicalCompany } from "../../src/domain/CanonicalCompany.js"
import { call } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"

type Body = Record<string, unknown>
const promise = <A>(f: () => Promise<A>) => Effect.promise(f)

/** The registry's record (dated, as a registry file is, at midnight) and a later stock listing giving the ticker. */
const registry: CanonicalCompany = {
  country: "KE", registration_no: "PVT-EQB7K2Q9", legal_name: "Equatorial Brewing Company Limited", status: "active",
  incorporation_date: "1998-03-02", source: "Registry of KE (test)", source_url: "https://registry.example/ke/PVT-EQB7K2Q9",
  source_kind: "registry", last_verified_at: "2026-11-20T00:00:00.000Z"
}
const listing: CanonicalCompany = {
  country: "KE", registration_no: "PVT-EQB7K2Q9", legal_name: "Equatorial Brewing Company Limited", listed_ticker: "EQBR",
  source: "Stock listing (test)", source_kind: "secondary", last_verified_at: "2026-11-24T09:30:00.000Z"
}

describe("a check keeps each field's own source", () => {
  layer(makeTestServer(), { timeout: "120 seconds", excludeTestServices: true })((it) => {
    it.effect("GET /v1/checks/{id} gives each field's source, date and confidence exactly as GET /v1/company gives them", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const key = yield* server.newKey()
        yield* Effect.flatMap(CompanyWriter, (w) => Effect.andThen(w.upsertBatch([registry]), w.upsertBatch([listing]))).pipe(Effect.orDie)
        const get = (p: string) => promise(() => call(`${server.url}${p}`, { headers: { "x-api-key": key } })).pipe(Effect.map((r) => r.body as Body))
        const verdict = yield* get("/v1/verify?registration_no=PVT-EQB7K2Q9&country=KE")
        const check = yield* get(`/v1/checks/${String(verdict["check_id"])}`)
        const record = yield* get("/v1/company/KE/PVT-EQB7K2Q9")
        const provenance = check["provenance"] as Record<string, Body>
        assert.deepStrictEqual(provenance, record["provenance"])
        assert.strictEqual(provenance["listed_ticker"]?.["source"], "Stock listing (test)", "the ticker is the listing's, not the registry's")
        assert.strictEqual(provenance["legal_name"]?.["source"] !== undefined, true)
        assert.strictEqual(provenance["incorporation_date"]?.["source"], "Registry of KE (test)")
        assert.strictEqual(provenance["incorporation_date"]?.["source_url"], "https://registry.example/ke/PVT-EQB7K2Q9")
        assert.isUndefined(provenance["tax_id"], "a field without a value has no source")
        // A check of nothing resolved keeps none.
        const none = yield* get("/v1/verify?registration_no=PVT-ZZZZ0000&country=KE")
        assert.isNull((yield* get(`/v1/checks/${String(none["check_id"])}`))["provenance"])
      }), 120_000)
  })
})
