import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/** A live key of the account: not revoked, or rotated and still in its grace period. */
export const liveKeyOf = (sql: SqlClient.SqlClient, accountId: string) =>
  sql`EXISTS (SELECT 1 FROM api_keys k WHERE k.account_id = ${accountId} AND (k.revoked_at IS NULL OR k.revoked_at > now()))`

/**
 * What stops when access ends (issue 25), run inside the transaction of the deletion or revocation itself: the
 * account's monitors are deleted, its unfinished batch jobs cancelled and its pending deliveries cancelled. The
 * account row is locked first: event makers and job steps hold it (or their job) shared while they write, so an end
 * and a write never interleave, and nothing is made for an account after its end commits.
 */
export class Ends extends Effect.Service<Ends>()("kyb/Ends", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const stopRunning = (accountId: string) =>
      Effect.gen(function*() {
        yield* sql`SELECT id FROM accounts WHERE id = ${accountId} FOR UPDATE`
        yield* sql`UPDATE monitors SET deleted_at = now() WHERE account_id = ${accountId} AND deleted_at IS NULL`
        yield* sql`UPDATE batch_jobs SET status = 'cancelled', finished_at = now() WHERE account_id = ${accountId} AND status IN ('queued', 'running')`
        yield* sql`UPDATE webhook_deliveries SET state = 'cancelled' WHERE account_id = ${accountId} AND state = 'pending'`
      })

    /** After a key of the account was revoked (in the same transaction): ends what it runs when no live key is left. */
    const afterRevocation = (accountId: string) =>
      Effect.gen(function*() {
        const [left] = yield* sql<{ live: boolean }>`SELECT ${liveKeyOf(sql, accountId)} AS live`
        if (left?.live === true) return false
        yield* stopRunning(accountId)
        yield* Effect.logInfo("last key revoked: monitors, batch jobs and pending deliveries stopped").pipe(Effect.annotateLogs({ account_id: accountId }))
        return true
      })

    /** The account is being deleted (in the same transaction): every key stops, everything it runs ends, its webhooks go. */
    const accountDeleted = (accountId: string) =>
      Effect.gen(function*() {
        yield* stopRunning(accountId)
        yield* sql`UPDATE api_keys SET revoked_at = now(), end_applied_at = now() WHERE account_id = ${accountId} AND (revoked_at IS NULL OR revoked_at > now())`
        yield* sql`UPDATE webhooks SET deleted_at = now() WHERE account_id = ${accountId} AND deleted_at IS NULL`
      })

    return { afterRevocation, accountDeleted } as const
  })
}) {}
