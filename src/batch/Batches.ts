import { Audit } from "../audit/Audit.js"
import { Clock, Effect, Result, Option, Schema, Context, Layer } from "effect"
import { createHash, randomUUID } from "node:crypto"
import type { KeyActor, PageParams } from "../access/actor.js"
import { Quota } from "../access/Quota.js"
import { IdempotencyKeyReused, InvalidApiKey, InvalidRequest, QuotaExceeded } from "../domain/errors.js"
import { JobNotDone, JobNotFound } from "./errors.js"
import { Job, JobPage, JobResult, JobRowError } from "../domain/schemas/Job.js"
import { Cursors } from "../access/Cursors.js"
import { Fence } from "../tenancy/Fence.js"
import { Limits } from "../tenancy/Limits.js"
import { Verdict } from "../domain/schemas/Verdict.js"
import { canonicalJson } from "../domain/canonicalJson.js"
import { dayOf, periodOf } from "../domain/quotaWindow.js"
import { BatchRepo, type ItemRow, type JobKind, type JobRow } from "./BatchRepo.js"
import { checkRow, checkScreenRow, rowsOf } from "./batchRows.js"
import { Screening } from "../domain/schemas/Screen.js"
import { resultsCsv } from "./resultsCsv.js"
import { JobRunner } from "./JobRunner.js"
import { traced } from "../metrics/span.js"

const decodeVerdict = Schema.decodeUnknownSync(Verdict)
const decodeScreening = Schema.decodeUnknownSync(Screening)

/** The month and the day a job's units are charged to (where a cancellation gives back the rows it never verified). */
const chargedNow = (millis: number) => ({ period: periodOf(new Date(millis)), day: dayOf(new Date(millis)) })

const resultOf = (kind: JobKind) => (item: ItemRow) =>
  new JobResult({
    position: item.position,
    input: item.input,
    verdict: kind === "verify" && item.verdict !== null ? decodeVerdict(item.verdict) : null,
    ...(kind === "screen" ? { screening: item.verdict === null ? null : decodeScreening(item.verdict) } : {}),
    error: item.problem === null ? null : new JobRowError({ error: "invalid_request", message: item.problem })
  })

const jobOf = (row: JobRow, items: ReadonlyArray<ItemRow> | null) =>
  new Job({
    id: row.id,
    kind: row.kind,
    status: row.status,
    total: row.total,
    done: row.done,
    failed: row.failed,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at === null ? null : row.finished_at.toISOString(),
    created_by: row.created_by,
    results: items === null ? null : items.map(resultOf(row.kind))
  })

/** What a new job left of the month's quota (for the X-RateLimit headers of its answer); null: unlimited or unchanged. */
export interface Submitted {
  readonly job: Job
  readonly created: boolean
  readonly used: number | null
}

/**
 * Batch verification (issue 17): `POST /v1/verify/batch` takes up to 1,000 rows (JSON or CSV) and answers 202 with a
 * job at once; `JobRunner` verifies the rows in the background, each kept as a check. A job costs one unit of the
 * monthly quota per row verified (the request's own unit included), taken all at once before it is stored: a job
 * that would exceed the quota is refused whole (429) and nothing is kept; a job cancelled by an end gives back the
 * rows it never verified (`Ends`). Taken in behind the fence: never for an ended account or key. The same Idempotency-Key with the same body
 * returns the same job (costing the request's unit only, as any read); with another body, 409.
 */
