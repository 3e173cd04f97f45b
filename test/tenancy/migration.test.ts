import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { loadMigrations, migrate } from "../../src/db/Migrations.js"
import { TestSqlLive } from "../support/testDatabase.js"

const all = loadMigrations()
const before = all.filter((m) => m.version < 110)

describe("tenancy migration (issue 25)", () => {
  layer(TestSqlLive, { timeout: "120 seconds" })((it) => {
    it.effect("rows made before it belong to their key's account; keys without one get an account each; usage moves with them", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        yield* migrate(before)
        yield* sql`INSERT INTO accounts (id, email, email_lower, password_hash) VALUES ('acc_self', 'a@example.test', 'a@example.test', 'h')`
        yield* sql`INSERT INTO api_keys (id, secret_sha256, plan, account_id) VALUES
          ('key_dash1', 's1', 'free', 'acc_self'), ('key_dash2', 's2', 'free', 'acc_self')`
        yield* sql`INSERT INTO api_keys (id, secret_sha256, plan, label) VALUES ('key_op1', 's3', 'growth', 'ops'), ('key_op2', 's4', 'free', null)`
        yield* sql`INSERT INTO quota_usage (key_id, period, used) VALUES ('key_op1', '2026-11-01', 7)`
        yield* sql`INSERT INTO checks (id, key_id, created_at, input, input_normalized, verdict, lists, policy_version) VALUES
          ('11111111-1111-4111-8111-111111111111', 'key_dash1', now(), '{}', '{}', '{}', '[]', 'p'),
          ('22222222-2222-4222-8222-222222222222', 'key_op1', now(), '{}', '{}', '{}', '[]', 'p')`
        yield* sql`INSERT INTO batch_jobs (id, key_id, body_sha256, status, total) VALUES ('j1', 'key_dash2', 'x', 'queued', 0)`
        yield* sql`INSERT INTO monitors (id, key_id, screened_name) VALUES ('m1', 'key_dash1', 'X'), ('m2', 'key_op2', 'Y')`
        yield* sql`INSERT INTO events (id, key_id, type, data) VALUES ('e1', 'key_dash1', 'sanctions.hit_added', '{}')`
        yield* sql`INSERT INTO webhooks (id, key_id, url, events, secret_salt, secret_sha256, deleted_at) VALUES
          ('w1', 'key_dash2', 'https://a.example/', '{sanctions.hit_added}', 's', 'h', NULL),
          ('w2', 'key_dash2', 'https://b.example/', '{sanctions.hit_added}', 's', 'h', now())`
        yield* sql`INSERT INTO webhook_deliveries (webhook_id, event_id, state, give_up_at) VALUES
          ('w1', 'e1', 'pending', now()), ('w2', 'e1', 'pending', now())`
        yield* sql`INSERT INTO decisions (id, owner, key_id, subject, subject_key, list, entry_id, entry_hash, decision) VALUES
          ('d1', 'account:acc_self', 'key_dash1', '{}', 'name:x', 'ofac-sdn', '1', 'h', 'false_positive'),
          ('d2', 'key:key_op1', 'key_op1', '{}', 'name:x', 'ofac-sdn', '1', 'h', 'false_positive')`

        yield* migrate(all)

        const keys = yield* sql<{ id: string; account_id: string; kind: string; plan: string; name: string | null }>`
          SELECT k.id, k.account_id, a.kind, a.plan, a.name FROM api_keys k JOIN accounts a ON a.id = k.account_id ORDER BY k.id`
        const accountOf = (id: string) => keys.find((k) => k.id === id)!
        assert.strictEqual(accountOf("key_dash1").account_id, "acc_self")
        assert.strictEqual(accountOf("key_dash2").account_id, "acc_self")
        assert.strictEqual(accountOf("key_op1").kind, "operator")
        assert.strictEqual(accountOf("key_op1").plan, "growth")
        assert.strictEqual(accountOf("key_op1").name, "ops")
        assert.notStrictEqual(accountOf("key_op1").account_id, accountOf("key_op2").account_id)
        const op1 = accountOf("key_op1").account_id
        assert.deepStrictEqual(
          (yield* sql<{ used: string }>`SELECT used::text FROM account_usage WHERE account_id = ${op1} AND period = '2026-11-01'`).map((r) => r.used),
          ["7"]
        )
        const owners = yield* sql<{ t: string; id: string; account_id: string }>`
          SELECT 'check' AS t, id::text, account_id FROM checks UNION ALL SELECT 'job', id, account_id FROM batch_jobs
          UNION ALL SELECT 'monitor', id, account_id FROM monitors UNION ALL SELECT 'event', id, account_id FROM events
          UNION ALL SELECT 'webhook', id, account_id FROM webhooks UNION ALL SELECT 'delivery', webhook_id, account_id FROM webhook_deliveries
          UNION ALL SELECT 'decision', id, account_id FROM decisions ORDER BY 1, 2`
        assert.deepStrictEqual(owners.map((o) => `${o.t}:${o.id}:${o.account_id}`), [
          `check:11111111-1111-4111-8111-111111111111:acc_self`, `check:22222222-2222-4222-8222-222222222222:${op1}`,
          "decision:d1:acc_self", `decision:d2:${op1}`,
          "delivery:w1:acc_self", "delivery:w2:acc_self",
          "event:e1:acc_self", "job:j1:acc_self",
          "monitor:m1:acc_self", `monitor:m2:${accountOf("key_op2").account_id}`,
          "webhook:w1:acc_self", "webhook:w2:acc_self"
        ])
        // a delivery of a webhook deleted before the migration is cancelled, the other stays pending
        const states = yield* sql<{ webhook_id: string; state: string }>`SELECT webhook_id, state FROM webhook_deliveries ORDER BY webhook_id`
        assert.deepStrictEqual(states.map((s) => `${s.webhook_id}:${s.state}`), ["w1:pending", "w2:cancelled"])
      }))
  })
})
