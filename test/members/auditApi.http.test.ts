import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { call } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { secretIn, signUpAndLogIn } from "../support/webClient.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
const PASSWORD = "a long enough passphrase"

interface Entry { readonly seq: number; readonly action: string; readonly actor: { type: string; id: string; name?: string; label?: string | null } | null; readonly object: { type: string; id: string } | null; readonly hash: string; readonly prev_hash: string; readonly details: Record<string, unknown> }
interface Page { readonly entries: ReadonlyArray<Entry>; readonly next_cursor: string | null }

/** GET /v1/audit (issue 39): the account's log for keys with scope audit, filtered and paged; nothing of another account. */
describe("the audit log through the API", () => {
  layer(makeTestServer({ KYB_SIGNUPS_PER_CLIENT: "1000" }), { timeout: "120 seconds", excludeTestServices: true })((it) => {
    it.effect("only an audit key reads it; filters by action, actor, object and day; a cursor pages it; bad parameters are 400", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const owner = yield* promise(() => signUpAndLogIn(url, "auditor-owner@example.com", PASSWORD))
        const key = (label: string, scope: string) => promise(async () => secretIn((await owner.submitFollowing("/dashboard", "/dashboard/keys", { label, scope })).text))
        const writer = yield* key("backend", "read_write")
        const reader = yield* key("agent", "read")
        const auditor = yield* key("auditor", "audit")
        const dashboard = (yield* promise(() => owner.get("/dashboard"))).text
        assert.match(dashboard, /auditor<\/td><td data-label="Access">read and audit log</)
        assert.match(dashboard, /data-label="Made by">auditor-owner@example.com</)
        const get = (secret: string, query = "") => promise(() => call(`${url}/v1/audit${query}`, { headers: { authorization: `Bearer ${secret}` } }))

        for (const secret of [writer, reader]) {
          const refused = yield* get(secret)
          assert.strictEqual(refused.status, 403, refused.text)
          assert.deepInclude(refused.body as object, { error: "insufficient_scope" })
        }
        // An audit key changes nothing.
        const monitor = yield* promise(() => call(`${url}/v1/monitors`, { method: "POST", headers: { authorization: `Bearer ${auditor}`, "content-type": "application/json" }, body: JSON.stringify({ name: "Nope Ltd" }) }))
        assert.strictEqual(monitor.status, 403)
        const made = yield* promise(() => call(`${url}/v1/monitors`, { method: "POST", headers: { authorization: `Bearer ${writer}`, "content-type": "application/json" }, body: JSON.stringify({ name: "Watched Ltd" }) }))
        assert.strictEqual(made.status, 201, made.text)
        const monitorId = (made.body as { id: string }).id

        const all = yield* get(auditor)
        assert.strictEqual(all.status, 200, all.text)
        const entries = (all.body as Page).entries
        // the owner's log-in, the keys, the three refusals by scope (issue 52 item 5), the monitor
        assert.deepStrictEqual(entries.map((e) => e.action), ["member.logged_in", "key.created", "key.created", "key.created",
          "access.refused", "access.refused", "access.refused", "monitor.created"])
        assert.deepStrictEqual(entries.map((e) => e.seq), [1, 2, 3, 4, 5, 6, 7, 8])
        assert.strictEqual(entries[2]!.prev_hash, entries[1]!.hash)
        assert.deepInclude(entries[1]!.actor!, { type: "member", name: "auditor-owner@example.com" })
        assert.deepInclude(entries[4]!.details, { path: "/v1/audit", status: 403, error: "insufficient_scope" })
        assert.deepInclude(entries[7]!.actor!, { type: "key", label: "backend" })
        assert.deepStrictEqual(entries[7]!.object, { type: "monitor", id: monitorId })

        const byAction = (yield* get(auditor, "?action=monitor.created")).body as Page
        assert.deepStrictEqual(byAction.entries.map((e) => e.seq), [8])
        const backend = entries[7]!.actor!.id
        const byActor = (yield* get(auditor, `?actor_id=${backend}`)).body as Page
        assert.deepStrictEqual(byActor.entries.map((e) => e.seq), entries.filter((e) => e.actor?.id === backend).map((e) => e.seq))
        assert.include(byActor.entries.map((e) => e.seq), 8)
        const byObject = (yield* get(auditor, `?object_id=${monitorId}`)).body as Page
        assert.deepStrictEqual(byObject.entries.map((e) => e.seq), [8])
        const today = new Date().toISOString().slice(0, 10)
        assert.strictEqual(((yield* get(auditor, `?day=${today}`)).body as Page).entries.length, 8)
        assert.strictEqual(((yield* get(auditor, "?day=2001-01-01")).body as Page).entries.length, 0)

        const first = (yield* get(auditor, "?limit=3")).body as Page
        assert.deepStrictEqual(first.entries.map((e) => e.seq), [1, 2, 3])
        assert.isString(first.next_cursor)
        const second = (yield* get(auditor, `?limit=5&cursor=${first.next_cursor}`)).body as Page
        assert.deepStrictEqual([second.entries.map((e) => e.seq), second.next_cursor], [[4, 5, 6, 7, 8], null])

        for (const bad of ["?limit=0", "?cursor=nope", "?action=everything", "?day=2026-02-30", "?actor_id=x", "?object_id=%20"]) {
          const reply = yield* get(auditor, bad)
          assert.strictEqual(reply.status, 400, `${bad}: ${reply.text}`)
          assert.deepInclude(reply.body as object, { error: "invalid_request" })
        }

        // Another account's audit key sees only its own log.
        const other = yield* promise(() => signUpAndLogIn(url, "someone-else@example.com", PASSWORD))
        const theirs = secretIn((yield* promise(() => other.submitFollowing("/dashboard", "/dashboard/keys", { label: "theirs", scope: "audit" }))).text)
        const seen = (yield* get(theirs)).body as Page
        assert.deepStrictEqual(seen.entries.map((e) => [e.action, e.actor?.name]), [["member.logged_in", "someone-else@example.com"], ["key.created", "someone-else@example.com"]])
      }))
  })
})
