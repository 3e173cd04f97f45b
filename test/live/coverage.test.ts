import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { bwCipaSource } from "../../src/registries/adapters/bwCipa.js"
import { mgRcsSource } from "../../src/registries/adapters/mgRcs.js"
import { bearer, call } from "../support/http.js"
import { TestServer } from "../support/server.js"
import { signUpAndLogIn } from "../support/webClient.js"
import { fake, serverWithFakes } from "./support.js"

interface Source {
  readonly id: string
  readonly kind: string
  readonly live: boolean
  readonly terms: ReadonlyArray<string>
  readonly confirms: ReadonlyArray<string>
  readonly covers: string
  readonly last_answered_at: string | null
}
interface Coverage {
  readonly id: string
  readonly coverage: string
  readonly asked_live: string
  readonly confirms_live: ReadonlyArray<string>
  readonly terms: ReadonlyArray<string>
  readonly last_answered_at: string | null
  readonly sources: ReadonlyArray<Source>
}

const client = Effect.gen(function*() {
  const server = yield* TestServer
  const headers = bearer(yield* server.newKey({ plan: "unlimited" }))
  const get = (path: string) => Effect.promise(() => call(`${server.url}${path}`, { headers }))
  const coverage = Effect.map(get("/v1/registries"), (reply) => {
    assert.strictEqual(reply.status, 200, reply.text)
    return new Map((reply.body as { registries: ReadonlyArray<Coverage> }).registries.map((r) => [r.id, r]))
  })
  return { get, coverage }
})

describe("coverage said plainly: GET /v1/registries, and verifications through the real HTTP path", () => {
  // A CIPA search is four calls and an RCS look-up two: generous timings, so a loaded machine cannot turn them into
  // "unreachable" (no timing is asserted here).
  const config = { KYB_REGISTRY_TIMEOUT_MS: "10000", KYB_REGISTRY_BUDGET_MS: "20000", KYB_REGISTRY_BACKGROUND_MS: "20000" }
  layer(serverWithFakes({ live: ["bw-cipa", "mg-rcs"], config }), { timeout: "90 seconds", excludeTestServices: true })((it) => {
    it.effect("per registry: how it is asked live, what its sources confirm, their terms, and when they last answered", () =>
      Effect.gen(function*() {
        const { coverage, get } = yield* client
        const before = yield* coverage
        assert.strictEqual(before.size, 18)
        const bw = before.get("bw-cipa")!
        assert.strictEqual(bw.asked_live, "own_search")
        assert.deepStrictEqual(bw.confirms_live, ["registered", "status"])
        assert.deepStrictEqual(bw.terms, ["free"])
        assert.isNull(bw.last_answered_at, "not asked yet")
        assert.deepStrictEqual(before.get("mg-rcs")!.confirms_live, ["registered", "officers"], "the RCS shows no status")
        // Switched off here (the server's live list), so not asked live, though an adapter exists.
        assert.strictEqual(before.get("ng-cac")!.asked_live, "none")
        assert.isFalse(before.get("ng-cac")!.sources.find((s) => s.id === "ng-cac")!.live)
        // Kenya: the partner API needs credentials this server does not have.
        const ke = before.get("ke-brs")!
        assert.strictEqual(ke.asked_live, "none")
        assert.deepStrictEqual(ke.sources.find((s) => s.id === "ke-brs")?.terms, ["partner_only"])
        // Ghana: nothing live; the free sources say which businesses they cover.
        const gh = before.get("gh-orc")!
        assert.strictEqual(gh.asked_live, "none")
        assert.strictEqual(gh.coverage, "registry_not_covered")
        assert.deepStrictEqual(gh.confirms_live, [])
        assert.includeMembers([...gh.terms], ["login", "paid"])
        const gleif = gh.sources.find((s) => s.id === "gleif")!
        assert.isFalse(gleif.live)
        assert.match(gleif.covers, /LEI/)
        assert.isTrue(gh.sources.some((s) => s.kind === "file" && /EITI/.test(s.covers)))

        const found = yield* get("/v1/verify?registration_no=BW00001234501&country=BW")
        assert.strictEqual(found.status, 200, found.text)
        const verdict = found.body as { registered: boolean; company: { legal_name: string; source: string } | null }
        assert.isTrue(verdict.registered, found.text)
        assert.strictEqual(verdict.company?.legal_name, "KGALAGADI TRADING (PROPRIETARY) LIMITED")
        assert.strictEqual(verdict.company?.source, bwCipaSource)
        assert.isAbove((yield* fake("bw-cipa")).stats().requests, 0)

        const after = (yield* coverage).get("bw-cipa")!
        assert.isString(after.last_answered_at)
        assert.strictEqual(after.sources.find((s) => s.id === "bw-cipa")?.last_answered_at, after.last_answered_at)
      }))

    it.effect("Madagascar through the form search and its detail page: registered, officers kept, status never guessed", () =>
      Effect.gen(function*() {
        const { get } = yield* client
        const reply = yield* get(`/v1/company/MG/${encodeURIComponent("2015 B 00456")}`)
        assert.strictEqual(reply.status, 200, reply.text)
        const body = reply.body as Record<string, unknown>
        assert.strictEqual(body["legal_name"], "VANILLE SAVA EXPORT")
        assert.strictEqual(body["source"], mgRcsSource)
        assert.isNull(body["status"] ?? null)
        const verdict = (yield* get(`/v1/verify?registration_no=${encodeURIComponent("2015 B 00456")}&country=MG`)).body as Record<string, unknown>
        assert.isTrue(verdict["registered"])
      }))

    it.effect("the console's Registries page says the same as GET /v1/registries", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const web = yield* Effect.promise(() => signUpAndLogIn(url, "coverage@example.com", "a long enough passphrase"))
        const page = yield* Effect.promise(() => web.get("/dashboard/registries"))
        assert.strictEqual(page.status, 200, page.text)
        const rowOf = (country: string) => new RegExp(`<tr><th scope="row">${country}</th>[\\s\\S]*?</tr>`).exec(page.text)?.[0] ?? ""
        assert.include(rowOf("BW"), "its own search (CIPA Search the Register)")
        assert.include(rowOf("MG"), "registered, officers")
        assert.include(rowOf("GH"), "GLEIF Global LEI Index: businesses holding an LEI")
        assert.include(rowOf("GH"), "login, paid")
        assert.include(rowOf("KE"), "partner-only")
        assert.include(page.text, 'href="/dashboard/registries" aria-current="page"')
      }))

    it.effect("an uncovered business still says registry_not_covered", () =>
      Effect.gen(function*() {
        const { get } = yield* client
        const reply = yield* get("/v1/verify?name=Accra%20Quantum%20Bakery&country=GH")
        assert.strictEqual(reply.status, 200, reply.text)
        const body = reply.body as Record<string, unknown>
        assert.strictEqual(body["result"], "review")
        // This server loads no sanctions list, so that reason comes first; the registry's is among the reasons.
        assert.include(body["review_reasons"] as ReadonlyArray<string>, "registry_not_covered")
        assert.isFalse(body["registered"])
      }))
  })
})
