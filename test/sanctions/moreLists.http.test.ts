import { assert, describe, layer } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import * as path from "node:path"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { bearer, call } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { signedInAccount } from "./accountSession.js"
import { euFsf, listsDir, ukInvBan, ukXlsx, worldBank } from "./paths.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)

type Hit = { readonly list: string; readonly entry_id: string }
interface Debarment {
  readonly institution: string
  readonly grounds: string
  readonly from: string | null
  readonly to: string | null
  readonly active: boolean
  readonly name: string
  readonly list_version: string
  readonly entry_hash: string
}
interface VerdictBody {
  readonly result: string
  readonly review_reason: string | null
  readonly review_reasons: ReadonlyArray<string>
  readonly sources: ReadonlyArray<string>
  readonly check_id: string
  readonly sanctions: { readonly result: string; readonly hits: ReadonlyArray<Hit> }
  readonly signals: { readonly debarred: { readonly active: boolean; readonly debarments: ReadonlyArray<Debarment> } | null }
}

describe("the UK, EU and World Bank lists over HTTP", () => {
  layer(makeTestServer({ SANCTIONS_POLL_INTERVAL: "200 millis" }), { timeout: "300 seconds", excludeTestServices: true })((it) => {
    const ready = Effect.gen(function*() {
      const server = yield* TestServer
      const headers = bearer(yield* server.newKey({ plan: "unlimited" }))
      const verifyWith = (h: Record<string, string>) => (body: Record<string, string>) =>
        promise(() => call(`${server.url}/v1/verify`, { method: "POST", headers: { ...h, "content-type": "application/json" }, body: JSON.stringify(body) })).pipe(
          Effect.map((reply) => {
            assert.strictEqual(reply.status, 200, reply.text)
            return reply.body as VerdictBody
          })
        )
      const verify = verifyWith(headers)
      // The server's screener polls for new versions; wait until every list is loaded.
      yield* verify({ name: "probe" }).pipe(
        Effect.filterOrFail((v) => v.sources.length === 5 && v.sanctions.result !== "unavailable"),
        Effect.retry(Schedule.spaced("250 millis").pipe(Schedule.upTo({ duration: "120 seconds" }))),
        Effect.orDie
      )
      return { server, verify, verifyWith }
    })

    it.effect("names from each new list are found through POST /v1/verify, with version and hash per hit", () =>
      Effect.gen(function*() {
        yield* ingestSanctions([ukXlsx, ukInvBan, euFsf, worldBank, path.join(listsDir, "ofac-consolidated")]).pipe(Effect.orDie)
        const { verify } = yield* ready
        const probe = yield* verify({ name: "probe" })
        assert.deepStrictEqual(probe.sources, [
          "OFAC Consolidated (non-SDN) (sha256:" + probe.sources[0]!.slice("OFAC Consolidated (non-SDN) (sha256:".length),
          "UK OFSI Consolidated (2025-04-14)",
          "UK OFSI Investment Ban (2022-04-06)",
          "EU Financial Sanctions Files (2026-08-05)",
          "World Bank Debarred (2025-01-07)"
        ])
        const hitsOf = (v: VerdictBody) => v.sanctions.hits.map((h) => `${h.list}:${h.entry_id}`)
        const uk = yield* verify({ name: "Zapchasttrade LLP" })
        assert.include(hitsOf(uk), "uk_ofsi:16636")
        assert.strictEqual(uk.result, "review")
        assert.strictEqual(uk.review_reason, "sanctions_match")
        const ukHit = uk.sanctions.hits.find((h) => h.entry_id === "16636") as unknown as Record<string, string>
        assert.strictEqual(ukHit["list_version"], "2025-04-14")
        assert.match(ukHit["entry_hash"]!, /^[0-9a-f]{64}$/)
        assert.include(hitsOf(yield* verify({ name: "ТОО ЗАПЧАСТЬ ТРЕЙД" })), "uk_ofsi:16636")
        assert.include(hitsOf(yield* verify({ name: "Sberbank of Russia" })), "uk_invban:13079")
        assert.include(hitsOf(yield* verify({ name: "Parchin Chemical Industries" })), "eu_fsf:3822")
        assert.include(hitsOf(yield* verify({ name: "Parcsini Vegyipari Vállalat" })), "eu_fsf:3822")
      }), 300_000)

    it.effect("a debarred firm gives review with signals.debarred; a firm whose debarment ended is reported without review", () =>
      Effect.gen(function*() {
        const { verify } = yield* ready
        const debarred = yield* verify({ name: "NISHAN ENGINEERS (PVT) LIMITED", country: "PK" })
        assert.strictEqual(debarred.result, "review")
        assert.strictEqual(debarred.review_reason, "debarred")
        assert.isFalse(debarred.sanctions.hits.some((h) => h.list === "worldbank_debarred"), "a debarment is not a sanctions hit")
        assert.strictEqual(debarred.sanctions.result, "clear")
        assert.isTrue(debarred.signals.debarred?.active)
        const nishan = debarred.signals.debarred!.debarments.find((d) => d.name === "NISHAN ENGINEERS (PVT) LIMITED")!
        assert.deepInclude(nishan, { institution: "World Bank", grounds: "Fraudulent Practices", from: "2024-10-30", to: "2028-02-28", active: true, list_version: "2025-01-07" })
        assert.match(nishan.entry_hash, /^[0-9a-f]{64}$/)

        // Debarred from 2024-06-27 to 2025-12-26: ended.
        const ended = yield* verify({ name: "THANG LONG CONSTRUCTION COMPANY LIMITED" })
        const thangLong = ended.signals.debarred?.debarments.find((d) => d.name === "THANG LONG CONSTRUCTION COMPANY LIMITED")
        assert.deepInclude(thangLong, { to: "2025-12-26", active: false, grounds: "Obstructive Practice" })
        assert.isFalse(ended.signals.debarred!.active)
        assert.notInclude(ended.review_reasons, "debarred")
        // No live registry here: not found in the store is registry_not_covered, not not_found.
        assert.deepStrictEqual(ended.review_reasons, ["registry_not_covered"])
      }))

    it.effect("an account chooses its lists: stored, readable, and the verdict, its sources and its check name exactly those", () =>
      Effect.gen(function*() {
        const { server, verifyWith } = yield* ready
        const { cookie, send } = yield* signedInAccount(server.url, "lists@example.com")
        const key = (yield* send("POST", "/account/api/keys", { label: "lists" })).body as { secret: string }
        const verify = verifyWith(bearer(key.secret))
        type Lists = { custom: boolean; lists: ReadonlyArray<{ id: string; name: string; kind: string; screened: boolean }> }
        const initial = (yield* promise(() => call(`${server.url}/account/api/lists`, { headers: cookie() }))).body as Lists
        assert.isFalse(initial.custom)
        assert.isTrue(initial.lists.every((l) => l.screened), "every list by default")
        assert.deepInclude(initial.lists, { id: "worldbank_debarred", name: "World Bank Debarred", kind: "debarment", screened: true })
        assert.include((yield* verify({ name: "Parchin Chemical Industries" })).sanctions.hits.map((h) => h.list), "eu_fsf")

        for (const bad of [[], ["eu"], "eu_fsf", [1]]) {
          const refused = yield* send("PUT", "/account/api/lists", { lists: bad })
          assert.strictEqual(refused.status, 400)
          assert.deepInclude(refused.body as object, { error: "invalid_request" })
          assert.match((refused.body as { message: string }).message, /^lists: must be/)
        }
        const forged = yield* promise(() => call(`${server.url}/account/api/lists`, { method: "PUT", headers: { ...cookie(), "content-type": "application/json" }, body: JSON.stringify({ lists: ["ofac_consolidated"] }) }))
        assert.strictEqual(forged.status, 403)

        const chosen = yield* send("PUT", "/account/api/lists", { lists: ["ofac_consolidated", "uk_ofsi"] })
        assert.strictEqual(chosen.status, 200, chosen.text)
        assert.deepStrictEqual((chosen.body as Lists).lists.filter((l) => l.screened).map((l) => l.id), ["ofac_consolidated", "uk_ofsi"])
        const read = (yield* promise(() => call(`${server.url}/account/api/lists`, { headers: cookie() }))).body as Lists
        assert.isTrue(read.custom)
        assert.deepStrictEqual(read.lists.filter((l) => l.screened).map((l) => l.id), ["ofac_consolidated", "uk_ofsi"])

        const eu = yield* verify({ name: "Parchin Chemical Industries" })
        assert.isFalse(eu.sanctions.hits.some((h) => h.list === "eu_fsf"))
        assert.deepStrictEqual(eu.sources.map((s) => s.replace(/ \([^()]*\)$/, "")), ["OFAC Consolidated (non-SDN)", "UK OFSI Consolidated"])
        const check = (yield* promise(() => call(`${server.url}/v1/checks/${eu.check_id}`, { headers: bearer(key.secret) }))).body as { lists: ReadonlyArray<{ list: string }> }
        assert.deepStrictEqual(check.lists.map((l) => l.list), ["OFAC Consolidated (non-SDN)", "UK OFSI Consolidated"])
        const notScreened = yield* verify({ name: "NISHAN ENGINEERS (PVT) LIMITED", country: "PK" })
        assert.isNull(notScreened.signals.debarred)
        assert.notInclude(notScreened.review_reasons, "debarred")
        assert.include((yield* verify({ name: "Zapchasttrade LLP" })).sanctions.hits.map((h) => h.list), "uk_ofsi")

        const reset = yield* send("PUT", "/account/api/lists", { lists: null })
        assert.isFalse((reset.body as Lists).custom)
        assert.include((yield* verify({ name: "Parchin Chemical Industries" })).sanctions.hits.map((h) => h.list), "eu_fsf")
      }))
  })
})
