import { SqlClient } from "effect/sql"
import { Effect } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { splitStatements } from "./sqlScript.js"

export interface Migration {
  readonly version: number
  readonly name: string
  readonly sql: string
}

const defaultDirectory = fileURLToPath(new URL("../../sql", import.meta.url))

/** Numbered plain SQL files (`NNNN_name.sql`), the only place the schema is defined. */
export const loadMigrations = (directory = defaultDirectory): ReadonlyArray<Migration> =>
  fs.readdirSync(directory)
    .map((file) => /^(\d+)_(.+)\.sql$/.exec(file))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ version: Number(m[1]), name: m[2]!, sql: fs.readFileSync(path.join(directory, m[0]), "utf8") }))
    .sort((a, b) => a.version - b.version)

// Any constant works; it only has to be the same for every instance of the service.
const MIGRATION_LOCK = 4_242_001

/**
 * Applies the migrations not yet recorded, in one transaction under an advisory lock, so that several
 * instances starting together neither race nor half-apply.
 */
export const migrate = (migrations: ReadonlyArray<Migration> = loadMigrations()) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const applied = yield* sql.withTransaction(Effect.gen(function*() {
      yield* sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`
      yield* sql`CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`
      const done = new Set((yield* sql<{ version: number }>`SELECT version FROM schema_migrations`).map((r) => r.version))
      const pending = migrations.filter((m) => !done.has(m.version))
      for (const migration of pending) {
        // One statement at a time, unnamed: each runs once.
        for (const statement of splitStatements(migration.sql)) yield* sql.unsafe(statement).unprepared
        yield* sql`INSERT INTO schema_migrations (version, name) VALUES (${migration.version}, ${migration.name})`
      }
      return pending.map((m) => m.version)
    }))
    if (applied.length > 0) yield* Effect.logInfo("database migrated").pipe(Effect.annotateLogs({ applied }))
  })
