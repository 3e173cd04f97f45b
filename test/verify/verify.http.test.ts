import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Result, Layer } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { afterAll, beforeAll } from "vitest"
import { type FakeRegistry, startFakeRegistry } from "../../scripts/fake-registry/index.js"
import { CompanyNotFound, makeKybClient, Verdict } from "../../src/client.js"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import { cacPscRecords } from "../../src/companies/ingest/psc/cacPsc.js"
import { ingestPscCompanies } from "../../src/companies/ingest/PscIngest.js"
import type { CanonicalCompany } from "../../src/domain/CanonicalCompany.js"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { fixtureRecords } from "../registries/support.js"
import { dataDir, listsDir } from "../sanctions/paths.js"
import { bearer, call, isErrorBody, type Reply } from "../support/http.js"
import { listsIndexed } from "../support/listsIndexed.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { recordTiming } from "../support/timings.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
const checked = new Date(Date.now() - 3 * 86_400_000).toISOString()

const company = (fields: Pick<CanonicalCompany, "country" | "registration_no" | "legal_name" | "status"> & Partial<CanonicalCompany>): CanonicalCompany => ({
  source: `Registry of ${fields.country} (test)`,
  source_kind: "registry",
  last_verified_at: checked,
  ...fields
})

const cipc = company({
  country: "ZA",
  registration_no: "1950/038232/06",
  legal_name: "Example Mining Holdings Limited",
  status: "active",
  source: "Companies and Intellectual Property Commission (ZA-CIP)"
})
const dissolved = company({ country: "GH", registration_no: "CS160152013", legal_name: "Volta Textile Works Limited", status: "dissolved" })
const kilimanjaroKe = company({ country: "KE", registration_no: "PVT-JZUA6Z663", legal_name: "Kilimanjaro Coffee Traders Limited", status: "active" })
const kilimanjaroUg = company({ country: "UG", registration_no: "80010001803086", legal_name: "Kilimanjaro Coffee Traders Limited", status: "active" })
const brewer = company({
  country: "KE",
  registration_no: "PVT-EQB7K2Q9",
  legal_name: "Equatorial Brewing Company Limited",
  status: "active",
  listed_ticker: "EQBR",
  aliases: [{ name: "Ndovu Lager", kind: "brand" }]
})
/** OFAC SDN entry 32791 (real list), held here as a registered Ugandan company. */
const sanctionedUg = company({ country: "UG", registration_no: "80020002803087", legal_name: "African Gold Refinery Limited", status: "active" })

/** A stored insurer whose name is near a listed one (the resolution must not hide the name as given). */
const hidan = company({ country: "ZA", registration_no: "2004/012345/07", legal_name: "Hidan Insurance (Pty) Ltd", status: "active" })
/** A clean company name whose director is on the real SDN and UN lists (Eric Badege). */
const kivu = company({
  country: "UG",
  registration_no: "80020002809001",
  legal_name: "Kivu Lake Transport Limited",
  status: "active",
  officers: [{ name: "Eric Badege", role: "Gérant" }, { name: "Amani Mwamba", role: "Associé", resigned_on: "2019-01-01" }]
})

let cac: FakeRegistry
beforeAll(async () => {
  cac = await startFakeRegistry({ registry: "ng-cac", records: fixtureRecords("ng-cac") })
})
afterAll(() => cac.close())

/** One server: NG's live registry is a fake CAC; every other country has none (the store is the authority). */
const ServerLive = Layer.suspend(() =>
  makeTestServer({
    KYB_REGISTRY_LIVE: "ng-cac",
    KYB_REGISTRY_NG_CAC_URL: cac.url,
    KYB_REGISTRY_TIMEOUT_MS: "300",
    KYB_REGISTRY_BUDGET_MS: "600",
    KYB_REGISTRY_RETRY_DELAY_MS: "20",
    KYB_REGISTRY_BREAKER_THRESHOLD: "1000",
    SANCTIONS_POLL_INTERVAL: "200 millis"
  })
)

