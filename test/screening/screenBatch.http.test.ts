import { assert, describe, layer } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import * as path from "node:path"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { listsDir } from "../sanctions/paths.js"
import { bearer, call, isErrorBody } from "../support/http.js"
import { listsIndexed } from "../support/listsIndexed.js"
import { makeTestServer, TestServer } from "../support/server.js"

type Body = Record<string, unknown>
const promise = <A>(f: () => Promise<A>) => Effect.promise(f)

describe("POST /v1/screen/batch: names screened as a batch job", () => {
  layer(makeTestServer({ SANCTIONS_POLL_INTERVAL: "200 millis", KYB_BATCH_POLL: "200 millis" }), { timeout: "180 seconds", excludeTestServices: true })((it) => {
    it.effect("each row screened and kept as a check, a bad row reported in its place; one quota unit per row screened; CSV too", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const secret = yield* server.newKey({ plan: "free", quota: 20 })
        const send = (p: string, body: string, type = "application/json") =>
          promise(() => call(`${server.url}${p}`, { method: "POST", headers: { ...bearer(secret), "content-type": type }, body }))
        const get = (p: string) => promise(() => call(`${server.url}${p}`, { headers: bearer(secret) })).pipe(Effect.map((r) => r.body as Body))
        yield* ingestSanctions([path.join(listsDir, "ofac-sdn")], { publishedOn: "2026-11-20" }).pipe(Effect.orDie)
        // Waiting for the list to be indexed spends no quota: however long it takes, this key's 20 are left.
        yield* listsIndexed(server.url, [{ list: "ofac_sdn", version: "2026-11-20" }])
        const ready = yield* send("/v1/screen", JSON.stringify({ name: "AL-SHABAAB" }))
        assert.strictEqual((ready.body as Body)["result"], "match", ready.text)
        const rows = [{ name: "Ali Mohamed Rage", kind: "person", date_of_birth: "1966" }, { name: "Al Shabaab" }, { nom: "x" }]
        const submitted = yield* send("/v1/screen/batch", JSON.stringify(rows))
        assert.strictEqual(submitted.status, 202, submitted.text)
        assert.deepInclude(submitted.body as Body, { kind: "screen", total: 3, failed: 1 })
        // What the screenings above left, less 2 rows screened (the request's own unit among them).
        assert.strictEqual(Number(submitted.headers.get("x-ratelimit-remaining")), Number(ready.headers.get("x-ratelimit-remaining")) - 2)
        const done = yield* get(`/v1/jobs/${String((submitted.body as Body)["id"])}`).pipe(
          Effect.filterOrFail((j) => j["status"] === "done"),
          Effect.retry(Schedule.spaced("200 millis").pipe(Schedule.upTo({ duration: "90 seconds" }))),
          Effect.orDie
        )
        const results = done["results"] as ReadonlyArray<Body>
        const person = results[0]!["screening"] as Body
        assert.strictEqual(person["result"], "match")
        const hit = (person["hits"] as ReadonlyArray<Body>).find((h) => h["entry_id"] === "32796")!
        assert.include((hit["explanation"] as { factors: ReadonlyArray<Body> }).factors.map((f) => f["factor"]), "year_of_birth_agrees")
        assert.strictEqual((results[1]!["screening"] as Body)["result"], "match")
        assert.isNull(results[0]!["verdict"])
        assert.isNull(results[2]!["screening"])
        assert.match((results[2]!["error"] as Body)["message"] as string, /nom|name/)
        const check = yield* get(`/v1/checks/${String(person["check_id"])}`)
        assert.deepInclude(check, { kind: "screen", verdict: person })
        const csv = yield* promise(() => call(`${server.url}/v1/jobs/${String(done["id"])}/results.csv`, { headers: bearer(secret) }))
        assert.match(csv.text.split("\r\n")[1]!, /^1,Ali Mohamed Rage,,,match,,match,,[0-9a-f-]{36},$/)
        // CSV in, with its own columns; a verification column is refused with what the route takes.
        const fromCsv = yield* send("/v1/screen/batch", "name,kind,nationality\nEric Badege,person,CD\n", "text/csv")
        assert.strictEqual(fromCsv.status, 202, fromCsv.text)
        const refused = yield* send("/v1/screen/batch", "name,registration_no\nEric Badege,RC 1\n", "text/csv")
        assert.strictEqual(refused.status, 400)
        assert.isTrue(isErrorBody(refused.body, "invalid_request"), refused.text)
        assert.match((refused.body as Body)["message"] as string, /registration_no.*POST \/v1\/screen/)
      }), 180_000)
  })
})
