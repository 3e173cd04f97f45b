import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { makeTestServer, TestServer } from "../support/server.js"
import { inviteAndJoin, signUpAndLogIn } from "../support/webClient.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
const PASSWORD = "a long enough passphrase"

/** The four-eyes policy (issue 40 item 4) set in the console by an owner or an admin; an analyst reads it only. */
describe("the four-eyes policy in the console", () => {
  layer(makeTestServer({ KYB_SIGNUPS_PER_CLIENT: "1000" }), { timeout: "120 seconds", excludeTestServices: true })((it) => {
    it.effect("on for a new account; the owner turns it off and sets its score; bad scores and other roles change nothing; audited", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const owner = yield* promise(() => signUpAndLogIn(url, "policy40@example.com", PASSWORD))
        const [account] = yield* sql<{ id: string }>`SELECT id FROM accounts WHERE email_lower = 'policy40@example.com'`.pipe(Effect.orDie)
        const policy = () => sql<{ four_eyes: boolean; four_eyes_threshold: number }>`SELECT four_eyes, four_eyes_threshold FROM accounts WHERE id = ${account!.id}`
          .pipe(Effect.orDie, Effect.map((rows) => ({ on: rows[0]!.four_eyes, threshold: Number(rows[0]!.four_eyes_threshold) })))
        assert.include((yield* promise(() => owner.get("/dashboard/cases"))).text, "On: a false positive on a hit scored 0.95 or more")
        assert.deepStrictEqual(yield* policy(), { on: true, threshold: 0.95 })

        const off = yield* promise(() => owner.submit("/dashboard/cases", "/dashboard/cases/policy", { threshold: "0.9" }))
        assert.strictEqual(off.status, 303, off.text)
        assert.deepStrictEqual(yield* policy(), { on: false, threshold: 0.9 })
        assert.include((yield* promise(() => owner.get("/dashboard/cases"))).text, "Off: one member")
        const on = yield* promise(() => owner.submit("/dashboard/cases", "/dashboard/cases/policy", { four_eyes: "on", threshold: "0.97" }))
        assert.strictEqual(on.status, 303, on.text)
        assert.deepStrictEqual(yield* policy(), { on: true, threshold: 0.97 })

        for (const threshold of ["0.3", "1.5", "", "NaN"]) {
          const bad = yield* promise(() => owner.submit("/dashboard/cases", "/dashboard/cases/policy", { threshold }))
          assert.strictEqual(bad.status, 400, `${threshold}: ${bad.text}`)
          assert.include(bad.text, "threshold: must be a score from 0.5 to 1")
        }
        assert.deepStrictEqual(yield* policy(), { on: true, threshold: 0.97 })

        // an analyst sees the policy but has no form, and a forged post is refused
        const analyst = yield* promise(() => inviteAndJoin(owner, url, { email: "ana-policy@example.com", role: "analyst", name: "Ana Analyst", password: PASSWORD }))
        const page = (yield* promise(() => analyst.get("/dashboard/cases"))).text
        assert.include(page, "On: a false positive on a hit scored 0.97 or more")
        assert.notInclude(page, "/dashboard/cases/policy")
        const forged = yield* promise(() => analyst.submit("/dashboard/cases", "/dashboard/cases/policy", { threshold: "0.5" }))
        assert.strictEqual(forged.status, 403, forged.text)
        assert.deepStrictEqual(yield* policy(), { on: true, threshold: 0.97 })

        const audited = yield* sql<{ details: { four_eyes: boolean; threshold: number } }>`SELECT details FROM audit_log
          WHERE account_id = ${account!.id} AND action = 'account.review_policy_changed' ORDER BY seq`.pipe(Effect.orDie)
        assert.deepStrictEqual(audited.map((a) => a.details), [{ four_eyes: false, threshold: 0.9 }, { four_eyes: true, threshold: 0.97 }])
      }))
  })
})
