import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { makeTestServer, TestServer } from "../support/server.js"
import { invitationLinkIn, invite, signUpAndLogIn } from "../support/webClient.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
const PASSWORD = "a long enough passphrase"

const shown = (email: string) =>
  Effect.gen(function*() {
    const { url } = yield* TestServer
    const owner = yield* promise(() => signUpAndLogIn(url, email, PASSWORD))
    const page = yield* promise(() => invite(owner, "someone@example.com", "viewer"))
    assert.strictEqual(page.status, 201, page.text)
    return { link: invitationLinkIn(page.text), said: /id="invitation-base">([^<]*)</.exec(page.text)?.[1] ?? "" }
  })

/** Issue 52 item 11: the link shown without a mail server is built from KYB_PUBLIC_URL, and the page says where it comes from. */
describe("the invitation link's address", () => {
  layer(makeTestServer({ KYB_PUBLIC_URL: "https://kyb.example.org/" }), { timeout: "60 seconds", excludeTestServices: true })((it) => {
    it.effect("KYB_PUBLIC_URL set: the link begins with it, and the page says so", () =>
      Effect.gen(function*() {
        const { link, said } = yield* shown("public-set@example.com")
        assert.strictEqual(link.origin, "https://kyb.example.org")
        assert.strictEqual(link.pathname, "/invitations/accept")
        assert.include(said, "https://kyb.example.org (KYB_PUBLIC_URL)")
      }))
  })
  layer(makeTestServer({ HOST: "127.0.0.1", PORT: "18099" }), { timeout: "60 seconds", excludeTestServices: true })((it) => {
    it.effect("KYB_PUBLIC_URL unset: the link begins with where the server listens (not localhost:8080), and the page says it is unset", () =>
      Effect.gen(function*() {
        const { link, said } = yield* shown("public-unset@example.com")
        assert.strictEqual(link.origin, "http://127.0.0.1:18099")
        assert.include(said, "KYB_PUBLIC_URL is not set: the link begins with http://127.0.0.1:18099, where this server listens")
      }))
  })
})
