import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import * as path from "node:path"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { fixturesDir } from "./paths.js"
import { bearer, call } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
interface Hit {
  entry_id: string; entry_hash: string; dismissed: boolean; decision: { id: string; decision: string } | null
  listing: { details?: { addresses: ReadonlyArray<{ address: string | null; country: string | null; note: string | null }>; remarks: ReadonlyArray<string> } | null }
}
interface VerdictBody { check_id: string; sanctions: { result: string; hits: ReadonlyArray<Hit> } }

const sdn = path.join(fixturesDir, "ofac-sdn")

describe("a list's details reach the hits without moving an entry's hash, a decision or a monitor (issue 38)", () => {
  layer(makeTestServer({ SANCTIONS_POLL_INTERVAL: "200 millis" }), { timeout: "120 seconds", excludeTestServices: true })((it) => {
    it.effect("a decision taken on a version stored without details is still in force once the same files add them", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const headers = { ...bearer(yield* server.newKey({ plan: "unlimited" })), "content-type": "application/json" }
        const post = (route: string, body: unknown) => promise(() => call(`${server.url}${route}`, { method: "POST", headers, body: JSON.stringify(body) }))
        const verify = post("/v1/verify", { name: "Banco Nacional de Cuba" }).pipe(Effect.map((r) => r.body as VerdictBody))
        const hit306 = (v: VerdictBody) => v.sanctions.hits.find((h) => h.entry_id === "306")

        // A version as a store made before details were kept holds it: its entries without `details`, no details form.
        const [first] = yield* ingestSanctions([sdn], { publishedOn: "2024-05-03" }).pipe(Effect.orDie)
        yield* sql`UPDATE sanctions_entries SET entry = entry - 'details' WHERE version_id = ${first!.versionId}`
        yield* sql`UPDATE sanctions_versions SET details_format = NULL WHERE id = ${first!.versionId}`
        const before = yield* verify.pipe(
          Effect.filterOrFail((v) => hit306(v) !== undefined),
          Effect.retry(Schedule.spaced("200 millis").pipe(Schedule.upTo({ duration: "30 seconds" }))),
          Effect.orDie
        )
        const hit = hit306(before)!
        assert.isNull(hit.listing.details, "the version holds no details: null, not an empty listing")
        const recorded = yield* post("/v1/decisions", {
          name: "BANCO NACIONAL DE CUBA", list: "ofac_sdn", entry_id: "306", decision: "false_positive", note: "the Panamanian namesake"
        })
        assert.strictEqual(recorded.status, 201, recorded.text)
        const decision = recorded.body as { id: string; entry_hash: string }
        assert.strictEqual(decision.entry_hash, hit.entry_hash)

        // The same files again: the version gets its details in place; no new version, so no monitor has a change to see.
        const [again] = yield* ingestSanctions([sdn], { publishedOn: "2024-05-03" }).pipe(Effect.orDie)
        assert.deepInclude(again, { status: "unchanged", versionId: first!.versionId, detailsAdded: true })
        const versions = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM sanctions_versions`
        assert.strictEqual(versions[0]!.n, 1)

        const after = hit306(yield* verify)!
        assert.strictEqual(after.entry_hash, hit.entry_hash, "the details are not covered by the hash")
        assert.isTrue(after.dismissed, "the decision taken before the details came is still in force")
        assert.deepStrictEqual(after.decision, { id: decision.id, decision: "false_positive" })
        // test/fixtures/sanctions/ofac-sdn/add.csv: Zweierstrasse 35, Zurich CH-8022, Switzerland; sdn.csv's remarks.
        assert.deepInclude(after.listing.details!.addresses, { address: "Zweierstrasse 35, Zurich CH-8022", country: "Switzerland", note: null })
        assert.deepStrictEqual(after.listing.details!.remarks, ["a.k.a. 'BNC'."])

        const [third] = yield* ingestSanctions([sdn], { publishedOn: "2024-05-03" }).pipe(Effect.orDie)
        assert.isFalse(third!.detailsAdded, "once added, the same files change nothing")
      }), 120_000)
  })
})
