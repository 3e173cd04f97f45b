import { SqlClient } from "effect/sql"
import { Effect, Option, Context, Layer } from "effect"
import type { Attribution } from "../access/actor.js"
import type { Plan } from "../domain/quotaWindow.js"
import { countEvent } from "../metrics/series.js"

export interface MonitorRow {
  readonly id: string
  readonly account_id: string
  readonly key_id: string | null
  readonly created_by: Attribution | null
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

/**
 * A page position, newest first: after the row `id` (its created_at read from the row itself, exact to the
 * microsecond, so rows made in the same millisecond are neither skipped nor repeated).
 */
export interface After {
  readonly id: string
}

export interface EventRow {
  readonly id: string
  readonly type: string
  readonly created_at: Date
  readonly data: unknown
}

/** SQL of monitors, the hits they hold, the versions they were compared with, and events. */
export class MonitoringRepo extends Context.Service<MonitoringRepo>()("kyb/MonitoringRepo", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql`m.id, m.account_id, m.key_id, m.created_by, m.name, m.country, m.registration_no, m.screened_name, m.created_at,
      (SELECT count(*) FROM monitor_hits h WHERE h.monitor_id = m.id)::int AS hits`

    const insert = (
      row: { id: string; accountId: string; keyId: string | null; createdBy: Attribution | null; name: string | null; country: string | null; registrationNo: string | null; registrationKey: string | null; screenedName: string },
      hits: ReadonlyArray<Omit<HeldHit, "monitor_id">>
    ) =>
      sql.withTransaction(Effect.gen(function*() {
        const [made] = yield* sql<MonitorRow>`INSERT INTO monitors AS m (id, account_id, key_id, created_by, name, country, registration_no, registration_key, screened_name)
          VALUES (${row.id}, ${row.accountId}, ${row.keyId}, ${row.createdBy === null ? null : JSON.stringify(row.createdBy)}::jsonb, ${row.name}, ${row.country}, ${row.registrationNo}, ${row.registrationKey}, ${row.screenedName})
          RETURNING m.id, m.account_id, m.key_id, m.created_by, m.name, m.country, m.registration_no, m.screened_name, m.created_at`
        yield* setHits(row.id, hits)
        return { ...made!, hits: new Set(hits.map((h) => `${h.list}:${h.entry_id}`)).size }
      }))

    const setHits = (monitorId: string, hits: ReadonlyArray<Omit<HeldHit, "monitor_id">>) =>
      hits.length === 0
        ? Effect.void
        : sql`INSERT INTO monitor_hits (monitor_id, list, entry_id, entry_hash)
            SELECT ${monitorId}, * FROM unnest(${hits.map((h) => h.list)}::text[], ${hits.map((h) => h.entry_id)}::text[], ${hits.map((h) => h.entry_hash)}::text[])
            ON CONFLICT (monitor_id, list, entry_id) DO UPDATE SET entry_hash = excluded.entry_hash`.pipe(Effect.asVoid)

    const dropHit = (monitorId: string, list: string, entryId: string) =>
      sql`DELETE FROM monitor_hits WHERE monitor_id = ${monitorId} AND list = ${list} AND entry_id = ${entryId}`.pipe(Effect.asVoid)

    /** An account's monitors (one key's, with `keyId`), newest first. */
    const list = (accountId: string, options: { readonly keyId: string | null; readonly after: After | null; readonly limit: number }) =>
      sql<MonitorRow>`SELECT ${columns} FROM monitors m WHERE m.account_id = ${accountId} AND m.deleted_at IS NULL
        ${options.keyId === null ? sql`` : sql`AND m.key_id = ${options.keyId}`}
        ${options.after === null ? sql`` : sql`AND (m.created_at, m.id) < (SELECT p.created_at, p.id FROM monitors p WHERE p.id = ${options.after.id})`}
        ORDER BY m.created_at DESC, m.id DESC LIMIT ${options.limit}`

    const find = (accountId: string, id: string) =>
      sql<MonitorRow>`SELECT ${columns} FROM monitors m WHERE m.account_id = ${accountId} AND m.id = ${id} AND m.deleted_at IS NULL`.pipe(
        Effect.map((rows) => Option.fromNullishOr(rows[0]))
      )

    const remove = (accountId: string, id: string) =>
      sql<{ id: string }>`UPDATE monitors SET deleted_at = now() WHERE account_id = ${accountId} AND id = ${id} AND deleted_at IS NULL RETURNING id`.pipe(
        Effect.map((rows) => rows.length > 0)
      )

    /** The monitors that run: not deleted, of a live account with a live key (whichever door made them). */
    const running = sql`m.deleted_at IS NULL AND EXISTS (SELECT 1 FROM accounts a WHERE a.id = m.account_id AND a.deleted_at IS NULL
      AND EXISTS (SELECT 1 FROM api_keys k WHERE k.account_id = a.id AND (k.revoked_at IS NULL OR k.revoked_at > now())))`

    /** Holds the monitor shared to the end of the transaction while it runs (an end waits, or this sees it): false when ended. */
    const holdRunning = (monitorId: string) =>
      sql<{ id: string }>`SELECT m.id FROM monitors m WHERE m.id = ${monitorId} AND ${running} FOR SHARE OF m`.pipe(
        Effect.map((rows) => rows.length > 0)
      )

    const active = sql<MonitorRow>`SELECT ${columns} FROM monitors m WHERE ${running} ORDER BY m.created_at, m.id`

    const heldOf = (monitorIds: ReadonlyArray<string>) =>
      monitorIds.length === 0
        ? Effect.succeed<ReadonlyArray<HeldHit>>([])
        : sql<HeldHit>`SELECT monitor_id, list, entry_id, entry_hash FROM monitor_hits WHERE monitor_id IN ${sql.in(monitorIds)}`

    /** The monitors' hits on these entries (entries gone from their list). */
    const holdersOf = (list: string, entryIds: ReadonlyArray<string>) =>
      entryIds.length === 0
        ? Effect.succeed<ReadonlyArray<HeldHit>>([])
        : sql<HeldHit>`SELECT h.monitor_id, h.list, h.entry_id, h.entry_hash FROM monitor_hits h JOIN monitors m ON m.id = h.monitor_id
            WHERE ${running} AND h.list = ${list} AND h.entry_id IN ${sql.in(entryIds)}`

    const comparedVersions = sql<{ version_ids: ReadonlyArray<number> }>`SELECT version_ids FROM monitoring_state`.pipe(
      Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), (r) => [...r.version_ids]))
    )

    /** Moves the compared versions from `from` to `to`; false when another instance did first (it reports the change). */
    const advance = (from: ReadonlyArray<number> | null, to: ReadonlyArray<number>) =>
      from === null
        ? sql<{ singleton: boolean }>`INSERT INTO monitoring_state (version_ids) VALUES (${to as Array<number>}::int[])
            ON CONFLICT DO NOTHING RETURNING singleton`.pipe(Effect.map((rows) => rows.length > 0))
        : sql<{ singleton: boolean }>`UPDATE monitoring_state SET version_ids = ${to as Array<number>}::int[]
            WHERE version_ids = ${from as Array<number>}::int[] RETURNING singleton`.pipe(Effect.map((rows) => rows.length > 0))

    /**
     * The monitor's event, only while the monitor runs (false when it has ended): the monitor row is held shared, so
     * an end (which deletes the monitor in its transaction) waits for this one, or this one sees the end. The
     * account's plan when made (for its limit on pending deliveries), none when not.
     */
    const insertEvent = (event: { id: string; monitorId: string; type: string; data: unknown }) =>
      sql<{ plan: Plan }>`INSERT INTO events (id, account_id, key_id, type, data)
        SELECT ${event.id}, m.account_id, m.key_id, ${event.type}, ${JSON.stringify(event.data)}::jsonb FROM monitors m
        WHERE m.id = ${event.monitorId} AND ${running} FOR SHARE OF m
        RETURNING (SELECT a.plan FROM accounts a WHERE a.id = events.account_id) AS plan`.pipe(
        Effect.map((rows) => Option.fromNullishOr(rows[0]?.plan)),
        Effect.tap((made) => Option.isSome(made) ? Effect.sync(() => countEvent(event.type)) : Effect.void)
      )

    const events = (accountId: string, options: { readonly keyId: string | null; readonly since: Date | null; readonly after: After | null; readonly limit: number }) =>
      sql<EventRow>`SELECT id, type, created_at, data FROM events WHERE account_id = ${accountId} AND type <> 'webhook.test' AND type NOT LIKE 'decision.%' AND type NOT LIKE 'case.%'
        ${options.keyId === null ? sql`` : sql`AND key_id = ${options.keyId}`}
        ${options.since === null ? sql`` : sql`AND created_at >= ${options.since}`}
        ${options.after === null ? sql`` : sql`AND (created_at, id) < (SELECT p.created_at, p.id FROM events p WHERE p.id = ${options.after.id})`}
        ORDER BY created_at DESC, id DESC LIMIT ${options.limit}`

    /** Status changes after the last one reported (the first call starts from now: history is not replayed). */
    const statusChangesSince = Effect.fnUntraced(function*(limit: number) {
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
        WHERE ${running} AND m.country = ${country} AND m.registration_key = ${registrationKey}`

    return { statusChangesSince, advanceStatusCursor, companyMonitors, insert, setHits, dropHit, list, find, remove, active, holdRunning, heldOf, holdersOf, comparedVersions, advance, insertEvent, events } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
