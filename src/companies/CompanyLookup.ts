import { Data, Effect, Option } from "effect"
import { CompanyNotFound } from "../api/errors.js"
import { registryForCountry } from "../domain/registrationNumbers.js"
import { LiveRegistries } from "../registries/LiveRegistries.js"
import { CompanyRepo } from "./CompanyRepo.js"
import { CompanyWriter } from "./CompanyWriter.js"

/** The country's registry could not be asked: "could not check" is not "does not exist". */
export class RecordUnavailable extends Data.TaggedError("RecordUnavailable")<{
  readonly registry: string
  readonly retryAfterSeconds: number
}> {
  override get message() {
    return `The registry ${this.registry} cannot be reached right now; retry in ${this.retryAfterSeconds} s.`
  }
}

/**
 * The record endpoint: the stored record by country and number in any separator style; on a miss, the
 * country's live registry is asked, and what it returns is stored (with provenance) before answering.
 */
export class CompanyLookup extends Effect.Service<CompanyLookup>()("kyb/CompanyLookup", {
  effect: Effect.gen(function*() {
    const repo = yield* CompanyRepo
    const live = yield* LiveRegistries
    const writer = yield* CompanyWriter

    const notFound = (country: string, registrationNo: string) =>
      CompanyNotFound.of(`No company ${registrationNo} is registered for country ${country.toUpperCase()}.`)

    const fromRegistry = (country: string, registrationNo: string) =>
      Effect.gen(function*() {
        const registry = registryForCountry(country)
        const liveRegistry = live.liveRegistries.find((id) => id === registry)
        if (liveRegistry === undefined) return yield* Effect.fail(notFound(country, registrationNo))
        const fetched = yield* live.fetchByNumber(liveRegistry, registrationNo).pipe(
          Effect.mapError((e) => new RecordUnavailable({ registry: e.registry, retryAfterSeconds: e.retryAfterSeconds ?? 30 })),
          // An adapter bug is still "could not check": 503, never a 500 and never a 404.
          Effect.catchAllDefect((defect) =>
            Effect.logError("live registry fetch died").pipe(
              Effect.annotateLogs({ registry: liveRegistry, defect: String(defect) }),
              Effect.zipRight(Effect.fail(new RecordUnavailable({ registry: liveRegistry, retryAfterSeconds: 30 })))
            )
          )
        )
        if (Option.isNone(fetched)) return yield* Effect.fail(notFound(country, registrationNo))
        yield* writer.upsertBatch([fetched.value]).pipe(Effect.orDie)
        const stored = yield* repo.findRecord(country, fetched.value.registration_no).pipe(Effect.orDie)
        return yield* Option.match(stored, {
          onNone: () => Effect.fail(notFound(country, registrationNo)),
          onSome: Effect.succeed
        })
      })

    const get = (country: string, registrationNo: string) =>
      repo.findRecord(country, registrationNo).pipe(
        Effect.orDie,
        Effect.flatMap(Option.match({
          onNone: () => fromRegistry(country, registrationNo),
          onSome: Effect.succeed
        })),
        Effect.withSpan("CompanyLookup.get", { attributes: { country } })
      )
    return { get } as const
  }),
  dependencies: [CompanyRepo.Default, CompanyWriter.Default, LiveRegistries.Default]
}) {}
