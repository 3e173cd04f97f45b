import { SqlClient } from "effect/sql"
import { Effect, Option, Context, Layer } from "effect"
import type { Attribution } from "../access/actor.js"

/** What a job's rows are: verifications of businesses or screenings of names. */
export type JobKind = "verify" | "screen"

export interface JobRow {
  readonly id: string
  readonly kind: JobKind
  readonly account_id: string
  readonly key_id: string | null
  readonly created_by: Attribution | null
  readonly body_sha256: string
  readonly status: "queued" | "running" | "done" | "cancelled"
  readonly total: number
  readonly done: number
  readonly failed: number
  readonly created_at: Date
  readonly finished_at: Date | null
}

export interface ItemRow {
  readonly position: number
  readonly input: unknown
  readonly problem: string | null
  readonly verdict: unknown
  readonly done: boolean
}

export interface NewItem {
  readonly input: unknown
  readonly problem: string | null
}

/** SQL of batch jobs and their rows. */
export class BatchRepo extends Context.Service<BatchRepo>()("kyb/BatchRepo", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const jobColumns = sql`j.id, j.kind, j.account_id, j.key_id, j.created_by, j.body_sha256, j.status, j.total, j.created_at, j.finished_at,
      (SELECT count(*) FROM batch_items i WHERE i.job_id = j.id AND i.done)::int AS done,
      (SELECT count(*) FROM batch_items i WHERE i.job_id = j.id AND i.problem IS NOT NULL)::int AS failed`

    /** The job and its rows; rows already refused are done from the start. None when the idempotency key is taken. */
    const insert = (
      job: {
        readonly id: string; readonly kind: JobKind; readonly accountId: string; readonly keyId: string | null; readonly createdBy: Attribution | null; readonly idempotencyKey: string | null; readonly bodySha256: string
        readonly charged: { readonly units: number; readonly period: string; readonly day: string }
      },
      items: ReadonlyArray<NewItem>
    ) =>
      Effect.gen(function*() {
        // A job whose every row was refused is done from the start: nothing is left for a runner to take.
        const allRefused = items.every((i) => i.problem !== null)
        const inserted = yield* sql<{ id: string }>`INSERT INTO batch_jobs (id, kind, account_id, key_id, created_by, idempotency_key, body_sha256, status, total, finished_at,
            charged_units, charged_period, charged_day)
          VALUES (${job.id}, ${job.kind}, ${job.accountId}, ${job.keyId}, ${job.createdBy === null ? null : JSON.stringify(job.createdBy)}::jsonb, ${job.idempotencyKey}, ${job.bodySha256}, ${allRefused ? "done" : "queued"}, ${items.length},
            ${allRefused ? sql`now()` : null}, ${job.charged.units}, ${job.charged.period}::date, ${job.charged.day}::date)
          ON CONFLICT (account_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING RETURNING id`
        if (inserted.length === 0) return false
        yield* sql`INSERT INTO batch_items (job_id, position, input, problem, done)
          SELECT ${job.id}, p - 1, (${items.map((i) => JSON.stringify(i.input))}::text[])[p]::jsonb,
            (${items.map((i) => i.problem)}::text[])[p], (${items.map((i) => i.problem)}::text[])[p] IS NOT NULL
          FROM generate_series(1, ${items.length}) AS p`
        return true
      })

    const byIdempotencyKey = (accountId: string, idempotencyKey: string) =>
      sql<JobRow>`SELECT ${jobColumns} FROM batch_jobs j WHERE j.account_id = ${accountId} AND j.idempotency_key = ${idempotencyKey}`.pipe(
        Effect.map((rows) => Option.fromNullishOr(rows[0]))
      )

    const find = (accountId: string, id: string) =>
      sql<JobRow>`SELECT ${jobColumns} FROM batch_jobs j WHERE j.account_id = ${accountId} AND j.id = ${id}`.pipe(
        Effect.map((rows) => Option.fromNullishOr(rows[0]))
      )

    /** An account's jobs (one key's, with `keyId`), newest first, after the job `afterId`. */
    const list = (accountId: string, options: { readonly keyId: string | null; readonly afterId: string | null; readonly limit: number }) =>
      sql<JobRow>`SELECT ${jobColumns} FROM batch_jobs j WHERE j.account_id = ${accountId}
        ${options.keyId === null ? sql`` : sql`AND j.key_id = ${options.keyId}`}
        ${options.afterId === null ? sql`` : sql`AND (j.created_at, j.id) < (SELECT p.created_at, p.id FROM batch_jobs p WHERE p.id = ${options.afterId})`}
        ORDER BY j.created_at DESC, j.id DESC LIMIT ${options.limit}`

    const items = (jobId: string) =>
      sql<ItemRow>`SELECT position, input, problem, verdict, done FROM batch_items WHERE job_id = ${jobId} ORDER BY position`

    /**
     * Takes the oldest job no runner holds: queued, or running with a runner that stopped beating for `staleSeconds`
     * (a restarted or crashed instance). SKIP LOCKED: two instances never take the same job.
     */
    const claim = (runner: string, staleSeconds: number) =>
      sql<{ id: string; kind: JobKind; account_id: string; key_id: string | null; created_by: Attribution | null }>`
        UPDATE batch_jobs SET status = 'running', claimed_by = ${runner}, heartbeat_at = now()
        WHERE id = (SELECT id FROM batch_jobs
          WHERE status = 'queued' OR (status = 'running' AND heartbeat_at < now() - make_interval(secs => ${staleSeconds}))
          ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, kind, account_id, key_id, created_by`.pipe(Effect.map((rows) => Option.fromNullishOr(rows[0])))

    const heartbeat = (jobId: string, runner: string) =>
      sql`UPDATE batch_jobs SET heartbeat_at = now() WHERE id = ${jobId} AND claimed_by = ${runner}`.pipe(Effect.asVoid)

    const pending = (jobId: string) =>
      sql<{ position: number; input: unknown }>`SELECT position, input FROM batch_items WHERE job_id = ${jobId} AND NOT done ORDER BY position`

    /** Holds the job shared to the end of the transaction while it runs (an end waits, or this sees it): false when stopped. */
    const holdRunning = (jobId: string) =>
      sql<{ id: string }>`SELECT id FROM batch_jobs WHERE id = ${jobId} AND status = 'running' FOR SHARE`.pipe(Effect.map((rows) => rows.length > 0))

    const answer = (jobId: string, position: number, verdict: unknown) =>
      sql`UPDATE batch_items SET verdict = ${JSON.stringify(verdict)}::jsonb, done = true
        WHERE job_id = ${jobId} AND position = ${position} AND NOT done`.pipe(Effect.asVoid)

    const finish = (jobId: string, runner: string) =>
      sql`UPDATE batch_jobs SET status = 'done', finished_at = now()
        WHERE id = ${jobId} AND claimed_by = ${runner} AND status = 'running' AND NOT EXISTS (SELECT 1 FROM batch_items WHERE job_id = ${jobId} AND NOT done)`.pipe(
        Effect.asVoid
      )

    return { insert, byIdempotencyKey, find, list, items, claim, heartbeat, pending, holdRunning, answer, finish } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
