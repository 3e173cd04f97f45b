import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as path from "node:path"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { listsDir } from "../sanctions/paths.js"
import { bearer, call, isErrorBody } from "../support/http.js"
import { listsIndexed } from "../support/listsIndexed.js"
import { makeTestServer, TestServer } from "../support/server.js"

type Body = Record<string, unknown>
const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
const sanctionsOf = (verdict: Body) => verdict["sanctions"] as { screened: boolean; result: string; hits: ReadonlyArray<Body> }
const namesOf = (verdict: Body) => verdict["names_screened"] as ReadonlyArray<{ name: string; from: string; screened_as: ReadonlyArray<string> }>

/** A clean business (no officer on any list), and a registered business name that is a listed person's (synthetic records). */
const kivu = {
  country: "UG", registration_no: "80020002809077", legal_name: "Kivu Lake Ferries Limited", status: "active" as const,
  source: "Registry of UG (test, synthetic)", source_kind: "registry" as const, last_verified_at: "2026-11-20T00:00:00.000Z",
  officers: [{ name: "Wanjiru Otieno Kamau", role: "Director" }]
}
const soleTrader = {
  country: "UG", registration_no: "80020002809078", legal_name: "Eric Badege Enterprises", status: "active" as const,
  entity_type: "business_name", entity_type_label: "Business Name",
  source: "Registry of UG (test, synthetic)", source_kind: "registry" as const, last_verified_at: "2026-11-20T00:00:00.000Z"
}

describe("/v1/verify screens people: a name that reads as a person's, a sole trader, the people the customer declared", () => {
  layer(makeTestServer({ SANCTIONS_POLL_INTERVAL: "200 millis" }), { timeout: "180 seconds", excludeTestServices: true })((it) => {
    const client = Effect.gen(function*() {
      const server = yield* TestServer
      const headers = { ...bearer(yield* server.newKey({ plan: "unlimited" })), "content-type": "application/json" }
      return {
        verify: (body: unknown) => promise(() => call(`${server.url}/v1/verify`, { method: "POST", headers, body: JSON.stringify(body) })),
        get: (p: string) => promise(() => call(`${server.url}${p}`, { headers })).pipe(Effect.map((r) => r.body as Body))
      }
    })

    const loaded = Effect.gen(function*() {
      yield* Effect.flatMap(CompanyWriter, (w) => w.upsertBatch([kivu, soleTrader])).pipe(Effect.orDie)
      yield* ingestSanctions([path.join(listsDir, "ofac-sdn")], { publishedOn: "2026-11-20" }).pipe(Effect.orDie)
      yield* listsIndexed((yield* TestServer).url, [{ list: "ofac_sdn", version: "2026-11-20" }])
    })

    it.effect("a listed person from the OFAC file entered as the business name is no longer clear", () =>
      Effect.gen(function*() {
        yield* loaded
        const { verify } = yield* client
        const reply = yield* verify({ name: "Ali Mohamed Rage" })
        assert.strictEqual(reply.status, 200, reply.text)
        const verdict = reply.body as Body
        assert.strictEqual(sanctionsOf(verdict).result, "match")
        assert.strictEqual(verdict["result"], "review")
        const hit = sanctionsOf(verdict).hits.find((h) => h["entry_id"] === "32796")!
        assert.deepInclude(hit, { list: "ofac_sdn", entity_type: "individual", screened_from: "input" })
        assert.deepInclude(namesOf(verdict), { name: "Ali Mohamed Rage", from: "input", screened_as: ["individual", "entity", "vessel"] })
        // A company's name is screened against organisations and vessels only.
        const company = (yield* verify({ registration_no: "80020002809077", country: "UG" })).body as Body
        assert.deepInclude(namesOf(company), { name: "Kivu Lake Ferries Limited", from: "legal_name", screened_as: ["entity", "vessel"] })
        assert.deepInclude(namesOf(company), { name: "Wanjiru Otieno Kamau", from: "officer", screened_as: ["individual"] })
      }), 180_000)

    it.effect("a registered business name is screened against persons too", () =>
      Effect.gen(function*() {
        yield* loaded
        const { verify } = yield* client
        const verdict = (yield* verify({ registration_no: "80020002809078", country: "UG" })).body as Body
        assert.deepInclude(namesOf(verdict), { name: "Eric Badege Enterprises", from: "legal_name", screened_as: ["individual", "entity", "vessel"] })
        const hit = sanctionsOf(verdict).hits.find((h) => h["entry_id"] === "15718")
        assert.isDefined(hit, JSON.stringify(sanctionsOf(verdict)))
        assert.notStrictEqual(sanctionsOf(verdict).result, "clear")
      }), 180_000)

    it.effect("the people the customer declared are screened as persons and reported as declared; kept with the check", () =>
      Effect.gen(function*() {
        yield* loaded
        const { verify, get } = yield* client
        const people = [
          { name: "Eric Badege", role: "director" },
          { name: "Ali Rage", role: "owner", share: 25, date_of_birth: "1966", nationality: "SO" },
          { name: "Amina Njeri Wambui", role: "owner", share: 75 }
        ]
        const reply = yield* verify({ registration_no: "80020002809077", country: "UG", people })
        assert.strictEqual(reply.status, 200, reply.text)
        const verdict = reply.body as Body
        const screened = verdict["people_screened"] as ReadonlyArray<Body>
        assert.deepInclude(screened, { name: "Wanjiru Otieno Kamau", role: "officer", position: "Director", source: "record", result: "clear" })
        assert.deepInclude(screened, { name: "Eric Badege", role: "officer", position: "director", source: "declared_by_customer", result: "match" })
        assert.deepInclude(screened, { name: "Amina Njeri Wambui", role: "owner", position: "owner", source: "declared_by_customer", share: 75, result: "clear" })
        // "Ali Rage" alone is a potential match; born in 1966 and Somali as declared, a match, said in the explanation.
        assert.deepInclude(screened, { name: "Ali Rage", role: "owner", position: "owner", source: "declared_by_customer", share: 25, result: "match" }, JSON.stringify(sanctionsOf(verdict).hits.filter((h) => h["entry_id"] === "32796")))
        const rage = sanctionsOf(verdict).hits.find((h) => h["entry_id"] === "32796")!
        assert.strictEqual(rage["screened_from"], "declared_owner")
        assert.includeMembers((rage["explanation"] as { factors: ReadonlyArray<Body> }).factors.map((f) => f["factor"]), ["year_of_birth_agrees", "nationality_agrees"])
        const signals = verdict["signals"] as Body
        assert.deepInclude(signals, { officer_sanctions_hit: true, officers_screened: 4 })
        assert.strictEqual(verdict["result"], "review")
        const check = yield* get(`/v1/checks/${String(verdict["check_id"])}`)
        assert.deepStrictEqual(JSON.parse((check["input"] as Record<string, string>)["people"]!), people)
      }), 180_000)

    it.effect("a declared person the contract does not take: 400 with {error, message}", () =>
      Effect.gen(function*() {
        const { verify } = yield* client
        for (const people of [[{ name: "Eric Badege", role: "ceo" }], [{ name: "Eric Badege", role: "owner", share: 150 }], [{ role: "owner" }], "Eric Badege"]) {
          const refused = yield* verify({ name: "Kivu Lake Ferries Limited", people })
          assert.strictEqual(refused.status, 400, refused.text)
          assert.isTrue(isErrorBody(refused.body, "invalid_request"), refused.text)
        }
      }), 60_000)
  })
})
