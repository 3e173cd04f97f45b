import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { bearer, call, isErrorBody, type Reply } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { keyIdOf } from "../tenancy/support.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)

const refused = (reply: Reply, what: string) => {
  assert.strictEqual(reply.status, 400, `${what}: ${reply.status} ${reply.text}`)
  assert.isTrue(isErrorBody(reply.body, "invalid_request"), `${what}: ${reply.text}`)
  assert.match((reply.body as { message: string }).message, /^cursor: /, what)
}

/**
 * Cursors are bound to their list and account (issue 41 item 7): a next_cursor opens only the list, account and
 * filters it was made for; another account's, another list's, a changed filter's or a forged one is 400, so no cursor
 * can name (or date) another account's row.
 */
describe("cursors bound to their list, account and filters", () => {
  layer(makeTestServer({ KYB_WEBHOOK_ALLOW_PRIVATE: "true", KYB_WEBHOOK_POLL: "1 hour" }), { timeout: "120 seconds", excludeTestServices: true })((it) => {
    it.effect("a next_cursor works where it was made and nowhere else", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const a = yield* server.newKey({ plan: "unlimited" })
        const a2 = yield* server.newKey({ plan: "unlimited", accountId: (yield* keyIdOf(a)).account_id })
        const b = yield* server.newKey({ plan: "unlimited" })
        const get = (secret: string, path: string) => promise(() => call(`${server.url}${path}`, { headers: bearer(secret) }))
        const made: Array<{ id: string; created_at: string }> = []
        for (const n of [1, 2, 3]) {
          const hook = yield* promise(() => call(`${server.url}/v1/webhooks`, {
            method: "POST",
            headers: { ...bearer(a), "content-type": "application/json" },
            body: JSON.stringify({ url: `http://127.0.0.1:9/cursor-${n}`, events: ["sanctions.hit_added"] })
          }))
          assert.strictEqual(hook.status, 201, hook.text)
          made.push(hook.body as { id: string; created_at: string })
        }
        const first = yield* get(a, "/v1/webhooks?limit=1")
        const cursor = (first.body as { next_cursor: string | null }).next_cursor
        assert.isString(cursor)

        const next = yield* get(a, `/v1/webhooks?limit=1&cursor=${cursor}`)
        assert.strictEqual(next.status, 200, next.text)
        assert.strictEqual((next.body as { webhooks: Array<{ id: string }> }).webhooks[0]!.id, made[1]!.id)
        assert.strictEqual((yield* get(a2, `/v1/webhooks?limit=1&cursor=${cursor}`)).status, 200, "another key of the same account")

        refused(yield* get(b, `/v1/webhooks?limit=1&cursor=${cursor}`), "another account")
        for (const list of ["/v1/jobs", "/v1/decisions", "/v1/monitors", "/v1/checks", "/v1/events"]) refused(yield* get(a, `${list}?cursor=${cursor}`), list)
        refused(yield* get(a, `/v1/webhooks?limit=1&key_id=key_000000000000&cursor=${cursor}`), "another filter")
        // the old form, a position in plain base64url, naming A's row from B: refused, says nothing of it
        const forged = Buffer.from(`${made[2]!.created_at}|${made[2]!.id}`, "utf8").toString("base64url")
        refused(yield* get(b, `/v1/webhooks?cursor=${forged}`), "forged")
      }))
  })
})
