import { assert, describe, layer } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { bearer, call } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { type CaseSummary, type VerdictBody, zorvak } from "../support/zorvakCase.js"
import { linkedFixtures, NAME } from "./linkedFixtures.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)

/**
 * Issue 55 follow-up 5 over HTTP: a case opened by a check of a name no registry record answered is the business's
 * case once a later check resolves the same name to its record; every check of the business after that joins it.
 */
describe("a case opened by name follows the business once it is resolved", () => {
  layer(makeTestServer({ SANCTIONS_POLL_INTERVAL: "200 millis" }), { timeout: "300 seconds", excludeTestServices: true })((it) => {
    it.effect("the name's case is joined by the check that resolves the business, then by a check by number; no second case", () =>
      Effect.gen(function*() {
        const { sdn, un } = linkedFixtures()
        yield* ingestSanctions([sdn, un], { publishedOn: "2024-05-03" }).pipe(Effect.orDie)
        const server = yield* TestServer
        const headers = { ...bearer(yield* server.newKey({ plan: "unlimited" })), "content-type": "application/json" }
        const verify = (body: Record<string, string>) =>
          Effect.map(promise(() => call(`${server.url}/v1/verify`, { method: "POST", headers, body: JSON.stringify(body) })), (r) => r.body as VerdictBody)
        const get = (route: string) => Effect.map(promise(() => call(`${server.url}${route}`, { headers })), (r) => r.body)
        const cases = Effect.map(get("/v1/cases?status=open"), (b) => (b as { cases: ReadonlyArray<CaseSummary> }).cases)

        // No record holds the business yet: the check names no company, and its case is keyed by the name.
        const byName = yield* verify({ name: NAME, country: "ZA" }).pipe(
          Effect.filterOrFail((v) => v.sanctions.hits.some((h) => h.entry_id === "97101")),
          Effect.retry(Schedule.spaced("200 millis").pipe(Schedule.upTo({ duration: "30 seconds" }))),
          Effect.orDie
        )
        assert.strictEqual(byName.result, "review")
        assert.isNull(byName.company)
        const [opened] = yield* cases
        assert.isDefined(opened)
        assert.isUndefined(opened!.subject["registration_no"])

        // The record arrives; the same name now resolves to it: the same case, now the company's.
        yield* (yield* CompanyWriter).upsertBatch([zorvak]).pipe(Effect.orDie)
        const resolved = yield* verify({ name: NAME, country: "ZA" })
        assert.strictEqual(resolved.company?.registration_no, zorvak.registration_no, JSON.stringify(resolved))
        const afterResolved = yield* cases
        // (the checks by name until the screener had the list joined it too: counted from the case as it was)
        assert.deepStrictEqual(afterResolved.map((c) => [c.id, c.check_count]), [[opened!.id, opened!.check_count + 1]])
        assert.strictEqual(afterResolved[0]!.subject["registration_no"], zorvak.registration_no)
        assert.strictEqual(afterResolved[0]!.subject["name_given"], NAME)
        assert.strictEqual(((yield* get(`/v1/checks/${resolved.check_id}`)) as { case: { id: string } | null }).case?.id, opened!.id)

        // A check by number alone (no name given) finds it by the company from now on.
        const byNumber = yield* verify({ registration_no: zorvak.registration_no, country: "ZA" })
        assert.strictEqual(byNumber.company?.registration_no, zorvak.registration_no)
        const all = (yield* get("/v1/cases?status=open")) as { cases: ReadonlyArray<CaseSummary> }
        assert.deepStrictEqual(all.cases.map((c) => [c.id, c.check_count]), [[opened!.id, opened!.check_count + 2]])
      }))
  })
})
