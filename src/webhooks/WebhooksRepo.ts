import { SqlClient } from "effect/sql"
import { Effect, Option, Context, Layer } from "effect"
import type { Attribution } from "../access/actor.js"

export interface WebhookRow {
  readonly id: string
  readonly account_id: string
  readonly key_id: string | null
  readonly created_by: Attribution | null
  readonly url: string
  readonly events: ReadonlyArray<string>
  readonly created_at: string
}

export interface DueDelivery {
  readonly webhook_id: string
  readonly event_id: string
  readonly attempts: number
  readonly url: string
  readonly secret_salt: string
  readonly secret_sha256: string
  readonly event: { readonly id: string; readonly type: string; readonly created_at: string; readonly data: unknown }
  readonly give_up: boolean
}

const ts = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** SQL of webhook endpoints, their deliveries and every attempt. */
export class WebhooksRepo extends Context.Service<WebhooksRepo>()("kyb/WebhooksRepo", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql`id, account_id, key_id, created_by, url, events, ${sql.literal(ts("created_at"))} AS created_at`

    const insert = (row: {
      id: string; accountId: string; keyId: string | null; createdBy: Attribution | null; url: string; events: ReadonlyArray<string>; secretSalt: string; secretSha256: string
    }) =>
      sql<WebhookRow>`INSERT INTO webhooks (id, account_id, key_id, created_by, url, events, secret_salt, secret_sha256)
        VALUES (${row.id}, ${row.accountId}, ${row.keyId}, ${row.createdBy === null ? null : JSON.stringify(row.createdBy)}::jsonb, ${row.url}, ${row.events as Array<string>}::text[], ${row.secretSalt}, ${row.secretSha256})
        RETURNING ${columns}`.pipe(
        Effect.map((rows) => rows[0]!)
      )

    /** An account's webhooks (one key's, with `keyId`), newest first, after the webhook `afterId`. */
    const list = (accountId: string, options: { readonly keyId: string | null; readonly afterId: string | null; readonly limit: number }) =>
      sql<WebhookRow>`SELECT ${columns} FROM webhooks WHERE account_id = ${accountId} AND deleted_at IS NULL
        ${options.keyId === null ? sql`` : sql`AND key_id = ${options.keyId}`}
        ${options.afterId === null ? sql`` : sql`AND (created_at, id) < (SELECT p.created_at, p.id FROM webhooks p WHERE p.id = ${options.afterId})`}
        ORDER BY webhooks.created_at DESC, webhooks.id DESC LIMIT ${options.limit}`

    const hasUrl = (accountId: string, url: string) =>
      sql<{ id: string }>`SELECT id FROM webhooks WHERE account_id = ${accountId} AND url = ${url} AND deleted_at IS NULL LIMIT 1`.pipe(
        Effect.map((rows) => rows.length > 0)
      )

    const find = (accountId: string, id: string) =>
      sql<WebhookRow>`SELECT ${columns} FROM webhooks WHERE account_id = ${accountId} AND id = ${id} AND deleted_at IS NULL`.pipe(
        Effect.map((rows) => Option.fromNullishOr(rows[0]))
      )

    /** Deletes the webhook and cancels its pending deliveries, in one transaction. */
    const remove = (accountId: string, id: string) =>
      sql.withTransaction(Effect.gen(function*() {
        const rows = yield* sql<{ id: string }>`UPDATE webhooks SET deleted_at = now()
          WHERE account_id = ${accountId} AND id = ${id} AND deleted_at IS NULL RETURNING id`
        if (rows.length === 0) return false
        yield* sql`UPDATE webhook_deliveries SET state = 'cancelled' WHERE webhook_id = ${id} AND state = 'pending'`
        return true
      }))

    /**
     * A delivery of the event to every endpoint of its account that takes its type (retried for `retrySeconds`), while
     * the account has fewer than `maxPending` pending; returns how many were queued and how many were not (the cap).
     */
    const enqueue = Effect.fnUntraced(function*(eventId: string, accountId: string, type: string, retrySeconds: number, maxPending: number) {
      const [pending] = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM webhook_deliveries WHERE account_id = ${accountId} AND state = 'pending'`
      const room = Math.max(0, maxPending - (pending?.n ?? 0))
      const rows = yield* sql<{ queued: boolean }>`
        WITH targets AS (
          SELECT w.id, row_number() OVER (ORDER BY w.created_at, w.id) AS n FROM webhooks w
          WHERE w.account_id = ${accountId} AND w.deleted_at IS NULL AND ${type} = ANY (w.events)),
        queued AS (
          INSERT INTO webhook_deliveries (webhook_id, event_id, account_id, state, give_up_at)
          SELECT t.id, ${eventId}, ${accountId}, 'pending', now() + make_interval(secs => ${retrySeconds}) FROM targets t WHERE t.n <= ${room}
          ON CONFLICT DO NOTHING RETURNING 1)
        SELECT (SELECT count(*) FROM queued)::int AS queued, (SELECT count(*) FROM targets)::int AS targets`
      const row = rows[0] as unknown as { queued: number; targets: number } | undefined
      return { queued: row?.queued ?? 0, dropped: Math.max(0, (row?.targets ?? 0) - (row?.queued ?? 0)) }
    })

    /** A test event for one endpoint: stored and queued for that endpoint only (retried like any delivery). */
    const enqueueTest = (eventId: string, webhook: WebhookRow, retrySeconds: number) =>
      sql.withTransaction(Effect.gen(function*() {
        yield* sql`INSERT INTO events (id, account_id, key_id, type, data)
          VALUES (${eventId}, ${webhook.account_id}, ${webhook.key_id}, 'webhook.test',
            ${JSON.stringify({ webhook_id: webhook.id, message: "A test event sent from the console." })}::jsonb)`
        yield* sql`INSERT INTO webhook_deliveries (webhook_id, event_id, account_id, state, give_up_at)
          VALUES (${webhook.id}, ${eventId}, ${webhook.account_id}, 'pending', now() + make_interval(secs => ${retrySeconds}))`
      }))

    /**
     * Deliveries due now, oldest first, claimed for `leaseSeconds` (another instance skips them meanwhile); only
     * pending ones of webhooks not deleted.
     */
    const due = (limit: number, leaseSeconds: number) =>
      sql<DueDelivery>`
        WITH picked AS (
          SELECT d.webhook_id, d.event_id FROM webhook_deliveries d
          WHERE d.state = 'pending' AND d.next_at <= now()
            AND EXISTS (SELECT 1 FROM webhooks w WHERE w.id = d.webhook_id AND w.deleted_at IS NULL)
          ORDER BY d.next_at LIMIT ${limit} FOR UPDATE OF d SKIP LOCKED),
        leased AS (
          UPDATE webhook_deliveries d SET next_at = now() + make_interval(secs => ${leaseSeconds})
          FROM picked p WHERE d.webhook_id = p.webhook_id AND d.event_id = p.event_id
          RETURNING d.webhook_id, d.event_id, d.attempts, d.give_up_at)
        SELECT l.webhook_id, l.event_id, l.attempts, w.url, w.secret_salt, w.secret_sha256, l.give_up_at <= now() AS give_up,
          json_build_object('id', e.id, 'type', e.type, 'created_at', ${sql.literal(ts("e.created_at"))}, 'data', e.data) AS event
        FROM leased l JOIN webhooks w ON w.id = l.webhook_id JOIN events e ON e.id = l.event_id`

    /** Whether a leased delivery may still be sent (re-checked just before sending: a cancellation may have come). */
    const stillPending = (webhookId: string, eventId: string) =>
      sql<{ ok: boolean }>`SELECT true AS ok FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
        WHERE d.webhook_id = ${webhookId} AND d.event_id = ${eventId} AND d.state = 'pending' AND w.deleted_at IS NULL`.pipe(
        Effect.map((rows) => rows.length > 0)
      )

    const recordAttempt = (
      d: { readonly webhookId: string; readonly eventId: string; readonly attempt: number },
      outcome: { readonly statusCode: number | null; readonly error: string | null; readonly durationMs: number },
      next: { readonly state: "delivered" | "pending" | "failed"; readonly retryInSeconds: number }
    ) =>
      sql.withTransaction(Effect.gen(function*() {
        yield* sql`INSERT INTO webhook_attempts (webhook_id, event_id, attempt, status_code, error, duration_ms)
          VALUES (${d.webhookId}, ${d.eventId}, ${d.attempt}, ${outcome.statusCode}, ${outcome.error}, ${outcome.durationMs})`
        yield* sql`UPDATE webhook_deliveries SET attempts = ${d.attempt}, state = ${next.state},
            next_at = now() + make_interval(secs => ${next.retryInSeconds}),
            delivered_at = CASE WHEN ${next.state} = 'delivered' THEN now() ELSE delivered_at END
          WHERE webhook_id = ${d.webhookId} AND event_id = ${d.eventId} AND state = 'pending'`
      }))

    /** A webhook's deliveries, newest event first, after the event `afterEventId`. */
    const deliveries = (webhookId: string, options: { readonly afterEventId: string | null; readonly limit: number }) =>
      sql<{ event_id: string; type: string; state: string; next_attempt_at: string | null; attempts: ReadonlyArray<unknown> }>`
        SELECT d.event_id, e.type, d.state,
          CASE WHEN d.state = 'pending' THEN ${sql.literal(ts("d.next_at"))} END AS next_attempt_at,
          coalesce((SELECT json_agg(json_build_object('attempt', a.attempt, 'at', ${sql.literal(ts("a.at"))}, 'status_code', a.status_code,
              'error', a.error, 'duration_ms', a.duration_ms) ORDER BY a.attempt)
            FROM webhook_attempts a WHERE a.webhook_id = d.webhook_id AND a.event_id = d.event_id), '[]'::json) AS attempts
        FROM webhook_deliveries d JOIN events e ON e.id = d.event_id
        WHERE d.webhook_id = ${webhookId}
        ${options.afterEventId === null ? sql`` : sql`AND (e.created_at, e.id) < (SELECT p.created_at, p.id FROM events p WHERE p.id = ${options.afterEventId})`}
        ORDER BY e.created_at DESC, e.id DESC LIMIT ${options.limit}`

    /** The server's own master key for webhook secrets, made once and shared by every instance. */
    const masterKey = (fresh: string) =>
      sql<{ value: string }>`WITH made AS (INSERT INTO server_secrets (name, value) VALUES ('webhook_master_key', ${fresh})
          ON CONFLICT (name) DO NOTHING RETURNING value)
        SELECT value FROM made UNION ALL SELECT value FROM server_secrets WHERE name = 'webhook_master_key' LIMIT 1`.pipe(
        Effect.map((rows) => ({ value: rows[0]!.value, made: rows[0]!.value === fresh }))
      )

    return { masterKey, insert, list, hasUrl, find, remove, enqueue, enqueueTest, due, stillPending, recordAttempt, deliveries } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
