import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as path from "node:path"
import { ingestSanctions } from "../../../src/sanctions/lists/ingest.js"
import { listsDir } from "../../sanctions/paths.js"
import { bearer, call } from "../../support/http.js"
import { listsIndexed } from "../../support/listsIndexed.js"
import { TestServer } from "../../support/server.js"
import { fakeGleifServer, kilimaEvidence } from "./support.js"

type Body = Record<string, unknown>

const { gleif, server: ServerLive } = fakeGleifServer({ KYB_REGISTRY_RETRY_DELAY_MS: "20", SANCTIONS_POLL_INTERVAL: "200 millis" })

describe("/v1/verify answered from GLEIF in countries without a registry adapter (Kenya, Ghana)", () => {
  layer(ServerLive, { timeout: "120 seconds", excludeTestServices: true })((it) => {
    const client = Effect.gen(function*() {
      const server = yield* TestServer
      const headers = bearer(yield* server.newKey({ plan: "unlimited" }))
      const get = (path: string) => Effect.promise(() => call(`${server.url}${path}`, { headers }))
      const verify = (params: Record<string, string>) =>
        Effect.map(get(`/v1/verify?${new URLSearchParams(params).toString()}`), (reply) => {
          assert.strictEqual(reply.status, 200, reply.text)
          return reply.body as Body
        })
      return { get, verify }
    })

    it.effect("fully corroborated and active: registered, GLEIF's evidence on the record, its parents owners and screened", () =>
      Effect.gen(function*() {
        const { get, verify } = yield* client
        yield* ingestSanctions([path.join(listsDir, "ofac-sdn")], { publishedOn: "2026-11-20" }).pipe(Effect.orDie)
        gleif().reset()
        yield* listsIndexed((yield* TestServer).url, [{ list: "ofac_sdn", version: "2026-11-20" }], "180 seconds")
        const verdict = yield* verify({ name: "Synthetic Kilima Tea Holdings Limited", country: "KE" })
        assert.isTrue((verdict["sanctions"] as Body)["screened"])
        assert.isTrue(verdict["registered"])
        const company = verdict["company"] as Body
        assert.strictEqual(company["registration_no"], "PVT-SYN7K1A2B")
        assert.strictEqual(company["source"], "GLEIF (Global LEI Index)")
        assert.strictEqual(company["source_kind"], "live")
        const evidence = company["registry_evidence"] as Body
        assert.strictEqual(evidence["kind"], "live")
        assert.deepStrictEqual(evidence["lei"], kilimaEvidence("Business Registration Service (ke-brs)"))
        assert.isTrue(gleif().requests().every((u) => u.hostname === "127.0.0.1"))
        // the parents are owners, screened as legal entities: the ultimate parent bears a listed name
        const people = verdict["people_screened"] as ReadonlyArray<Body>
        assert.deepStrictEqual(people.map((p) => [p["name"], p["role"]]).sort(), [
          ["IRAN INSURANCE COMPANY", "owner"],
          ["Synthetic Indian Ocean Investments Ltd", "owner"]
        ])
        const hits = (verdict["sanctions"] as { hits: ReadonlyArray<Body> }).hits
        const ownerHit = hits.find((h) => h["screened_name"] === "IRAN INSURANCE COMPANY" && h["screened_from"] === "owner")
        assert.isDefined(ownerHit)
        assert.strictEqual(ownerHit!["entity_type"], "entity")
        assert.strictEqual(verdict["result"], "review")
        // the record: owners with their LEI and relationship
        const record = yield* get("/v1/company/KE/PVT-SYN7K1A2B")
        assert.strictEqual(record.status, 200, record.text)
        const owners = (record.body as { owners: ReadonlyArray<Body> }).owners
        assert.deepStrictEqual(owners.map((o) => [o["name"], o["kind"], o["lei"], o["relationship"], o["source"]]).sort(), [
          ["IRAN INSURANCE COMPANY", "entity", "SYNTHMU0000000000302", "ultimate", "GLEIF (Global LEI Index)"],
          ["Synthetic Indian Ocean Investments Ltd", "entity", "SYNTHMU0000000000301", "direct", "GLEIF (Global LEI Index)"]
        ])
      }), 240_000)

    it.effect("by registry number: fully corroborated is registered; partly corroborated is a reference entity, not registered", () =>
      Effect.gen(function*() {
        const { verify } = yield* client
        const confirmed = yield* verify({ registration_no: "CS123452019", country: "GH" })
        assert.isTrue(confirmed["registered"])
        assert.strictEqual((confirmed["company"] as Body)["legal_name"], "Synthetic Volta Cocoa Company Limited")
        const partial = yield* verify({ registration_no: "PVT-SYN9R2C3D", country: "KE" })
        assert.isFalse(partial["registered"])
        const company = partial["company"] as Body
        assert.strictEqual(company["reference_id"], "ref-gleif-ke-synthke0000000000102")
        assert.isNull(company["registration_no"])
        assert.isNull(company["registry_evidence"])
        assert.strictEqual(partial["result"], "review")
        assert.include(partial["review_reasons"] as ReadonlyArray<string>, "registry_not_covered")
      }))

    it.effect("the record endpoint on a miss: a number GLEIF confirms is fetched and served; one it only knows is 404", () =>
      Effect.gen(function*() {
        const { get } = yield* client
        const confirmed = yield* get("/v1/company/GH/CS123452019")
        assert.strictEqual(confirmed.status, 200, confirmed.text)
        assert.strictEqual((confirmed.body as Body)["legal_name"], "Synthetic Volta Cocoa Company Limited")
        assert.deepStrictEqual(((confirmed.body as Body)["owners"] as ReadonlyArray<Body>).map((o) => [o["lei"], o["relationship"]]), [
          ["SYNTHMU0000000000302", "direct_and_ultimate"]
        ])
        const unconfirmed = yield* get("/v1/company/KE/PVT-SYN4L5E6F")
        assert.strictEqual(unconfirmed.status, 404, unconfirmed.text)
      }))

    it.effect("inactive, a lapsed LEI, or an authority that is not the country's registry: never registered", () =>
      Effect.gen(function*() {
        const { verify } = yield* client
        for (const number of ["CS678902015", "CS246802018", "CS135792017"]) {
          const verdict = yield* verify({ registration_no: number, country: "GH" })
          assert.isFalse(verdict["registered"], number)
          assert.match(String((verdict["company"] as Body)["reference_id"]), /^ref-gleif-gh-/, number)
        }
      }))

    it.effect("a business GLEIF does not know: still registry_not_covered, after GLEIF was asked", () =>
      Effect.gen(function*() {
        const { verify } = yield* client
        gleif().reset()
        const verdict = yield* verify({ name: "Synthetic Nowhere Enterprises Limited", country: "KE" })
        assert.isFalse(verdict["registered"])
        assert.isNull(verdict["company"])
        assert.include(verdict["review_reasons"] as ReadonlyArray<string>, "registry_not_covered")
        assert.isAtLeast(gleif().requests().length, 1)
      }))

    it.effect("GLEIF down: the verification says the source could not be checked, never 'not registered'", () =>
      Effect.gen(function*() {
        const { verify } = yield* client
        gleif().setFault("error")
        const verdict = yield* verify({ registration_no: "PVT-SYNDOWN01", country: "KE" })
        gleif().setFault("none")
        assert.isFalse(verdict["registered"])
        assert.include(verdict["review_reasons"] as ReadonlyArray<string>, "registry_unreachable")
        assert.isFalse((verdict["signals"] as Body)["registry_reachable"])
      }))
  })
})