export class Batches extends Context.Service<Batches>()("kyb/Batches", {
  make: Effect.gen(function*() {
    const audit = yield* Audit
    const cursors = yield* Cursors
    const repo = yield* BatchRepo
    const quota = yield* Quota
    const runner = yield* JobRunner
    const limits = yield* Limits
    const fence = yield* Fence

    const view = (row: JobRow) =>
      row.status === "done" ? Effect.map(repo.items(row.id), (items) => jobOf(row, items)) : Effect.succeed(jobOf(row, null))

    const replay = (accountId: string, idempotencyKey: string, bodySha256: string) =>
      Effect.gen(function*() {
        const held = yield* repo.byIdempotencyKey(accountId, idempotencyKey)
        if (Option.isNone(held)) return Option.none<Submitted>()
        if (held.value.body_sha256 !== bodySha256) {
          return yield* Effect.fail(IdempotencyKeyReused.of("This Idempotency-Key was used with another body; use a new key for a new batch."))
        }
        return Option.some<Submitted>({ job: yield* view(held.value), created: false, used: null })
      })

    /**
     * `door`: a `/v1` request took one unit on admission (the batch takes the rest); the console's form took none
     * (the batch takes one per row it will verify, and gives back nothing it did not take).
     */
    const submit = (key: KeyActor, payload: ReadonlyArray<unknown> | string, idempotencyKey: string | undefined, door: "api" | "console" = "api", kind: JobKind = "verify") =>
      Effect.gen(function*() {
        const rows = yield* Result.match(rowsOf(payload, kind), {
          onFailure: (message) => Effect.fail(InvalidRequest.of(message)),
          onSuccess: Effect.succeed
        })
        // A screening batch's hash covers its kind: the same rows sent to the other route are another body.
        const bodySha256 = createHash("sha256").update(canonicalJson(kind === "verify" ? rows : { kind, rows })).digest("hex")
        if (idempotencyKey !== undefined) {
          const earlier = yield* replay(key.accountId, idempotencyKey, bodySha256)
          if (Option.isSome(earlier)) return earlier.value
        }
        const items = rows.map((row) => {
          const checked = kind === "verify" ? checkRow(row) : checkScreenRow(row)
          return { input: row, problem: "problem" in checked ? checked.problem : null }
        })
        const verified = items.filter((i) => i.problem === null).length
        const id = randomUUID()
        const stored = yield* fence.guarded("batch", key, "running", Effect.gen(function*() {
          yield* limits.admit(key.accountId, "jobs_in_flight")
          const charged = { units: verified, ...chargedNow(yield* Clock.currentTimeMillis) }
          if (!(yield* repo.insert({ id, kind, accountId: key.accountId, keyId: key.keyId, createdBy: key.by, idempotencyKey: idempotencyKey ?? null, bodySha256, charged }, items))) {
            return { kind: "raced" as const }
          }
          const reserved = yield* quota.charge(key, verified - (door === "api" ? 1 : 0))
          if (!reserved.taken) return yield* Effect.fail(QuotaExceeded.of(
            `This batch needs ${verified} requests of the monthly quota and fewer are left; nothing was ${kind === "verify" ? "verified" : "screened"} or counted.`
          ))
          yield* audit.record(key, { action: "batch.submitted", object: { type: "batch_job", id }, details: { rows: items.length, verified, key_id: key.keyId, ...(kind === "verify" ? {} : { kind }) } })
          return { kind: "stored" as const, used: reserved.used }
        })).pipe(
          Effect.catchTag("AccessEnded", (ended) => Effect.fail(InvalidApiKey.of(ended.message))),
          Effect.tapError((error) => error instanceof QuotaExceeded && door === "api" ? quota.refund(key) : Effect.void)
        )
        if (stored.kind === "raced" && idempotencyKey !== undefined) {
          const earlier = yield* replay(key.accountId, idempotencyKey, bodySha256)
          if (Option.isSome(earlier)) return earlier.value
        }
        yield* runner.wake
        yield* Effect.logInfo("batch job queued").pipe(Effect.annotateLogs({ job_id: id, rows: items.length, verified }))
        const row = yield* repo.find(key.accountId, id)
        return { job: yield* view(Option.getOrThrow(row)), created: true, used: stored.kind === "stored" ? stored.used : null } satisfies Submitted
      }).pipe(Effect.catchTag("SqlError", Effect.die), traced("Batches.submit"))

    const find = (accountId: string, id: string) =>
      repo.find(accountId, id.toLowerCase()).pipe(
        Effect.catchTag("SqlError", Effect.die),
        Effect.flatMap(Option.match({
          onNone: () => Effect.fail(JobNotFound.of(`No batch job ${id} for this account.`)),
          onSome: Effect.succeed
        }))
      )

    const list = (accountId: string, params: PageParams) =>
      cursors.readPage({ list: "jobs", accountId }, params, 25, (query) => repo.list(accountId, query).pipe(Effect.orDie)).pipe(
        Effect.map(({ shown, nextCursor }) => new JobPage({ jobs: shown.map((row) => jobOf(row, null)), next_cursor: nextCursor }))
      )

    const get = (accountId: string, id: string) => Effect.flatMap(find(accountId, id), (row) => view(row).pipe(Effect.orDie))

    /** The results once the job is done; before that, 409 with its progress in the message. */
    const results = (accountId: string, id: string) =>
      Effect.gen(function*() {
        const row = yield* find(accountId, id)
        if (row.status !== "done") {
          return yield* Effect.fail(JobNotDone.of(`Batch job ${id} is ${row.status} (${row.done} of ${row.total} rows); its results come once it is done.`))
        }
        return (yield* repo.items(row.id).pipe(Effect.orDie)).map(resultOf(row.kind))
      })

    const jsonLines = (accountId: string, id: string) =>
      Effect.map(results(accountId, id), (all) => all.map((r) => JSON.stringify(Schema.encodeSync(JobResult)(r))).join("\n") + "\n")

    const csv = (accountId: string, id: string) => Effect.map(results(accountId, id), resultsCsv)

    return { submit, list, get, jsonLines, csv } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([BatchRepo.Default, Quota.Default, JobRunner.Default, Limits.Default, Fence.Default, Audit.Default, Cursors.Default]))
}
