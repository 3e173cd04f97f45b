import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as path from "node:path"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { listsDir } from "../sanctions/paths.js"
import { bearer, call, isErrorBody } from "../support/http.js"
import { listsIndexed } from "../support/listsIndexed.js"
import { makeTestServer, TestServer } from "../support/server.js"

type Body = Record<string, unknown>
const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
const hitsOf = (answer: Body) => answer["hits"] as ReadonlyArray<Body>
const factorsOf = (hit: Body) => (hit["explanation"] as { factors: ReadonlyArray<Body> }).factors.map((f) => f["factor"])

/** OFAC SDN 32796, "RAGE, Ali Mohamed" (data/sanctions/ofac-sdn): DOB 1966, nationality Somalia. */
const RAGE = "32796"
/** OFAC SDN 10761, "AL-SHABAAB", an organisation. */
const SHABAAB = "10761"

describe("POST /v1/screen: one name screened on demand", () => {
  layer(makeTestServer({ SANCTIONS_POLL_INTERVAL: "200 millis" }), { timeout: "180 seconds", excludeTestServices: true })((it) => {
    const client = (secret: string) =>
      Effect.map(TestServer, (server) => ({
        post: (p: string, body: unknown) =>
          promise(() => call(`${server.url}${p}`, { method: "POST", headers: { ...bearer(secret), "content-type": "application/json" }, body: JSON.stringify(body) })),
        get: (p: string) => promise(() => call(`${server.url}${p}`, { headers: bearer(secret) }))
      }))

    /** The real SDN file, loaded once; the server's screener picks it up. */
    const loaded = Effect.gen(function*() {
      const server = yield* TestServer
      yield* ingestSanctions([path.join(listsDir, "ofac-sdn")], { publishedOn: "2026-11-20" }).pipe(Effect.orDie)
      yield* listsIndexed(server.url, [{ list: "ofac_sdn", version: "2026-11-20" }])
    })

    it.effect("finds a listed person and a listed organisation; each hit as verify gives it; kept as a check; counted", () =>
      Effect.gen(function*() {
        yield* loaded
        const server = yield* TestServer
        const { post, get } = yield* client(yield* server.newKey({ plan: "free", quota: 50 }))
        const person = yield* post("/v1/screen", { name: "Ali Mohamed Rage", kind: "person" })
        assert.strictEqual(person.status, 200, person.text)
        const body = person.body as Body
        assert.strictEqual(body["result"], "match")
        assert.deepStrictEqual(body["screened_as"], ["individual"])
        const hit = hitsOf(body).find((h) => h["entry_id"] === RAGE)!
        assert.isDefined(hit, person.text)
        assert.deepInclude(hit, { list: "ofac_sdn", entity_type: "individual", screened_name: "Ali Mohamed Rage", screened_from: "input", decision: null, dismissed: false })
        const listing = hit["listing"] as { details: { dates_of_birth: ReadonlyArray<string>; nationalities: ReadonlyArray<string> } }
        assert.deepStrictEqual(listing.details.dates_of_birth, ["1966"])
        assert.deepStrictEqual(listing.details.nationalities, ["Somalia"])
        const remaining = Number(person.headers.get("x-ratelimit-remaining"))
        // The organisation, of unknown kind: every kind screened.
        const org = yield* post("/v1/screen", { name: "Al Shabaab" })
        assert.strictEqual((org.body as Body)["result"], "match")
        assert.includeMembers([...(org.body as Body)["screened_as"] as Array<string>], ["individual", "entity", "vessel"])
        assert.isDefined(hitsOf(org.body as Body).find((h) => h["entry_id"] === SHABAAB && h["entity_type"] === "entity"))
        assert.strictEqual(Number(org.headers.get("x-ratelimit-remaining")), remaining - 1, "each screening counts one unit of the quota")
        // Kept: the check says it is a screening and holds the answer as given.
        const check = yield* get(`/v1/checks/${String(body["check_id"])}`)
        assert.strictEqual(check.status, 200, check.text)
        assert.deepInclude(check.body as Body, { kind: "screen", input: { name: "Ali Mohamed Rage", kind: "person" } })
        assert.deepStrictEqual((check.body as Body)["verdict"], body)
        const listed = yield* get("/v1/checks")
        assert.strictEqual(listed.status, 200, listed.text)
        assert.includeMembers(((listed.body as Body)["checks"] as ReadonlyArray<Body>).map((c) => c["id"]), [body["check_id"], (org.body as Body)["check_id"]])
      }), 180_000)

    it.effect("a date of birth and a nationality the list gives raise a hit; conflicting ones lower it, never below potential_match", () =>
      Effect.gen(function*() {
        yield* loaded
        const server = yield* TestServer
        const { post } = yield* client(yield* server.newKey({ plan: "unlimited" }))
        const scoreOf = (answer: Body) => hitsOf(answer).find((h) => h["entry_id"] === RAGE)!["score"] as number
        // "Ali Rage" alone: a potential match; born in 1966, Somali: a match.
        const bare = (yield* post("/v1/screen", { name: "Ali Rage", kind: "person" })).body as Body
        assert.strictEqual(bare["result"], "potential_match", JSON.stringify(hitsOf(bare)))
        const raised = (yield* post("/v1/screen", { name: "Ali Rage", kind: "person", date_of_birth: "1966", nationality: "SO" })).body as Body
        assert.strictEqual(raised["result"], "match")
        assert.isAbove(scoreOf(raised), scoreOf(bare))
        const up = hitsOf(raised).find((h) => h["entry_id"] === RAGE)!
        assert.includeMembers([...factorsOf(up)], ["year_of_birth_agrees", "nationality_agrees"])
        assert.match((up["explanation"] as Body)["summary"] as string, /born in 1966/)
        // The exact name, born in 1990 and Kenyan: lowered to a potential match, still reported.
        const exact = (yield* post("/v1/screen", { name: "Ali Mohamed Rage", kind: "person" })).body as Body
        const lowered = (yield* post("/v1/screen", { name: "Ali Mohamed Rage", kind: "person", date_of_birth: "1990-03-02", nationality: "KE" })).body as Body
        assert.strictEqual(exact["result"], "match")
        assert.strictEqual(lowered["result"], "potential_match")
        assert.isBelow(scoreOf(lowered), scoreOf(exact))
        assert.isAtLeast(scoreOf(lowered), 0.7)
        const down = hitsOf(lowered).find((h) => h["entry_id"] === RAGE)!
        assert.includeMembers([...factorsOf(down)], ["year_of_birth_conflicts", "nationality_conflicts"])
        // An organisation's hit is not moved by a date of birth.
        const org = (yield* post("/v1/screen", { name: "Al Shabaab", kind: "organisation", date_of_birth: "1990" })).body as Body
        assert.strictEqual(hitsOf(org).find((h) => h["entry_id"] === SHABAAB)!["score"], 1)
      }), 180_000)

    it.effect("a recorded false positive on the name dismisses the hit in a later screening", () =>
      Effect.gen(function*() {
        yield* loaded
        const server = yield* TestServer
        const { post } = yield* client(yield* server.newKey({ plan: "unlimited" }))
        const decided = yield* post("/v1/decisions", { name: "Eric Badege", list: "ofac_sdn", entry_id: "15718", decision: "false_positive", note: "another Eric Badege, born 1990" })
        assert.strictEqual(decided.status, 201, decided.text)
        const after = (yield* post("/v1/screen", { name: "Eric Badege", kind: "person" })).body as Body
        const hit = hitsOf(after).find((h) => h["entry_id"] === "15718")!
        assert.deepInclude(hit, { dismissed: true, decision: { id: (decided.body as Body)["id"], decision: "false_positive" } })
        assert.strictEqual(after["result"], "clear")
      }), 180_000)

    it.effect("bad input: 400 with {error, message}, nothing kept", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const { post, get } = yield* client(yield* server.newKey({ plan: "unlimited" }))
        for (const body of [{}, { name: " " }, { name: "Ali Rage", kind: "robot" }, { name: "Ali Rage", date_of_birth: "1966-13-01" }, { name: "Ali Rage", date_of_birth: "66" },
          { name: "Ali Rage", nationality: "Somalia" }, { name: "Ali Rage", identifiers: [{ value: "" }] }, { name: "Ali Rage", colour: "red" }]) {
          const refused = yield* post("/v1/screen", body)
          assert.strictEqual(refused.status, 400, `${JSON.stringify(body)}: ${refused.text}`)
          assert.isTrue(isErrorBody(refused.body, "invalid_request"), refused.text)
        }
        const checks = yield* get("/v1/checks")
        assert.deepStrictEqual((checks.body as Body)["checks"], [])
      }), 60_000)
  })
})
