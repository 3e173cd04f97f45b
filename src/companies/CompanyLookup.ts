import { Data, Deferred, Effect, FiberId, Option } from "effect"
import { CompanyNotFound } from "../api/errors.js"
import type { CompanyRecord } from "../api/schemas/Company.js"
import { canonicalNumber, registryForCountry } from "../domain/registrationNumbers.js"
import { LiveRegistries, type LiveRegistryId } from "../registries/LiveRegistries.js"
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

type LiveLookup = Deferred.Deferred<CompanyRecord, CompanyNotFound | RecordUnavailable>

/**
 * The record endpoint: the stored record by country and number in any separator style; on a miss, the
 * country's live registry is asked, and what it returns is stored (with provenance: the registry as source,
 * source kind live, fetched now) before answering. A registry that says no gives 404; one that cannot be asked
 * (down, slow, changed, breaker open) gives RecordUnavailable (503 + Retry-After), never 404. Concurrent misses
 * for the same number share one registry call.
 */
export class CompanyLookup extends Effect.Service<CompanyLookup>()("kyb/CompanyLookup", {
  effect: Effect.gen(function*() {
    const repo = yield* CompanyRepo
    const live = yield* LiveRegistries
    const writer = yield* CompanyWriter
    /** Live look-ups under way, by registry and canonical number key. */
    const inFlight = new Map<string, LiveLookup>()

    const notFound = (country: string, registrationNo: string) =>
      CompanyNotFound.of(`No company ${registrationNo} is registered for country ${country.toUpperCase()}.`)

    const fetchAndStore = (registry: LiveRegistryId, country: string, registrationNo: string) =>
      Effect.gen(function*() {
        const fetched = yield* live.fetchByNumber(registry, registrationNo).pipe(
          Effect.mapError((e) => new RecordUnavailable({ registry: e.registry, retryAfterSeconds: e.retryAfterSeconds ?? 30 })),
          // An adapter bug is still "could not check": 503, never a 500 and never a 404.
          Effect.catchAllDefect((defect) =>
            Effect.logError("live registry fetch died").pipe(
              Effect.annotateLogs({ registry, defect: String(defect) }),
              Effect.zipRight(Effect.fail(new RecordUnavailable({ registry, retryAfterSeconds: 30 })))
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

    /**
     * One registry call per number at a time: the first miss runs it detached from its request (a client that
     * goes away does not cancel it for the others; the gateway's budget bounds it), later ones wait for its answer.
     */
    const shared = (registry: LiveRegistryId, country: string, registrationNo: string) =>
      Effect.suspend(() => {
        const key = `${registry}:${canonicalNumber(registry, registrationNo).key}`
        const running = inFlight.get(key)
        if (running !== undefined) return Deferred.await(running)
        const lookup: LiveLookup = Deferred.unsafeMake(FiberId.none)
        inFlight.set(key, lookup)
        return fetchAndStore(registry, country, registrationNo).pipe(
          // on every exit, interruption included, so that no waiter is left hanging
          Effect.onExit((exit) =>
            Effect.suspend(() => {
              inFlight.delete(key)
              return Deferred.done(lookup, exit)
            })
          ),
          Effect.exit,
          Effect.forkDaemon,
          Effect.zipRight(Deferred.await(lookup))
        )
      })

    const fromRegistry = (country: string, registrationNo: string) =>
      Effect.gen(function*() {
        const registry = registryForCountry(country)
        const liveRegistry = live.liveRegistries.find((id) => id === registry)
        if (liveRegistry === undefined) return yield* Effect.fail(notFound(country, registrationNo))
        // Every live registry's numbers carry digits: text without any is not worth a registry call.
        if (!/\d/.test(canonicalNumber(liveRegistry, registrationNo).key)) {
          return yield* Effect.fail(notFound(country, registrationNo))
        }
        return yield* shared(liveRegistry, country, registrationNo)
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