type Body = Record<string, unknown>
/**
 * A verdict without what differs between two answers to the same inputs: its time, its check, and which live sources
 * were asked (the second answer's registry answered the same query moments before: `answered_within_ttl`).
 */
const withoutCheckedAt = (body: unknown) => {
  const { checked_at: _, check_id: __, sources_tried: tried, ...rest } = body as Body
  assert.isArray(tried, "every verdict says which sources were tried")
  return rest
}

describe("/v1/verify over HTTP", () => {
  layer(ServerLive, { timeout: "120 seconds", excludeTestServices: true })((it) => {
    const seeded = Effect.gen(function*() {
      const server = yield* TestServer
      const writer = yield* CompanyWriter
      yield* writer.upsertBatch([cipc, dissolved, kilimanjaroKe, kilimanjaroUg, sanctionedUg, brewer, hidan, kivu]).pipe(Effect.orDie)
      const headers = bearer(yield* server.newKey({ plan: "unlimited" }))
      const get = (params: Record<string, string>) =>
        promise(() => call(`${server.url}/v1/verify?${new URLSearchParams(params).toString()}`, { headers }))
      const post = (body: unknown) =>
        promise(() =>
          call(`${server.url}/v1/verify`, {
            method: "POST",
            headers: { ...headers, "content-type": "application/json" },
            body: typeof body === "string" ? body : JSON.stringify(body)
          })
        )
      /** GET and POST with the same inputs; both 200 with the same verdict (checked_at aside). */
      const verify = (params: Record<string, string>) =>
        Effect.gen(function*() {
          const byQuery = yield* get(params)
          const byBody = yield* post(params)
          assert.strictEqual(byQuery.status, 200, byQuery.text)
          assert.strictEqual(byBody.status, 200, byBody.text)
          assert.deepStrictEqual(withoutCheckedAt(byBody.body), withoutCheckedAt(byQuery.body))
          return byQuery.body as Body
        })
      return { url: server.url, headers, get, post, verify }
    })

    const signals = (body: Body) => body["signals"] as Record<string, boolean | number | null>
    const sanctions = (body: Body) => body["sanctions"] as { screened: boolean; result: string; hits: ReadonlyArray<Body> }

    it.effect("no list loaded: a clean company is review/sanctions_unavailable, never verified", () =>
      Effect.gen(function*() {
        const { verify } = yield* seeded
        const body = yield* verify({ registration_no: "1950/038232/06", country: "ZA" })
        assert.strictEqual(body["result"], "review")
        assert.strictEqual(body["review_reason"], "sanctions_unavailable")
        assert.deepStrictEqual(sanctions(body), { screened: false, result: "unavailable", hits: [] })
        assert.deepStrictEqual(body["sources"], [cipc.source])
        const unknown = yield* verify({ registration_no: "2001/999999/07", country: "ZA" })
        assert.strictEqual(unknown["result"], "review", "not_found needs the name screened")
        assert.strictEqual(unknown["review_reason"], "sanctions_unavailable")
      }))

    it.effect("the three real lists ingested are picked up by the server's screener", () =>
      Effect.gen(function*() {
        const { verify } = yield* seeded
        yield* ingestSanctions(
          ["ofac-sdn", "ofac-consolidated", "un"].map((dir) => path.join(listsDir, dir)),
          { publishedOn: "2026-11-20" }
        ).pipe(Effect.orDie)
        // by list only: a list whose file states its date is labelled by that date, not the operator's
        yield* listsIndexed((yield* TestServer).url, ["ofac_sdn", "ofac_consolidated", "un_sc"])
        const body = yield* verify({ registration_no: "1950/038232/06", country: "ZA" })
        assert.strictEqual(body["result"], "verified")
        const sources = body["sources"] as ReadonlyArray<string>
        assert.strictEqual(sources[0], cipc.source)
        assert.strictEqual(sources.length, 4)
        for (const list of ["OFAC SDN", "OFAC Consolidated", "UN"]) {
          assert.isTrue(sources.some((s) => s.startsWith(list) && /\(.+\)$/.test(s)), `${list} in ${sources.join("; ")}`)
        }
      }))

    it.effect("a clean registered company is verified, by number in any separator style and by name", () =>
      Effect.gen(function*() {
        const { verify } = yield* seeded
        for (const number of ["1950/038232/06", "1950-038232-06", "1950 038232 06", "195003823206"]) {
          const body = yield* verify({ registration_no: number, country: "za" })
          assert.strictEqual(body["result"], "verified", number)
          assert.strictEqual(body["review_reason"], null)
          assert.deepStrictEqual(body["review_reasons"], [])
          assert.strictEqual(body["registered"], true)
          assert.strictEqual(body["match_confidence"], 1)
          assert.strictEqual(body["data_confidence"], 0.9)
          const c = body["company"] as Body
          assert.strictEqual(c["registration_no"], "1950/038232/06")
          assert.isString(c["registry_url"])
          assert.deepStrictEqual(sanctions(body), { screened: true, result: "clear", hits: [] })
          assert.deepStrictEqual(signals(body), {
            listed: false,
            has_government_contracts: false,
            has_trademarks: false,
            active: true,
            registry_reachable: null, // no registry was asked: the store answered (issue 53 item 9)
            sanctions_hit: false,
            officer_sanctions_hit: false,
            debarred: null,
            officers_screened: 0
          })
          assert.isTrue(Math.abs(Date.parse(String(body["checked_at"])) - Date.now()) < 60_000)
        }
        const noCountry = yield* verify({ registration_no: "1950.038232.06" })
        assert.strictEqual(noCountry["result"], "verified")
        const byName = yield* verify({ name: "Example Mining Holdings Ltd", country: "ZA" })
        assert.strictEqual(byName["result"], "verified")
        assert.isAtLeast(byName["match_confidence"] as number, 0.9)
        const both = yield* verify({ name: "EXAMPLE MINING HOLDINGS", registration_no: "1950/038232/06" })
        assert.strictEqual(both["result"], "verified")
      }))

    it.effect("a whole stated alias resolves to its company (0.95); a listed company says so", () =>
      Effect.gen(function*() {
        const { verify } = yield* seeded
        const body = yield* verify({ name: "Ndovu Lager" })
        assert.strictEqual(body["result"], "verified", JSON.stringify(body))
        assert.strictEqual(body["match_confidence"], 0.95)
        assert.strictEqual((body["company"] as Body)["legal_name"], brewer.legal_name)
        assert.isTrue(signals(body)["listed"])
      }))

    it.effect("a partial name is not verification: low_match_confidence", () =>
      Effect.gen(function*() {
        const { verify } = yield* seeded
        const body = yield* verify({ name: "Example Mining", country: "ZA" })
        assert.strictEqual(body["result"], "review")
        assert.strictEqual(body["review_reason"], "low_match_confidence")
        assert.isBelow(body["match_confidence"] as number, 0.9)
        assert.strictEqual((body["company"] as Body)["legal_name"], cipc.legal_name)
      }))

    it.effect("dissolved -> review/status_dissolved", () =>
      Effect.gen(function*() {
        const { verify } = yield* seeded
        const body = yield* verify({ registration_no: "cs 160152013", country: "GH" })
        assert.strictEqual(body["result"], "review")
        assert.strictEqual(body["review_reason"], "status_dissolved")
        assert.strictEqual(body["registered"], true)
        assert.strictEqual(signals(body)["active"], false)
      }))

    it.effect("unknown number or name where no live registry covers the country -> review/registry_not_covered; asked everywhere -> not_found", () =>
      Effect.gen(function*() {
        const { verify } = yield* seeded
        // Nothing held and no live registry for ZA: not looked at, which is not "not registered".
        const body = yield* verify({ registration_no: "2001/999999/07", country: "ZA" })
        assert.strictEqual(body["result"], "review")
        assert.strictEqual(body["review_reason"], "registry_not_covered")
        assert.notInclude(body["review_reasons"] as ReadonlyArray<string>, "registry_unreachable")
        assert.strictEqual(body["registered"], false)
        assert.strictEqual(body["company"], null)
        assert.strictEqual(body["data_confidence"], null)
        assert.strictEqual(sanctions(body)["result"], "clear")
        assert.strictEqual((body["sources"] as ReadonlyArray<string>).length, 3)
        assert.strictEqual(signals(body)["registry_reachable"], null, "no registry covers ZA: none was asked")
        const byName = yield* verify({ name: "Zzyzx Quantum Bakery", country: "ZA" })
        assert.strictEqual(byName["review_reason"], "registry_not_covered")
        assert.strictEqual(signals(byName)["registry_reachable"], null)
        // No country: every live registry (the fake CAC) was asked and answered nothing.
        const calls = cac.stats().requests
        const everywhere = yield* verify({ name: "Zzyzx Quantum Bakery" })
        assert.strictEqual(everywhere["result"], "not_found")
        assert.strictEqual(signals(everywhere)["registry_reachable"], true)
        assert.isAbove(cac.stats().requests, calls, "the live registry was asked")
        // Asked and answered within the TTL: the store holds the registry's answer, no second call.
        const asked = cac.stats().requests
        const again = yield* verify({ name: "zzyzx quantum bakery" })
        assert.strictEqual(again["result"], "not_found")
        assert.strictEqual(cac.stats().requests, asked)
      }))

    it.effect("a name on a real list: review/sanctions_match with the hit, resolved or not", () =>
      Effect.gen(function*() {
        const { verify } = yield* seeded
        const resolved = yield* verify({ registration_no: "80020002803087", country: "UG" })
        assert.strictEqual(resolved["result"], "review")
        assert.strictEqual(resolved["review_reason"], "sanctions_match")
        assert.strictEqual(resolved["registered"], true)
        assert.isTrue(signals(resolved)["sanctions_hit"])
        const hit = sanctions(resolved).hits[0]!
        assert.strictEqual(hit["list"], "ofac_sdn")
        assert.strictEqual(hit["entry_id"], "32791")
        assert.strictEqual(hit["name"], "AFRICAN GOLD REFINERY LIMITED")
        assert.strictEqual(hit["list_version"], "2026-11-20")
        assert.strictEqual(sanctions(resolved).result, "match")

        // UN list, nothing registered under the name: still review, never not_found.
        const un = yield* verify({ name: "Congomet Trading House", country: "CD" })
        assert.strictEqual(un["result"], "review")
        assert.strictEqual(un["review_reason"], "sanctions_match")
        assert.strictEqual(un["registered"], false)
        assert.isTrue(sanctions(un).hits.some((h) => h["list"] === "un_sc"), JSON.stringify(sanctions(un)))

        // A sanctioned name given with a clean company's number is screened too.
        const claimed = yield* verify({ name: "African Gold Refinery Limited", registration_no: "1950/038232/06", country: "ZA" })
        assert.strictEqual(claimed["result"], "review")
        assert.deepStrictEqual((claimed["review_reasons"] as ReadonlyArray<string>).slice(0, 2), ["sanctions_match", "name_mismatch"])
      }))

    it.effect("a name that does not match the record found by number -> review/name_mismatch", () =>
      Effect.gen(function*() {
        const { verify } = yield* seeded
        const body = yield* verify({ name: "Totally Different Bakery", registration_no: "1950/038232/06", country: "ZA" })
        assert.strictEqual(body["result"], "review")
        assert.strictEqual(body["review_reason"], "name_mismatch")
        assert.strictEqual(body["match_confidence"], 1)
        assert.strictEqual((body["company"] as Body)["legal_name"], cipc.legal_name)
      }))

    it.effect("two equally good candidates -> review/ambiguous_match; the country tells them apart", () =>
      Effect.gen(function*() {
        const { verify } = yield* seeded
        const body = yield* verify({ name: "Kilimanjaro Coffee Traders Limited" })
        assert.strictEqual(body["result"], "review")
        assert.strictEqual(body["review_reason"], "ambiguous_match")
        assert.strictEqual(body["company"], null)
        const scoped = yield* verify({ name: "Kilimanjaro Coffee Traders Limited", country: "KE" })
        assert.strictEqual(scoped["result"], "verified")
        assert.strictEqual((scoped["company"] as Body)["country"], "KE")
      }))

    it.effect("a number held by no store record is fetched from the live registry, stored, and verified", () =>
      Effect.gen(function*() {
        const { get, post } = yield* seeded
        cac.resetStats()
        const asked = yield* get({ registration_no: "RC613", country: "NG" })
        assert.strictEqual(asked.status, 200, asked.text)
        const body = asked.body as Body
        assert.strictEqual(body["result"], "verified", JSON.stringify(body))
        // The registry was asked and answered; the same request then answered by the store asks none (issue 53 item 9).
        assert.strictEqual(signals(body)["registry_reachable"], true)
        const fromStore = (yield* post({ registration_no: "RC613", country: "NG" })).body as Body
        assert.strictEqual(fromStore["result"], "verified")
        assert.strictEqual(signals(fromStore)["registry_reachable"], null)
        assert.strictEqual((body["company"] as Body)["legal_name"], "NIGERIAN BREWERIES PLC")
        assert.strictEqual(body["data_confidence"], 1)
        const calls = cac.stats().requests
        assert.isAtLeast(calls, 1)
        const again = (yield* get({ registration_no: "RC 613", country: "NG" })).body as Body
        assert.strictEqual(again["result"], "verified")
        assert.strictEqual(cac.stats().requests, calls, "answered from the store")
      }))

    it.effect("a name the store does not hold is asked of the live registries of its scope, stored and resolved", () =>
      Effect.gen(function*() {
        const { get } = yield* seeded
        cac.resetStats()
        const body = (yield* get({ name: "Pay Day Supermarket", country: "NG" })).body as Body
        assert.strictEqual(body["result"], "verified", JSON.stringify(body))
        assert.strictEqual((body["company"] as Body)["registration_no"], "BN 2345678")
        assert.strictEqual(signals(body)["registry_reachable"], true, "asked and answered")
        assert.isAtLeast(cac.stats().requests, 1)
        const dormant = (yield* get({ name: "Lagos Harbour Logistics Limited", country: "NG" })).body as Body
        assert.strictEqual(dormant["result"], "review")
        assert.strictEqual(dormant["review_reason"], "status_dormant")
      }))

    it.effect("registry down -> review/registry_unreachable, never not_found", () =>
      Effect.gen(function*() {
        const { verify } = yield* seeded
        cac.setFault("error")
        yield* Effect.gen(function*() {
          const byNumber = yield* verify({ registration_no: "RC 999999", country: "NG" })
          assert.strictEqual(byNumber["result"], "review")
          assert.strictEqual(byNumber["review_reason"], "registry_unreachable")
          assert.strictEqual(byNumber["registered"], false)
          assert.isFalse(signals(byNumber)["registry_reachable"])
          const byName = yield* verify({ name: "Unheard Of Holdings", country: "NG" })
          assert.strictEqual(byName["result"], "review")
          assert.strictEqual(byName["review_reason"], "registry_unreachable")
          // What the store holds is still verified without asking the registry.
          const stored = yield* verify({ registration_no: "RC 613", country: "NG" })
          assert.strictEqual(stored["result"], "verified")
          assert.strictEqual(signals(stored)["registry_reachable"], null, "the store answered: no registry was asked (issue 53 item 9)")
        }).pipe(Effect.ensuring(Effect.sync(() => cac.setFault("none"))))
        cac.setFault("hang")
        yield* Effect.gen(function*() {
          const started = Date.now()
          const hanging = yield* verify({ registration_no: "RC 888888", country: "NG" })
          assert.strictEqual(hanging["review_reason"], "registry_unreachable")
          recordTiming("verify with a hanging registry: answered", Date.now() - started, 10_000)
        }).pipe(Effect.ensuring(Effect.sync(() => cac.setFault("none"))))
      }))

    it.effect("400 invalid_request for neither input or malformed inputs; the POST body is bounded", () =>
      Effect.gen(function*() {
        const { get, post } = yield* seeded
        const checks: ReadonlyArray<readonly [string, Reply]> = [
          ["GET without inputs", yield* get({})],
          ["GET with country only", yield* get({ country: "ZA" })],
          ["GET with a bad country", yield* get({ name: "Acme", country: "Z1" })],
          ["POST {}", yield* post({})],
          ["POST malformed JSON", yield* post("{\"name\": ")],
          ["POST wrong type", yield* post({ name: 42 })]
        ]
        for (const [label, reply] of checks) {
          assert.strictEqual(reply.status, 400, `${label}: ${reply.text}`)
          assert.isTrue(isErrorBody(reply.body, "invalid_request"), `${label}: ${reply.text}`)
        }
        const big = yield* post({ name: "x".repeat(64 * 1024) })
        assert.include([400, 413], big.status, big.text)
        assert.isTrue(isErrorBody(big.body, "invalid_request"), big.text)
      }))

    it.effect("an exact list name is flagged alone, with a country, and with another company's number (the name as given is screened)", () =>
      Effect.gen(function*() {
        const { verify } = yield* seeded
        const cases: ReadonlyArray<Record<string, string>> = [
          { name: "IRAN INSURANCE COMPANY" },
          { name: "IRAN INSURANCE COMPANY", country: "ZA" },
          { name: "IRAN INSURANCE COMPANY", country: "NG" },
          { name: "IRAN INSURANCE COMPANY", registration_no: "1950/038232/06", country: "ZA" },
          { name: "ORAMA PROPERTIES LTD", country: "CD" }
        ]
        for (const input of cases) {
          const body = yield* verify(input)
          const label = JSON.stringify(input)
          assert.strictEqual(body["result"], "review", label)
          assert.include(body["review_reasons"] as ReadonlyArray<string>, "sanctions_match", label)
          const top = sanctions(body).hits[0]!
          assert.strictEqual(top["name"], input["name"], label)
          assert.strictEqual(top["screened_from"], "input", label)
          assert.strictEqual(top["screened_name"], input["name"], label)
          assert.match(String(top["entry_hash"]), /^[0-9a-f]{64}$/, label)
          assert.isString((top["explanation"] as { summary: string }).summary, label)
          assert.isTrue(signals(body).sanctions_hit, label)
          if (input["registration_no"] === undefined) {
            assert.isNull(body["company"], label)
            assert.isFalse(body["registered"], label)
          }
        }
      }))

    it.effect("real legitimate names once flagged on an acronym, a vessel or generic words come back clear", () =>
      Effect.gen(function*() {
        const { verify } = yield* seeded
        const legitimate: ReadonlyArray<Record<string, string>> = [
          { name: "ETEP", country: "TD" }, { name: "AMG SARL", country: "GN" }, { name: "Fu-Hua", country: "NG" },
          { name: "Global Energy", country: "NG" }, { name: "CRYSTAL SARL", country: "TG" }, { name: "PIJ Ventures Limited", country: "NG" },
          { name: "SATURN", country: "NG" }
        ]
        for (const input of legitimate) {
          const body = yield* verify(input)
          assert.strictEqual(sanctions(body).result, "clear", `${JSON.stringify(input)}: ${JSON.stringify(sanctions(body).hits[0])}`)
        }
        // an acronym alias (BNC, Banco Nacional de Cuba) is for review where the entry is, and not reported elsewhere
        const where = sanctions(yield* verify({ name: "BNC", country: "PA" }))
        assert.strictEqual(where.result, "potential_match")
        assert.strictEqual(where.hits[0]!["entry_id"], "306")
        assert.strictEqual(sanctions(yield* verify({ name: "BNC", country: "GH" })).result, "clear")
      }))

    it.effect("a weak candidate is not the business: registered false, company null, the closest candidates listed", () =>
      Effect.gen(function*() {
        const { verify } = yield* seeded
        const body = yield* verify({ name: "Hiran Insurance Brokers", country: "ZA" })
        assert.isNull(body["company"])
        assert.isFalse(body["registered"])
        const candidates = body["candidates"] as ReadonlyArray<Body>
        assert.isAbove(candidates.length, 0, JSON.stringify(body))
        assert.deepInclude(candidates.map((c) => c["registration_no"]), "2004/012345/07")
        assert.oneOf(body["result"], ["not_found", "review"])
        const resolved = yield* verify({ name: "Hidan Insurance", country: "ZA" })
        assert.strictEqual((resolved["company"] as Body)["registration_no"], "2004/012345/07")
        assert.isTrue(resolved["registered"])
        assert.deepStrictEqual(resolved["candidates"], [])
      }))

    it.effect("an entity two lists hold gives one hit per list entry, best first", () =>
      Effect.gen(function*() {
        const { verify } = yield* seeded
        const body = yield* verify({ name: "AL-SHABAAB" })
        const hits = sanctions(body).hits
        const lists = hits.filter((h) => h["name"] === "AL-SHABAAB").map((h) => `${h["list"]}:${h["entry_id"]}`)
        assert.includeMembers(lists, ["ofac_sdn:10761", "un_sc:SOe.001"])
        const scores = hits.map((h) => Number(h["score"]))
        assert.deepStrictEqual(scores, [...scores].sort((a, b) => b - a))
      }))

    it.effect("a current officer on a list flags the company's verdict and says which person; none held is 0 screened", () =>
      Effect.gen(function*() {
        const { verify } = yield* seeded
        const body = yield* verify({ registration_no: "80020002809001", country: "UG" })
        assert.strictEqual(body["result"], "review")
        assert.include(body["review_reasons"] as ReadonlyArray<string>, "sanctions_match")
        assert.isTrue(signals(body).officer_sanctions_hit)
        assert.strictEqual(signals(body)["officers_screened"], 1, "the resigned associate is not screened")
        const officerHit = sanctions(body).hits.find((h) => h["screened_from"] === "officer")!
        assert.strictEqual(officerHit["screened_name"], "Eric Badege")
        assert.strictEqual(officerHit["entity_type"], "individual")
        const clean = yield* verify({ registration_no: "1950/038232/06", country: "ZA" })
        assert.isFalse(signals(clean).officer_sanctions_hit)
        assert.strictEqual(signals(clean)["officers_screened"], 0)
      }))

    it.effect("persons with significant control from the CAC register are screened: corporate owners as entities, persons as individuals", () =>
      Effect.gen(function*() {
        const { verify } = yield* seeded
        const writer = yield* CompanyWriter
        const real = Result.getOrThrow(cacPscRecords(JSON.parse(fs.readFileSync(path.join(dataDir, "companies", "ng_cac_psc.json"), "utf8"))))
        yield* ingestPscCompanies(real).pipe(Effect.orDie)
        const dangote = yield* verify({ registration_no: "RC 208767", country: "NG" })
        assert.strictEqual((dangote["company"] as Body)["legal_name"], "DANGOTE CEMENT PLC")
        assert.strictEqual(signals(dangote)["officers_screened"], 1, "Dangote Industries Limited, the one PSC")
        assert.isFalse(signals(dangote).officer_sanctions_hit)

        // an invented company whose director is held, then its PSCs from the register: names on the lists
        yield* writer.upsertBatch([{
          country: "NG", registration_no: "RC 9900001", legal_name: "Kano Groundnut Traders Limited", status: "active",
          source: "Corporate Affairs Commission (NG-CAC)", source_kind: "registry", last_verified_at: "2026-08-01T00:00:00Z",
          officers: [{ name: "Ada Bench", role: "director" }]
        }]).pipe(Effect.orDie)
        const register = Result.getOrThrow(cacPscRecords({
          meta: { register: "CAC PSC", harvested: "2026-08-12" },
          index: {
            X: {
              company: "KANO GROUNDNUT TRADERS LIMITED", rc: "9900001", status: "ACTIVE",
              pscs: [
                { owner_name: "IRAN INSURANCE COMPANY", owner_kind: "entity", share_pct_direct: 60 },
                { owner_name: "Eric Badege", owner_kind: "person", share_pct_direct: 40 }
              ]
            }
          }
        }))
        yield* ingestPscCompanies(register).pipe(Effect.orDie)
        yield* ingestPscCompanies(register).pipe(Effect.orDie) // loaded again: the register's owners replaced, not added
        const body = yield* verify({ registration_no: "RC 9900001", country: "NG" })
        assert.include(body["review_reasons"] as ReadonlyArray<string>, "sanctions_match")
        assert.isTrue(signals(body).officer_sanctions_hit)
        assert.strictEqual(signals(body)["officers_screened"], 3, "the held director is kept beside the two PSCs")
        const owners = sanctions(body).hits.filter((h) => h["screened_from"] === "owner")
        const corporate = owners.find((h) => h["screened_name"] === "IRAN INSURANCE COMPANY")!
        assert.strictEqual(corporate["entity_type"], "entity")
        assert.strictEqual(corporate["entry_id"], "11631")
        const person = owners.find((h) => h["screened_name"] === "Eric Badege")!
        assert.strictEqual(person["entity_type"], "individual")
        // the record shows its owners beside its officers, each with its source
        const { headers, url } = yield* seeded
        const record = yield* promise(() => call(`${url}/v1/company/NG/RC9900001`, { headers }))
        assert.strictEqual(record.status, 200, record.text)
        const held = record.body as { officers: ReadonlyArray<Body>; owners: ReadonlyArray<Body> }
        assert.deepStrictEqual(held.officers.map((o) => o["name"]), ["Ada Bench"])
        assert.deepStrictEqual(held.owners.map((o) => [o["name"], o["kind"], o["share_pct"]]), [
          ["IRAN INSURANCE COMPANY", "entity", 60],
          ["Eric Badege", "individual", 40]
        ])
        assert.match(String(held.owners[0]!["source"]), /Persons with Significant Control/)
      }))

    it.effect("the typed client (src/client.ts) against the real server: verify, search, company, typed 404", () =>
      Effect.gen(function*() {
        const { headers, url, verify } = yield* seeded
        const apiKey = headers.authorization.replace("Bearer ", "")
        const client = yield* makeKybClient({ baseUrl: url, apiKey })
        const byBody = yield* client.verify.verifyByBody({ payload: { registration_no: "1950-038232-06", country: "ZA" } })
        assert.instanceOf(byBody, Verdict)
        assert.strictEqual(byBody.result, "verified")
        assert.strictEqual(byBody.company?.legal_name, cipc.legal_name)
        const byQuery = yield* client.verify.verifyByQuery({ query: { name: "Totally Different Bakery", registration_no: "1950/038232/06" } })
        assert.strictEqual(byQuery.review_reason, "name_mismatch")
        const raw = yield* verify({ registration_no: "1950-038232-06", country: "ZA" })
        assert.deepStrictEqual(withoutCheckedAt(JSON.parse(JSON.stringify(byBody))), withoutCheckedAt(raw))

        const found = yield* client.search.search({ query: { q: "Example Mining Holdings" } })
        assert.strictEqual(found.results[0]?.registration_no, "1950/038232/06")
        const record = yield* client.companies.get({ params: { country: "ZA", registration_no: "1950 038232 06" } })
        assert.strictEqual(record.legal_name, cipc.legal_name)
        const missing = yield* Effect.result(client.companies.get({ params: { country: "ZA", registration_no: "2001-999999-07" } }))
        assert.isTrue(Result.isFailure(missing))
        if (Result.isFailure(missing)) {
          assert.instanceOf(missing.failure, CompanyNotFound, String(missing.failure))
          assert.strictEqual((missing.failure as CompanyNotFound).error, "company_not_found")
        }
      }).pipe(Effect.provide(FetchHttpClient.layer)))
  })
})
