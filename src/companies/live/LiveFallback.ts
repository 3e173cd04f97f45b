import type { SqlError } from "effect/sql"
import { Config, Duration, Effect, Option, Context, Layer } from "effect"
import { readOwnWrites } from "../../db/ReadSql.js"
import type { RegistryRecord } from "../../domain/CanonicalCompany.js"
import { canonicalNumber, registryForCountry, type RegistryId, registryIds } from "../../domain/registrationNumbers.js"
import { RegistryUnavailable } from "../../registries/adapters/RegistryUnavailable.js"
import { LiveRegistries } from "../../registries/LiveRegistries.js"
import { CompanyWriter } from "../CompanyWriter.js"
import { LiveSearchCache, type LiveSearchKey } from "./LiveSearchCache.js"
import { makeSingleFlight } from "./singleFlight.js"
import { traced } from "../../metrics/span.js"

/** A name to ask the live registries for (a search query is one): the text sent, its normalised forms, its scope. */
export interface LiveNameQuery {
  readonly text: string
  readonly normalized: string
  readonly lower: string
  readonly country?: string | undefined
}

/** What asking the live registries by name gave: who was asked, who failed, how many records were stored. */
export interface LiveOutcome {
  readonly checked: ReadonlyArray<string>
  readonly unreachable: ReadonlyArray<string>
  readonly stored: number
  /** Not asked now: every registry of the scope answered this query within KYB_LIVE_SEARCH_TTL (the store holds it). */
  readonly answeredWithinTtl: boolean
}

/** Where a company the live registry returned now is in the store: read it back with any reader. */
export interface StoredKey {
  readonly country: string
  readonly registration_no: string
}

const ALL_COUNTRIES = "*"

/** KYB_LIVE_SEARCH_TTL: a name every registry answered is answered from the store for this long. */
const liveSearchTtl = Config.Duration("KYB_LIVE_SEARCH_TTL").pipe(Config.withDefault(Duration.hours(24)))

/**
 * The one way to the live registries on a store miss (spec 4.1 rule 4, 4.2), for the record look-up, search and
 * verify: ask, store what comes back (source kind live, with the registry as source), and hand back where it is
 * so the caller reads it again from the store like any stored company. Concurrent misses for the same number or
 * name share one registry call (for a number, so do misses within 10 s of the record it gave); a name every
 * registry of its scope answered is not asked again within KYB_LIVE_SEARCH_TTL (the store then holds their
 * answer); a late answer (past the request's budget) is stored when it arrives.
 */
export class LiveFallback extends Context.Service<LiveFallback>()("kyb/LiveFallback", {
  make: Effect.gen(function*() {
    const live = yield* LiveRegistries
    const writer = yield* CompanyWriter
    const cache = yield* LiveSearchCache
    const ttlSeconds = Duration.toSeconds(yield* liveSearchTtl)
    // A record a registry gave for a number is shared for 10 s after it was stored: a miss whose store read came
    // just before would otherwise ask the registry again (later ones find it in the store).
    const numberFlight = makeSingleFlight<Option.Option<StoredKey>, RegistryUnavailable | SqlError.SqlError>({ for: Duration.seconds(10), when: Option.isSome })
    const nameFlight = makeSingleFlight<Option.Option<LiveOutcome>, SqlError.SqlError>()
    const liveRegistries: ReadonlyArray<RegistryId> = live.liveRegistries

    const store = (records: ReadonlyArray<RegistryRecord>) =>
      records.length === 0
        ? Effect.succeed(0)
        : writer.upsertBatch(records.map((r) => ({ ...r, source_kind: "live" as const }))).pipe(
          Effect.map((result) => result.inserted + result.updated + result.unchanged)
        )

    const fetchAndStore = (registry: RegistryId, raw: string) =>
      live.fetchByNumber(registry, raw).pipe(
        // An adapter bug is still "could not check": unavailable, never a 500 and never "not registered".
        Effect.catchDefect((defect) =>
          Effect.logError("live registry fetch died").pipe(
            Effect.annotateLogs({ registry, defect: String(defect) }),
            Effect.andThen(Effect.fail(new RegistryUnavailable({ registry, reason: "decode", detail: "the adapter failed", retryAfterSeconds: 30 })))
          )
        ),
        Effect.flatMap(Option.match({
          onNone: () => Effect.succeed(Option.none<StoredKey>()),
          onSome: (record) =>
            Effect.as(store([record]), Option.some<StoredKey>({ country: record.country, registration_no: record.registration_no }))
        }))
      )

    /**
     * The registry asked for one number; None when it answered without it or has no live adapter here. Fails
     * with RegistryUnavailable when it could not be asked (down, slow, changed, breaker open).
     */
    const byNumber = (registry: RegistryId, raw: string) =>
      liveRegistries.includes(registry)
        ? numberFlight(`${registry}:${canonicalNumber(registry, raw).key}`, fetchAndStore(registry, raw)).pipe(
          Effect.tap((stored) => Effect.when(readOwnWrites, Effect.sync(() => Option.isSome(stored))))
        )
        : Effect.succeed(Option.none<StoredKey>())

    const keyOf = (q: LiveNameQuery): LiveSearchKey => ({
      query: q.normalized === "" ? q.lower : q.normalized,
      scope: q.country ?? ALL_COUNTRIES
    })

    const askByName = (q: LiveNameQuery, scope: ReadonlyArray<RegistryId>, key: LiveSearchKey) =>
      Effect.gen(function*() {
        if (yield* cache.askedWithin(key, ttlSeconds)) {
          return Option.some<LiveOutcome>({ checked: [], unreachable: [], stored: 0, answeredWithinTtl: true })
        }
        const result = yield* live.search(q.text, scope, { onLate: (_, records) => store(records).pipe(Effect.ignore) })
        if (result.checked.length === 0) return Option.none<LiveOutcome>()
        const stored = yield* store(result.records)
        if (result.unreachable.length === 0) yield* cache.remember(key, result.records.length)
        return Option.some<LiveOutcome>({ checked: result.checked, unreachable: result.unreachable, stored, answeredWithinTtl: false })
      })

    /**
     * Every live registry of the query's scope, asked by name. None when none covers it; not asked again when every
     * one answered it within the TTL (`answeredWithinTtl`, nothing checked now).
     */
    const byName = (q: LiveNameQuery) =>
      Effect.suspend(() => {
        const scope = q.country === undefined ? registryIds : [registryForCountry(q.country)].filter((r) => r !== null)
        if (!scope.some((id) => liveRegistries.includes(id))) return Effect.succeed(Option.none<LiveOutcome>())
        const key = keyOf(q)
        return nameFlight(`${key.scope}:${key.query}`, askByName(q, scope, key)).pipe(
          Effect.tap((outcome) => Effect.when(readOwnWrites, Effect.sync(() => Option.isSome(outcome) && outcome.value.stored > 0)))
        )
      }).pipe(traced("LiveFallback.byName"))

    return { liveRegistries, byNumber, byName } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([LiveRegistries.Default, CompanyWriter.Default, LiveSearchCache.Default]))
}
