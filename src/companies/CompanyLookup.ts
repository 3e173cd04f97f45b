import { Data, Effect, Option, Context, Layer } from "effect"
import { CompanyNotFound } from "../domain/errors.js"
import { canonicalNumber, registryForCountry } from "../domain/registrationNumbers.js"
import { withOwnWrites } from "../db/ReadSql.js"
import { CompanyRepo } from "./CompanyRepo.js"
import { LiveFallback } from "./live/LiveFallback.js"

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
 * country's live registry is asked through LiveFallback (what it returns is stored with provenance, then read
 * back). A registry that says no gives 404; one that cannot be asked (down, slow, changed, breaker open) gives
 * RecordUnavailable (503 + Retry-After), never 404.
 */
export class CompanyLookup extends Context.Service<CompanyLookup>()("kyb/CompanyLookup", {
  make: Effect.gen(function*() {
    const repo = yield* CompanyRepo
    const fallback = yield* LiveFallback

    const notFound = (country: string, registrationNo: string) =>
      CompanyNotFound.of(`No company ${registrationNo} is registered for country ${country.toUpperCase()}.`)

    const fromRegistry = Effect.fnUntraced(function*(country: string, registrationNo: string) {
      const registry = registryForCountry(country)
      // The registry's live adapter, or GLEIF (when on) for any of the 18.
      const liveRegistry = fallback.numberSources.find((id) => id === registry)
      // Every live registry's numbers carry digits: text without any is not worth a registry call.
      if (liveRegistry === undefined || !/\d/.test(canonicalNumber(liveRegistry, registrationNo).key)) {
        return yield* Effect.fail(notFound(country, registrationNo))
      }
      const stored = yield* fallback.byNumber(liveRegistry, registrationNo).pipe(
        Effect.catchTags({
          RegistryUnavailable: (e) => Effect.fail(new RecordUnavailable({ registry: e.registry, retryAfterSeconds: e.retryAfterSeconds ?? 30 })),
          SqlError: Effect.die
        })
      )
      // A business GLEIF knows under the number without confirming it (a reference entity) is not a registered company.
      if (Option.isNone(stored) || stored.value.registration_no.startsWith("ref-")) return yield* Effect.fail(notFound(country, registrationNo))
      const record = yield* repo.findRecord(stored.value.country, stored.value.registration_no).pipe(Effect.orDie)
      return yield* Option.match(record, { onNone: () => Effect.fail(notFound(country, registrationNo)), onSome: Effect.succeed })
    })

    // A record fetched live is read back from the primary (readOwnWrites), not from a replica behind it.
    const get = (country: string, registrationNo: string) =>
      repo.findRecord(country, registrationNo).pipe(
        Effect.orDie,
        Effect.flatMap(Option.match({
          onNone: () => fromRegistry(country, registrationNo),
          onSome: Effect.succeed
        })),
        withOwnWrites
      )
    return { get } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([CompanyRepo.Default, LiveFallback.Default]))
}
