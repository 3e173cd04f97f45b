import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import type { CanonicalCompany } from "../../src/domain/CanonicalCompany.js"
import { bearer, call, isErrorBody } from "../support/http.js"
import { TestServer, TestServerLive } from "../support/server.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
const checked = new Date(Date.now() - 3 * 86_400_000).toISOString()

const cipc: CanonicalCompany = {
  country: "ZA",
  registration_no: "1950/038232/06",
  legal_name: "Example Mining Holdings Limited",
  status: "active",
  entity_type: "public_company",
  entity_type_label: "Public Company",
  incorporation_date: "1950-06-01",
  registered_address: "1 Example Street, Johannesburg",
  tax_id: null,
  source: "Companies and Intellectual Property Commission (ZA-CIP)",
  source_url: "https://eservices.cipc.co.za/",
  source_kind: "registry",
  last_verified_at: checked,
  officers: [
    { name: "Thandiwe Example", role: "director", appointed_on: "2015-03-01", resigned_on: null, nationality: "ZA" },
    { name: "Pieter Former", role: "secretary", appointed_on: "2001-01-01", resigned_on: "2010-12-31", nationality: null }
  ]
}
const cac: CanonicalCompany = {
  country: "NG",
  registration_no: "RC 208767",
  legal_name: "Sample Foods Nigeria Limited",
  status: "dissolved",
  source: "Corporate Affairs Commission (NG-CAC)",
  source_kind: "registry",
  last_verified_at: checked
}

describe("GET /v1/company/{country}/{registration_no}", () => {
  layer(TestServerLive, { timeout: "90 seconds", excludeTestServices: true })((it) => {
    const seeded = Effect.gen(function*() {
      const server = yield* TestServer
      const writer = yield* CompanyWriter
      yield* writer.upsertBatch([cipc, cac]).pipe(Effect.orDie)
      return { url: server.url, headers: bearer(yield* server.newKey({ plan: "unlimited" })) }
    })

    it.effect("returns the full record with officers, provenance and confidence", () =>
      Effect.gen(function*() {
        const { url, headers } = yield* seeded
        const reply = yield* promise(() => call(`${url}/v1/company/ZA/1950%2F038232%2F06`, { headers }))
        assert.strictEqual(reply.status, 200, reply.text)
        const body = reply.body as Record<string, unknown>
        assert.strictEqual(body["legal_name"], cipc.legal_name)
        assert.strictEqual(body["country"], "ZA")
        assert.strictEqual(body["status"], "active")
        assert.strictEqual(body["incorporation_date"], "1950-06-01")
        assert.strictEqual(body["tax_id"], null)
        assert.strictEqual(body["listed_ticker"], null)
        assert.strictEqual(body["confidence"], 0.9)
        assert.isString(body["registry_url"])
        const officers = body["officers"] as ReadonlyArray<Record<string, unknown>>
        assert.deepStrictEqual(officers.map((o) => o["name"]), ["Thandiwe Example", "Pieter Former"])
        assert.strictEqual(officers[1]?.["resigned_on"], "2010-12-31")
        const provenance = body["provenance"] as Record<string, Record<string, unknown>>
        assert.strictEqual(provenance["legal_name"]?.["source"], cipc.source)
        assert.strictEqual(provenance["legal_name"]?.["confidence"], 0.9)
        assert.isUndefined(provenance["tax_id"], "no provenance for a value no source gave")
      }))

    it.effect("finds the same company for every separator style", () =>
      Effect.gen(function*() {
        const { url, headers } = yield* seeded
        for (const number of ["1950%2F038232%2F06", "1950-038232-06", "1950.038232.06", "1950%20038232%2006", "195003823206"]) {
          const reply = yield* promise(() => call(`${url}/v1/company/za/${number}`, { headers }))
          assert.strictEqual(reply.status, 200, number)
          assert.strictEqual((reply.body as { registration_no: string }).registration_no, "1950/038232/06")
        }
        for (const number of ["RC208767", "rc-208767", "RC.208767", "RC%20208767"]) {
          const reply = yield* promise(() => call(`${url}/v1/company/NG/${number}`, { headers }))
          assert.strictEqual(reply.status, 200, number)
          assert.deepStrictEqual((reply.body as { officers: unknown }).officers, [])
        }
      }))

    it.effect("404 company_not_found for an unknown number, and for a number of another class", () =>
      Effect.gen(function*() {
        const { url, headers } = yield* seeded
        for (const path of ["/v1/company/NG/RC208768", "/v1/company/NG/BN208767", "/v1/company/ZA/208767"]) {
          const reply = yield* promise(() => call(url + path, { headers }))
          assert.strictEqual(reply.status, 404, path)
          assert.isTrue(isErrorBody(reply.body, "company_not_found"), reply.text)
        }
      }))

    it.effect("GET /v1/registries: the 18 registries with the records held and the newest check", () =>
      Effect.gen(function*() {
        const { url, headers } = yield* seeded
        const reply = yield* promise(() => call(`${url}/v1/registries`, { headers }))
        assert.strictEqual(reply.status, 200, reply.text)
        const registries = (reply.body as { registries: ReadonlyArray<Record<string, unknown>> }).registries
        assert.strictEqual(registries.length, 18)
        const byId = new Map(registries.map((r) => [r["id"], r]))
        assert.strictEqual(byId.get("za-cipc")?.["record_count"], 1)
        assert.strictEqual(byId.get("ng-cac")?.["record_count"], 1)
        assert.strictEqual(byId.get("ke-brs")?.["record_count"], 0)
        assert.strictEqual(byId.get("ke-brs")?.["last_verified_at"], null)
        assert.strictEqual(byId.get("za-cipc")?.["last_verified_at"], checked)
        assert.strictEqual(byId.get("ng-cac")?.["live"], true)
        assert.strictEqual(byId.get("ng-cac")?.["reachable"], null, "live registries are off in this server")
      }))
  })
})
