import { Config, Data, Duration, Effect, Fiber, Option, Queue, Schedule, Schema, Context, Layer } from "effect"
import { randomBytes } from "node:crypto"
import type { Actor, Attribution } from "../access/actor.js"
import { Verdict, VerifyBody } from "../domain/schemas/Verdict.js"
import { Checks } from "../checks/Checks.js"
import { Fence } from "../tenancy/Fence.js"
import { BatchRepo, type JobKind } from "./BatchRepo.js"
import { ScreenBody, Screening } from "../domain/schemas/Screen.js"
import { Screening as ScreeningService } from "../screening/Screening.js"

const decodeInput = Schema.decodeUnknownEffect(VerifyBody)
const decodeScreenInput = Schema.decodeUnknownEffect(ScreenBody)
const encodeScreening = Schema.encodeEffect(Screening as Schema.Codec<Screening, unknown>)

class JobStopped extends Data.TaggedError("JobStopped") {}
const encodeVerdict = Schema.encodeEffect(Verdict)

/**
 * Runs batch jobs in the background of every instance: claims the oldest job no runner holds (queued, or running
 * under a runner that stopped beating: a restart), verifies its pending rows KYB_BATCH_CONCURRENCY at a time
 * (default 4), each kept as a check, and beats every few seconds while it works. Woken at once by a new job, and
 * polls every KYB_BATCH_POLL (default 2 s) for jobs other instances took in or left behind.
 */
export class JobRunner extends Context.Service<JobRunner>()("kyb/JobRunner", {
  make: Effect.gen(function*() {
    const repo = yield* BatchRepo
    const checks = yield* Checks
    const screening = yield* ScreeningService
    const fence = yield* Fence
    const concurrency = yield* Config.Int("KYB_BATCH_CONCURRENCY").pipe(Config.withDefault(4))
    const poll = yield* Config.Duration("KYB_BATCH_POLL").pipe(Config.withDefault(Duration.seconds(2)))
    const staleSeconds = yield* Config.Int("KYB_BATCH_STALE_SECONDS").pipe(Config.withDefault(30))
    const runner = `runner_${randomBytes(6).toString("hex")}`
    const wakeups = yield* Queue.sliding<void>(1)

    const verifyRow = Effect.fnUntraced(function*(jobId: string, kind: JobKind, actor: Actor, row: { readonly position: number; readonly input: unknown }) {
      yield* fence.pause("batch_row", actor.accountId)
      const answer = (encoded: unknown) => repo.answer(jobId, row.position, encoded)
      const kept = kind === "screen"
        ? yield* screening.screenIf(yield* decodeScreenInput(row.input).pipe(Effect.orDie), actor, repo.holdRunning(jobId), (screened) =>
          Effect.flatMap(encodeScreening(screened).pipe(Effect.orDie), answer))
        : yield* checks.verifyIf(yield* decodeInput(row.input).pipe(Effect.orDie), actor, repo.holdRunning(jobId), (verdict) =>
          Effect.flatMap(encodeVerdict(verdict).pipe(Effect.orDie), answer))
      // The job was cancelled (its account ended) while this row was verified: nothing kept, the job stops.
      if (Option.isNone(kept)) return yield* new JobStopped()
    })

    const runJob = (job: { readonly id: string; readonly kind: JobKind; readonly account_id: string; readonly key_id: string | null; readonly created_by: Attribution | null }) =>
      Effect.gen(function*() {
        const beat = yield* Effect.forkChild(Effect.repeat(repo.heartbeat(job.id, runner).pipe(Effect.ignore), Schedule.spaced(Duration.seconds(Math.max(1, staleSeconds / 3)))))
        const pending = yield* repo.pending(job.id)
        yield* Effect.forEach(pending, (row) => verifyRow(job.id, job.kind, { accountId: job.account_id, keyId: job.key_id, by: job.created_by }, row), { concurrency, discard: true }).pipe(
          Effect.ensuring(Fiber.interrupt(beat))
        )
        yield* repo.finish(job.id, runner)
        yield* Effect.logInfo("batch job done").pipe(Effect.annotateLogs({ job_id: job.id, rows: pending.length }))
      }).pipe(Effect.catchTag("JobStopped", () => Effect.logInfo("batch job cancelled: stopped").pipe(Effect.annotateLogs({ job_id: job.id }))))

    /** Every job there is to take, one after another; then back to waiting. */
    const drain: Effect.Effect<void> = Effect.gen(function*() {
      while (true) {
        const job = yield* repo.claim(runner, staleSeconds).pipe(Effect.orDie)
        if (Option.isNone(job)) return
        yield* runJob(job.value).pipe(
          Effect.catchCause((cause) =>
            // The job stays claimed; once this runner stops beating for it, any instance takes it up again.
            Effect.logWarning("batch job interrupted; it will be resumed", cause).pipe(Effect.annotateLogs({ job_id: job.value.id }))
          )
        )
      }
    })

    yield* Effect.forkScoped(Effect.forever(
      drain.pipe(
        Effect.catchCause((cause) => Effect.logWarning("batch runner could not look for jobs", cause)),
        Effect.andThen(Effect.race(Queue.take(wakeups), Effect.sleep(poll)))
      )
    ))

    return { wake: Queue.offer(wakeups, undefined).pipe(Effect.asVoid) } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([BatchRepo.Default, Fence.Default]))
}
