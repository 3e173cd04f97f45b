import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { loadMigrations, migrate } from "../../src/db/Migrations.js"
import { TestSqlLive } from "../support/testDatabase.js"

const all = loadMigrations()
const before = all.filter((m) => m.version < 330)

/** sql/0330 on decisions made before it: each is its proposer's, each pending one in the case of its subject. */
describe("four eyes' migration (issue 52)", () => {
  layer(TestSqlLive, { timeout: "120 seconds" })((it) => {
    it.effect("a key's decision is its maker's; a pending one without a case joins its subject's case or opens one; the policy's last change comes from the audit log", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        yield* migrate(before)
        yield* sql`INSERT INTO accounts (id, kind, plan, name, email, email_lower) VALUES ('acc_t', 'self_serve', 'free', 'team', 'o@example.test', 'o@example.test')`
        yield* sql`INSERT INTO members (id, account_id, email, email_lower, name, role, password_hash) VALUES
          ('mem_o', 'acc_t', 'o@example.test', 'o@example.test', 'Olu Owner', 'owner', 'h')`
        yield* sql`INSERT INTO api_keys (id, secret_sha256, plan, account_id, created_by) VALUES
          ('key_o', 's1', 'free', 'acc_t', '{"type":"member","id":"mem_o","name":"Olu Owner"}'::jsonb), ('key_cli', 's2', 'free', 'acc_t', NULL)`
        yield* sql`INSERT INTO cases (id, account_id, subject_key, subject, opened_at, last_check_at) VALUES
          ('case_00000000000000000001', 'acc_t', 'company:NG:RC 1234', '{"country":"NG","registration_no":"RC 1234"}', now(), now())`
        yield* sql`INSERT INTO audit_log (account_id, seq, at, actor, action, outcome, prev_hash, hash) VALUES
          ('acc_t', 1, '2026-11-01T10:00:00Z', '{"type":"member","id":"mem_o","name":"Olu Owner"}', 'account.review_policy_changed', 'succeeded', 'p', 'h')`
        const decision = (id: string, keyId: string, by: string, subject: string, approval: string) =>
          sql`INSERT INTO decisions (id, account_id, key_id, decided_by, subject, subject_key, list, entry_id, entry_hash, decision, approval)
            VALUES (${id}, 'acc_t', ${keyId}, ${by}::jsonb, ${subject}::jsonb, 'k', 'ofac_sdn', '306', 'h', 'false_positive', ${approval})`
        yield* decision("d_key", "key_o", '{"type":"key","id":"key_o","label":null}', '{"name":"Banco  Nacional de Cuba"}', "pending")
        yield* decision("d_company", "key_o", '{"type":"member","id":"mem_o","name":"Olu Owner"}', '{"country":"ng","registration_no":"RC-1234"}', "pending")
        yield* decision("d_cli", "key_cli", '{"type":"key","id":"key_cli","label":null}', '{"name":"Banco Nacional de Cuba"}', "not_needed")

        yield* migrate(all)

        const rows = yield* sql<{ id: string; proposer_member: string | null; proposal_id: string; case_id: string | null }>`
          SELECT id, proposer_member, proposal_id, case_id FROM decisions ORDER BY id`
        assert.deepStrictEqual(rows.map((r) => [r.id, r.proposer_member, r.proposal_id === r.id]), [
          ["d_cli", null, true], ["d_company", "mem_o", true], ["d_key", "mem_o", true]
        ])
        const caseOf = (id: string) => rows.find((r) => r.id === id)!.case_id
        assert.isNull(caseOf("d_cli"), "only pending decisions are given a case")
        assert.strictEqual(caseOf("d_company"), "case_00000000000000000001", "the company's case, its number's separators aside")
        const opened = yield* sql<{ id: string; subject_key: string }>`SELECT id, subject_key FROM cases ORDER BY subject_key`
        assert.include(opened.map((c) => c.subject_key), "name:-:banco nacional de cuba")
        assert.strictEqual(caseOf("d_key"), opened.find((c) => c.subject_key === "name:-:banco nacional de cuba")!.id)
        const [policy] = yield* sql<{ name: string; at: string }>`SELECT four_eyes_changed_by->>'name' AS name,
          to_char(four_eyes_changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS at FROM accounts WHERE id = 'acc_t'`
        assert.deepStrictEqual(policy, { name: "Olu Owner", at: "2026-11-01T10:00" })
        // a decision inserted without a proposal is one of its own
        yield* decision("d_new", "key_o", '{"type":"key","id":"key_o","label":null}', '{"name":"X"}', "not_needed")
        const [fresh] = yield* sql<{ proposal_id: string }>`SELECT proposal_id FROM decisions WHERE id = 'd_new'`
        assert.strictEqual(fresh!.proposal_id, "d_new")
      }))
  })
})
