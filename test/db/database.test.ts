import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { WebhookDeliveryPage } from "../../src/domain/schemas/Webhook.js"
import { loadMigrations, migrate } from "../../src/db/Migrations.js"
import { TestDatabase } from "../support/testDatabase.js"

describe("database", () => {
  layer(TestDatabase.layer, { timeout: "60 seconds" })((it) => {
    it.effect("applies every numbered migration once and records it", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const rows = yield* sql<{ version: number }>`SELECT version FROM schema_migrations ORDER BY version`
        assert.deepStrictEqual(rows.map((r) => r.version), loadMigrations().map((m) => m.version))
        yield* migrate()
        const again = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM schema_migrations`
        assert.strictEqual(again[0]?.n, loadMigrations().length)
      }))

    it.effect("stores every event type the contract names (migrations written side by side each replaced the list)", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const types = WebhookDeliveryPage.fields.deliveries.value.fields.type.literals
        const [account] = yield* sql<{ id: string }>`INSERT INTO accounts (id, kind, plan) VALUES ('acc_event_types', 'operator', 'free') RETURNING id`
        for (const type of types) {
          yield* sql`INSERT INTO events (id, account_id, type, data) VALUES (${"evt_" + type}, ${account!.id}, ${type}, '{}'::jsonb)`
        }
        const stored = yield* sql<{ type: string }>`SELECT type FROM events WHERE account_id = ${account!.id} ORDER BY type`
        assert.deepStrictEqual(stored.map((r) => r.type), [...types].sort())
        yield* sql`DELETE FROM events WHERE account_id = ${account!.id}`
        yield* sql`DELETE FROM accounts WHERE id = ${account!.id}`
      }))

    it.effect("has pg_trgm and unaccent", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const rows = yield* sql<{ s: number; u: string }>`SELECT similarity('dangote', 'dangotte') AS s, unaccent('Société Générale') AS u`
        assert.isAbove(rows[0]!.s, 0.4)
        assert.strictEqual(rows[0]!.u, "Societe Generale")
      }))
  })
})
