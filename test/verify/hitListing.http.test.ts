import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as path from "node:path"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { listsDir } from "../sanctions/paths.js"
import { bearer, call } from "../support/http.js"
import { listsIndexed } from "../support/listsIndexed.js"
import { makeTestServer, TestServer } from "../support/server.js"

type Body = Record<string, unknown>
const promise = <A>(f: () => Promise<A>) => Effect.promise(f)

/** A clean company name whose manager is on the real SDN and UN lists (Eric Badege), and a second officer on none. */
const kivu = {
  country: "UG", registration_no: "80020002809077", legal_name: "Kivu Lake Ferries Limited", status: "active" as const,
  source: "Registry of UG (test)", source_kind: "registry" as const, last_verified_at: "2026-11-20T00:00:00.000Z",
  officers: [{ name: "Eric Badege", role: "Gérant" }, { name: "Wanjiru Otieno Kamau", role: "Director" }]
}

const hitsOf = (verdict: Body) => (verdict["sanctions"] as { hits: ReadonlyArray<Body> }).hits
const listingOf = (hit: Body) => hit["listing"] as {
  aliases: ReadonlyArray<Body>; countries: ReadonlyArray<string>; identifiers: ReadonlyArray<Body>; official_url: string | null
  details: { addresses: ReadonlyArray<Body>; remarks: ReadonlyArray<string>; nationalities: ReadonlyArray<string>; dates_of_birth: ReadonlyArray<string> } | null
}

describe("a hit carries what the list says of its entry; each person screened has their own result", () => {
  layer(makeTestServer({ SANCTIONS_POLL_INTERVAL: "200 millis" }), { timeout: "120 seconds", excludeTestServices: true })((it) => {
    /** The real SDN and UN files, loaded once; the server's screener picks them up. */
    const loaded =
      Effect.gen(function*() {
        yield* ingestSanctions(["ofac-sdn", "un"].map((dir) => path.join(listsDir, dir)), { publishedOn: "2026-11-20" }).pipe(Effect.orDie)
        yield* listsIndexed((yield* TestServer).url, ["ofac_sdn", "un_sc"])
      })

    it.effect("OFAC entry 306 as the SDN file gives it, with its Sanctions List Search page; kept the same in the check", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const headers = bearer(yield* server.newKey({ plan: "unlimited" }))
        const get = (p: string) => promise(() => call(`${server.url}${p}`, { headers })).pipe(Effect.map((r) => r.body as Body))
        yield* loaded
        const verdict = yield* get("/v1/verify?name=BNC&country=PA")
        const hit = hitsOf(verdict).find((h) => h["list"] === "ofac_sdn" && h["entry_id"] === "306")!
        assert.isDefined(hit, JSON.stringify(hitsOf(verdict)))
        const listing = listingOf(hit)
        // data/sanctions/ofac-sdn: alt.csv gives NATIONAL BANK OF CUBA, the remarks the weak a.k.a. BNC; add.csv four countries
        assert.deepInclude(listing.aliases, { name: "NATIONAL BANK OF CUBA", quality: "strong", kind: "aka" })
        assert.deepInclude(listing.aliases, { name: "BNC", quality: "weak", kind: "weak_aka" })
        assert.includeMembers([...listing.countries], ["Switzerland", "Panama"])
        assert.strictEqual(listing.official_url, "https://sanctionssearch.ofac.treas.gov/Details.aspx?id=306")
        // The details, read from the stored entry for the hit (the index holds none): add.csv's addresses, the Remarks.
        assert.deepInclude(listing.details!.addresses, { address: "Zweierstrasse 35, Zurich CH-8022", country: "Switzerland", note: null })
        assert.deepStrictEqual(listing.details!.remarks, ["a.k.a. 'BNC'."])
        const check = yield* get(`/v1/checks/${String(verdict["check_id"])}`)
        assert.deepStrictEqual(hitsOf(check["verdict"] as Body).find((h) => h["entry_id"] === "306")!["listing"], hit["listing"])
      }), 120_000)

    it.effect("a UN entry has no page of its own (null); the officer on the lists is a match, the other officer clear", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        yield* Effect.flatMap(CompanyWriter, (w) => w.upsertBatch([kivu])).pipe(Effect.orDie)
        const headers = bearer(yield* server.newKey({ plan: "unlimited" }))
        const get = (p: string) => promise(() => call(`${server.url}${p}`, { headers })).pipe(Effect.map((r) => r.body as Body))
        yield* loaded
        const verdict = yield* get("/v1/verify?registration_no=80020002809077&country=UG")
        const un = hitsOf(verdict).find((h) => h["list"] === "un_sc" && h["screened_name"] === "Eric Badege")
        assert.isDefined(un, JSON.stringify(hitsOf(verdict).map((h) => [h["list"], h["entry_id"]])))
        assert.isNull(listingOf(un!).official_url)
        // data/sanctions/un: CDi.001's address (Rwanda, "as of early 2016"), nationality and year of birth.
        assert.deepInclude(listingOf(un!).details!.addresses, { address: null, country: "Rwanda", note: "as of early 2016" })
        assert.deepStrictEqual(listingOf(un!).details!.nationalities, ["Democratic Republic of the Congo"])
        assert.deepStrictEqual(listingOf(un!).details!.dates_of_birth, ["1971"])
        assert.isAbove(listingOf(un!).identifiers.length + listingOf(un!).countries.length, 0, "the UN entry's identifiers or countries")
        const people = verdict["people_screened"] as ReadonlyArray<Body>
        const badege = people.find((p) => p["name"] === "Eric Badege")!
        assert.deepInclude(badege, { role: "officer", position: "Gérant" })
        assert.oneOf(badege["result"], ["match", "potential_match"])
        assert.deepStrictEqual(people.find((p) => p["name"] === "Wanjiru Otieno Kamau"),
          { name: "Wanjiru Otieno Kamau", role: "officer", source: "record", position: "Director", result: "clear" })
      }), 120_000)
  })
})
