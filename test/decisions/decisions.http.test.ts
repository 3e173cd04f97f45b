import { assert, describe, layer } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { fixturesDir } from "../sanctions/paths.js"
import { bearer, call, isErrorBody } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
interface Hit { list: string; entry_id: string; entry_hash: string; list_version: string; dismissed: boolean; decision: { id: string; decision: string } | null }
interface VerdictBody { result: string; review_reasons: ReadonlyArray<string>; check_id: string; sanctions: { result: string; hits: ReadonlyArray<Hit> } }

const verify = (url: string, headers: Record<string, string>, name: string) =>
  promise(() => call(`${url}/v1/verify`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ name }) })).pipe(
    Effect.map((r) => r.body as VerdictBody)
  )

/** Verifies until the screener answers from the list version labelled `version`. */
const verifyOn = (url: string, headers: Record<string, string>, name: string, version: string) =>
  verify(url, headers, name).pipe(
    Effect.filterOrFail((v) => v.sanctions.hits.some((h) => h.list_version === version)),
    Effect.retry(Schedule.spaced("200 millis").pipe(Schedule.upTo({ duration: "30 seconds" }))),
    Effect.orDie
  )

const decide = (url: string, headers: Record<string, string>, body: unknown) =>
  promise(() => call(`${url}/v1/decisions`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) }))

/** The SDN fixture with an alias added to entry 306: a new content hash for that entry only. */
const amendedSdn = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kyb-sdn-amended-"))
  for (const file of fs.readdirSync(path.join(fixturesDir, "ofac-sdn"))) {
    const text = fs.readFileSync(path.join(fixturesDir, "ofac-sdn", file), "latin1")
    fs.writeFileSync(path.join(dir, file), file === "sdn.csv" ? text.replace("\"a.k.a. 'BNC'.\"", "\"a.k.a. 'BNC'; a.k.a. 'BANCO NACIONAL'.\"") : text, "latin1")
  }
  return dir
}

describe("decisions on hits (issue 17)", () => {
  layer(makeTestServer({ SANCTIONS_POLL_INTERVAL: "200 millis" }), { timeout: "120 seconds", excludeTestServices: true })((it) => {
    it.effect("a dismissed hit stays reported, marked, out of the verdict, for this account only, until its entry changes", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        yield* ingestSanctions([path.join(fixturesDir, "ofac-sdn")], { publishedOn: "2024-05-03" }).pipe(Effect.orDie)
        const mine = bearer(yield* server.newKey({ plan: "unlimited" }))
        const other = bearer(yield* server.newKey({ plan: "unlimited" }))
        const before = yield* verifyOn(server.url, mine, "Banco Nacional de Cuba", "2024-05-03")
        assert.strictEqual(before.result, "review")
        assert.include(before.review_reasons, "sanctions_match")
        const hit = before.sanctions.hits.find((h) => h.entry_id === "306")!
        assert.isFalse(hit.dismissed)
        assert.isNull(hit.decision)

        const recorded = yield* decide(server.url, mine, {
          name: "BANCO NACIONAL DE CUBA", list: "ofac_sdn", entry_id: "306", decision: "false_positive", note: "our customer is the Panamanian namesake"
        })
        assert.strictEqual(recorded.status, 201, recorded.text)
        const decision = recorded.body as { id: string; entry_hash: string; note: string }
        assert.strictEqual(decision.entry_hash, hit.entry_hash)

        const after = yield* verify(server.url, mine, "Banco  Nacional de Cuba")
        const dismissed = after.sanctions.hits.find((h) => h.entry_id === "306")!
        assert.isTrue(dismissed.dismissed)
        assert.deepStrictEqual(dismissed.decision, { id: decision.id, decision: "false_positive" })
        assert.strictEqual(after.sanctions.result, "clear")
        assert.notInclude(after.review_reasons, "sanctions_match")
        const check = yield* promise(() => call(`${server.url}/v1/checks/${after.check_id}`, { headers: mine }))
        assert.deepStrictEqual(((check.body as { verdict: VerdictBody }).verdict.sanctions.hits.find((h) => h.entry_id === "306"))!.decision, dismissed.decision)

        const theirs = yield* verify(server.url, other, "Banco Nacional de Cuba")
        assert.isFalse(theirs.sanctions.hits.find((h) => h.entry_id === "306")!.dismissed, "another account's verifications are untouched")
        assert.include(theirs.review_reasons, "sanctions_match")
        const listed = (yield* promise(() => call(`${server.url}/v1/decisions`, { headers: mine }))).body as { decisions: ReadonlyArray<{ id: string }> }
        assert.deepStrictEqual(listed.decisions.map((d) => d.id), [decision.id])
        assert.deepStrictEqual(((yield* promise(() => call(`${server.url}/v1/decisions`, { headers: other }))).body as { decisions: ReadonlyArray<unknown> }).decisions, [])

        // The listing is amended: a new content hash for entry 306 voids the dismissal.
        const dir = amendedSdn()
        yield* ingestSanctions([dir], { publishedOn: "2024-06-01" }).pipe(Effect.orDie, Effect.ensuring(Effect.sync(() => fs.rmSync(dir, { recursive: true, force: true }))))
        const amended = yield* verifyOn(server.url, mine, "Banco Nacional de Cuba", "2024-06-01")
        const back = amended.sanctions.hits.find((h) => h.entry_id === "306")!
        assert.notStrictEqual(back.entry_hash, hit.entry_hash)
        assert.isFalse(back.dismissed)
        assert.isNull(back.decision)
        assert.include(amended.review_reasons, "sanctions_match")
      }))

    it.effect("a decision names an entry on the active list and a subject; otherwise 404 or 400, nothing stored", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const key = bearer(yield* server.newKey({ plan: "unlimited" }))
        const unknown = yield* decide(server.url, key, { name: "X", list: "ofac_sdn", entry_id: "999999", decision: "confirmed" })
        assert.strictEqual(unknown.status, 404)
        assert.isTrue(isErrorBody(unknown.body, "list_entry_not_found"))
        for (const body of [
          { list: "ofac_sdn", entry_id: "306", decision: "confirmed" },
          { registration_no: "RC 1", list: "ofac_sdn", entry_id: "306", decision: "confirmed" },
          { name: "X", list: "eu", entry_id: "306", decision: "confirmed" },
          { name: "X", list: "ofac_sdn", entry_id: "306", decision: "maybe" }
        ]) {
          const reply = yield* decide(server.url, key, body)
          assert.strictEqual(reply.status, 400, JSON.stringify(body))
        }
        const confirmed = yield* decide(server.url, key, { country: "CU", registration_no: "RC-1", list: "ofac_sdn", entry_id: "306", decision: "confirmed" })
        assert.strictEqual(confirmed.status, 201)
        assert.deepStrictEqual((confirmed.body as { subject: unknown }).subject, { country: "CU", registration_no: "RC-1" })
      }))
  })
})
