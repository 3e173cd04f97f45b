import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { bearer, call } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { keyIdOf } from "../tenancy/support.js"
import { linkedFixtures } from "./linkedFixtures.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)

interface Hit { list: string; entry_id: string; dismissed: boolean; linked: ReadonlyArray<{ list: string; entry_id: string }> }
interface VerdictBody { sanctions: { hits: ReadonlyArray<Hit> } }

const verify = (url: string, headers: Record<string, string>) =>
  promise(() => call(`${url}/v1/verify`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ name: "Zorvak Keldran Maritime Holdings" }) }))
    .pipe(Effect.map((r) => r.body as VerdictBody))
const hitOn = (verdict: VerdictBody, list: string, id: string) => verdict.sanctions.hits.find((h) => h.list === list && h.entry_id === id)

describe("deciding a linked entity once (issue 40 item 3)", () => {
  layer(makeTestServer({ SANCTIONS_POLL_INTERVAL: "200 millis" }), { timeout: "180 seconds", excludeTestServices: true })((it) => {
    it.effect("a false positive on one list's entry dismisses the same entity's entry on the other list; revising it restores both", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const fixtures = linkedFixtures()
        yield* ingestSanctions([fixtures.sdn], { publishedOn: "2024-05-03" }).pipe(Effect.orDie)
        yield* ingestSanctions([fixtures.un], { publishedOn: "2024-05-04" }).pipe(Effect.orDie)
        const secret = yield* server.newKey({ plan: "unlimited" })
        const mine = bearer(secret)
        const { account_id } = yield* keyIdOf(secret)
        yield* sql`UPDATE accounts SET four_eyes = false WHERE id = ${account_id}`.pipe(Effect.orDie)

        const first = yield* verify(server.url, mine).pipe(
          Effect.filterOrFail((v) => hitOn(v, "ofac_sdn", "97101") !== undefined && hitOn(v, "un_sc", "SYe.001") !== undefined),
          Effect.retry(Schedule.spaced("200 millis").pipe(Schedule.upTo({ duration: "30 seconds" }))),
          Effect.orDie
        )
        assert.isTrue(hitOn(first, "ofac_sdn", "97101")!.linked.some((l) => l.list === "un_sc" && l.entry_id === "SYe.001"), "the two entries are linked")
        const cases = (yield* promise(() => call(`${server.url}/v1/cases`, { headers: mine }))).body as { cases: ReadonlyArray<{ id: string }> }
        const kase = cases.cases[0]!
        const decide = (decision: string, note: string) => promise(() => call(`${server.url}/v1/cases/${kase.id}/decisions`, {
          method: "POST",
          headers: { ...mine, "content-type": "application/json" },
          body: JSON.stringify({ hits: [{ list: "ofac_sdn", entry_id: "97101" }], decision, note })
        }))

        const dismissed = yield* decide("false_positive", "a namesake, not the listed shipping company")
        assert.strictEqual(dismissed.status, 200, dismissed.text)
        const after = yield* verify(server.url, mine)
        assert.isTrue(hitOn(after, "ofac_sdn", "97101")!.dismissed)
        assert.isTrue(hitOn(after, "un_sc", "SYe.001")!.dismissed, "decided once, dismissed on the other list too")

        const revised = yield* decide("confirmed", "on a second reading it is the listed company")
        assert.strictEqual(revised.status, 200, revised.text)
        const back = yield* verify(server.url, mine)
        assert.isFalse(hitOn(back, "ofac_sdn", "97101")!.dismissed)
        assert.isFalse(hitOn(back, "un_sc", "SYe.001")!.dismissed, "the revision restores the linked entry's hit too")
      }))
  })
})
