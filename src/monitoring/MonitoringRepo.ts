import { SqlClient } from "@effect/sql"
import { Effect, Option } from "effect"

export interface MonitorRow {
  readonly id: string
  readonly key_id: string
  readonly name: string | null
  readonly country: string | null
  readonly registration_no: string | null
  readonly screened_name: string
  readonly hits: number
  readonly created_at: Date
}

export interface HeldHit {
  readonly monitor_id: string
  readonly list: string
  readonly entry_id: string
  readonly entry_hash: string
}

export interface EventRow {
  readonly id: string
  readonly type: string
  readonly created_at: Date
  readonly data: unknown
}

/** SQL of monitors, the hits they hold, the versions they were compared with, and events. */
export class MonitoringRepo extends Effect.Service<MonitoringRepo>()("kyb/MonitoringRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql`m.id, m.key_id, m.name, m.country, m.registration_no, m.screened_name, m.created_at,
      (SELECT count(*) FROM monitor_hits h WHERE h.monitor_id = m.id)::int AS hits`

    const insert = (
      row: { id: string; keyId: string; name: string | null; country: string | null; registrationNo: string | null; registrationKey: string | null; screenedName: string },
      hits: ReadonlyArray<Omit<HeldHit, "monitor_id">>
    ) =>
      sql.withTransaction(Effect.gen(function*() {
        yield* sql`INSERT INTO monitors (id, key_id, name, country, registration_no, registration_key, screened_name)
          VALUES (${row.id}, ${row.keyId}, ${row.name}, ${row.country}, ${row.registrationNo}, ${row.registrationKey}, ${row.screenedName})`
        yield* setHits(row.id, hits)
      }))

    const setHits = (monitorId: string, hits: ReadonlyArray<Omit<HeldHit, "monitor_id">>) =>
      hits.length === 0
        ? Effect.void
        : sql`INSERT INTO monitor_hits (monitor_id, list, entry_id, entry_hash)
            SELECT ${monitorId}, * FROM unnest(${hits.map((h) => h.list)}::text[], ${hits.map((h) => h.entry_id)}::text[], ${hits.map((h) => h.entry_hash)}::text[])
            ON CONFLICT (monitor_id, list, entry_id) DO UPDATE SET entry_hash = excluded.entry_hash`.pipe(Effect.asVoid)

    const dropHit = (monitorId: string, list: string, entryId: string) =>
      sql`DELETE FROM monitor_hits WHERE monitor_id = ${monitorId} AND list = ${list} AND entry_id = ${entryId}`.pipe(Effect.asVoid)

    const list = (keyId: string) =>
      sql<MonitorRow>`SELECT ${columns} FROM monitors m WHERE m.key_id = ${keyId} AND m.deleted_at IS NULL ORDER BY m.created_at DESC, m.id`

    const find = (keyId: string, id: string) =>
      sql<MonitorRow>`SELECT ${columns} FROM monitors m WHERE m.key_id = ${keyId} AND m.id = ${id} AND m.deleted_at IS NULL`.pipe(
        Effect.map((rows) => Option.fromNullable(rows[0]))
      )

    const remove = (keyId: string, id: string) =>
      sql<{ id: string }>`UPDATE monitors SET deleted_at = now() WHERE key_id = ${keyId} AND id = ${id} AND deleted_at IS NULL RETURNING id`.pipe(
        Effect.map((rows) => rows.length > 0)
      )

    const active = sql<MonitorRow>`SELECT ${columns} FROM monitors m WHERE m.deleted_at IS NULL ORDER BY m.created_at, m.id`

    const heldOf = (monitorIds: ReadonlyArray<string>) =>
      monitorIds.length === 0
        ? Effect.succeed<ReadonlyArray<HeldHit>>([])
        : sql<HeldHit>`SELECT monitor_id, list, entry_id, entry_hash FROM monitor_hits WHERE monitor_id IN ${sql.in(monitorIds)}`

    /** The monitors' hits on these entries (entries gone from their list). */
    const holdersOf = (list: string, entryIds: ReadonlyArray<string>) =>
      entryIds.length === 0
        ? Effect.succeed<ReadonlyArray<HeldHit>>([])
        : sql<HeldHit>`SELECT h.monitor_id, h.list, h.entry_id, h.entry_hash FROM monitor_hits h JOIN monitors m ON m.id = h.monitor_id
            WHERE m.deleted_at IS NULL AND h.list = ${list} AND h.entry_id IN ${sql.in(entryIds)}`

    const comparedVersions = sql<{ version_ids: ReadonlyArray<number> }>`SELECT version_ids FROM monitoring_state`.pipe(
      Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), (r) => [...r.version_ids]))
    )

    /** Moves the compared versions from `from` to `to`; false when another instance did first (it reports the change). */
    const advance = (from: ReadonlyArray<number> | null, to: ReadonlyArray<number>) =>
      from === null
        ? sql<{ singleton: boolean }>`INSERT INTO monitoring_state (version_ids) VALUES (${to as Array<number>}::int[])
            ON CONFLICT DO NOTHING RETURNING singleton`.pipe(Effect.map((rows) => rows.length > 0))
        : sql<{ singleton: boolean }>`UPDATE monitoring_state SET version_ids = ${to as Array<number>}::int[]
            WHERE version_ids = ${from as Array<number>}::int[] RETURNING singleton`.pipe(Effect.map((rows) => rows.length > 0))

    const insertEvent = (event: { id: string; keyId: string; type: string; data: unknown }) =>
      sql`INSERT INTO events (id, key_id, type, data) VALUES (${event.id}, ${event.keyId}, ${event.type}, ${JSON.stringify(event.data)}::jsonb)`.pipe(Effect.asVoid)

    const events = (keyId: string, options: { readonly since: Date | null; readonly after: { readonly createdAt: Date; readonly id: string } | null; readonly limit: number }) =>
      sql<EventRow>`SELECT id, type, created_at, data FROM events WHERE key_id = ${keyId} AND type <> 'webhook.test'
        ${options.since === null ? sql`` : sql`AND created_at >= ${options.since}`}
        ${options.after === null ? sql`` : sql`AND (created_at, id) < (${options.after.createdAt}, ${options.after.id})`}
        ORDER BY created_at DESC, id DESC LIMIT ${options.limit}`

    /** Status changes after the last one reported (the first call starts from now: history is not replayed). */
    const statusChangesSince = (limit: number) =>
      Effect.gen(function*() {
        yield* sql`INSERT INTO monitoring_status_cursor (last_change_id)
          SELECT coalesce(max(id), 0) FROM company_status_changes ON CONFLICT DO NOTHING`
        const [cursor] = yield* sql<{ last_change_id: string }>`SELECT last_change_id::text FROM monitoring_status_cursor`
        const after = cursor?.last_change_id ?? "0"
        const changes = yield* sql<{ id: string; country: string; registration_key: string; old_status: string | null; new_status: string | null }>`
          SELECT id::text, country, registration_key, old_status, new_status FROM company_status_changes
          WHERE id > ${after}::bigint ORDER BY id LIMIT ${limit}`
        return { after, changes }
      })

    /** Moves the status cursor; false when another instance did first (it reports those changes). */
    const advanceStatusCursor = (from: string, to: string) =>
      sql<{ singleton: boolean }>`UPDATE monitoring_status_cursor SET last_change_id = ${to}::bigint
        WHERE last_change_id = ${from}::bigint RETURNING singleton`.pipe(Effect.map((rows) => rows.length > 0))

    const companyMonitors = (country: string, registrationKey: string) =>
      sql<MonitorRow>`SELECT ${columns} FROM monitors m
        WHERE m.deleted_at IS NULL AND m.country = ${country} AND m.registration_key = ${registrationKey}`

    return { statusChangesSince, advanceStatusCursor, companyMonitors, insert, setHits, dropHit, list, find, remove, active, heldOf, holdersOf, comparedVersions, advance, insertEvent, events } as const
  })
}) {}
