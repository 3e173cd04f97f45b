import { SqlClient, type SqlError } from "effect/sql"
import { Config, Duration, Effect, Option, Context, Layer, Result } from "effect"
import { readOwnWrites } from "../../db/ReadSql.js"
import type { RegistryRecord } from "../../domain/CanonicalCompany.js"
import { canonicalNumber, countryOfRegistry, registryForCountry, type RegistryId, registryIds } from "../../domain/registrationNumbers.js"
import { type GleifFinding, GleifSource } from "../../registries/gleif/GleifSource.js"
import { GLEIF } from "../../registries/gleif/gleifClient.js"
import { RegistryUnavailable } from "../../registries/adapters/RegistryUnavailable.js"
import { LiveRegistries } from "../../registries/LiveRegistries.js"
import { CompanyWriter } from "../CompanyWriter.js"
import { LiveSearchCache, type LiveSearchKey } from "./LiveSearchCache.js"
import { makeSingleFlight } from "./singleFlight.js"
import { keyOfNumberAnswer, type StoredKey, storeGleifFindings } from "./storeGleif.js"
import { traced } from "../../metrics/span.js"
import { type AskedBy, GLEIF_SOURCE, type SourceAttempt } from "../../domain/sourcesTried.js"

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
  /** Each source's answer (a verdict's sources_tried). */
  readonly attempts: ReadonlyArray<SourceAttempt>
}

/** What asking by number gave: where the record is stored (None: no answer held it), and each source's answer. */
export interface NumberOutcome {
  readonly stored: Option.Option<StoredKey>
  /** Why it could not be checked, when no source confirmed it and one that had to be asked failed. */
  readonly unavailable: Option.Option<RegistryUnavailable>
  readonly attempts: ReadonlyArray<SourceAttempt>
}

const attemptOf = (source: string, registry: string, asked: AskedBy, outcome: Result.Result<Option.Option<unknown>, RegistryUnavailable | SqlError.SqlError> | null): ReadonlyArray<SourceAttempt> => {
  if (outcome === null) return []
  if (Result.isSuccess(outcome)) return [{ source, registry, asked, answer: Option.isSome(outcome.success) ? "found" : "not_found" }]
  const failure = outcome.failure
  return failure._tag === "RegistryUnavailable"
    ? [{ source, registry, asked, answer: { failed: failure.reason === "circuit_open" ? "circuit_open" : failure.reason } }]
    : []
}

export type { StoredKey } from "./storeGleif.js"

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
    const gleif = yield* GleifSource
    const sql = yield* SqlClient.SqlClient
    const writer = yield* CompanyWriter
    const cache = yield* LiveSearchCache
    const ttlSeconds = Duration.toSeconds(yield* liveSearchTtl)
    // A record a registry gave for a number is shared for 10 s after it was stored: a miss whose store read came
    // just before would otherwise ask the registry again (later ones find it in the store).
    const numberFlight = makeSingleFlight<Option.Option<StoredKey>, RegistryUnavailable | SqlError.SqlError>({ for: Duration.seconds(10), when: Option.isSome })
    const nameFlight = makeSingleFlight<Option.Option<LiveOutcome>, SqlError.SqlError>()
    const liveRegistries: ReadonlyArray<RegistryId> = live.liveRegistries
    /** The registries a number can be asked of: those with a live adapter, and with GLEIF on every one. */
    const numberSources: ReadonlyArray<RegistryId> = gleif.enabled ? registryIds : liveRegistries

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

    const gleifByNumber = (registry: RegistryId, raw: string) =>
      gleif.byNumber(raw, countryOfRegistry(registry)).pipe(
        Effect.flatMap((findings) => Effect.as(storeGleifFindings(sql, writer, findings), keyOfNumberAnswer(registry, raw, findings)))
      )

    /**
     * The registry asked for one number; None when it answered without it (or nothing here can ask it). Fails with
     * RegistryUnavailable when it could not be asked (down, slow, changed, breaker open). The registry's own answer
     * first; GLEIF's (asked at the same time when it is on) when the registry has no live adapter, did not hold the
     * number, or could not be asked and GLEIF confirms the registration.
     */
    const askByNumber = (registry: RegistryId, raw: string) =>
      Effect.gen(function*() {
        const key = canonicalNumber(registry, raw).key
        const none = Effect.succeed(Option.none<StoredKey>())
        // A number of a kind the registry's search does not look up (Madagascar's NIF, STAT) is not asked of it.
        const ownAsked = live.searchesNumber(registry, raw)
        const [own, viaGleif] = yield* Effect.all([
          Effect.result(ownAsked ? numberFlight(`${registry}:${key}`, fetchAndStore(registry, raw)) : none),
          Effect.result(gleif.enabled ? numberFlight(`${GLEIF}:${registry}:${key}`, gleifByNumber(registry, raw)) : none)
        ], { concurrency: "unbounded" })
        const sql = [own, viaGleif].flatMap((r) => r._tag === "Failure" && r.failure._tag === "SqlError" ? [r.failure] : [])
        if (sql[0] !== undefined) return yield* Effect.fail(sql[0])
        // GLEIF's answer "found" only when it confirmed the registration (not a reference entity of its own).
        const gleifAnswer = viaGleif._tag === "Success" && Option.isSome(viaGleif.success) && viaGleif.success.value.registration_no.startsWith("ref-")
          ? Result.succeed(Option.none<StoredKey>())
          : viaGleif
        const attempts = [
          ...attemptOf(registry, registry, "number", ownAsked ? own : null),
          ...attemptOf(GLEIF_SOURCE, registry, "number", gleif.enabled ? gleifAnswer : null)
        ]
        const unavailable = (failure: RegistryUnavailable | SqlError.SqlError) =>
          failure._tag === "RegistryUnavailable" ? Option.some(failure) : Option.none<RegistryUnavailable>()
        if (own._tag === "Success" && Option.isSome(own.success)) return { stored: own.success, unavailable: Option.none(), attempts } satisfies NumberOutcome
        const confirmed = viaGleif._tag === "Success" && Option.isSome(viaGleif.success) && !viaGleif.success.value.registration_no.startsWith("ref-")
        if (own._tag === "Failure" && !confirmed) return { stored: Option.none(), unavailable: unavailable(own.failure), attempts } satisfies NumberOutcome
        if (viaGleif._tag === "Failure" && !ownAsked) return { stored: Option.none(), unavailable: unavailable(viaGleif.failure), attempts } satisfies NumberOutcome
        return { stored: viaGleif._tag === "Success" ? viaGleif.success : Option.none<StoredKey>(), unavailable: Option.none(), attempts } satisfies NumberOutcome
      }).pipe(Effect.tap((outcome) => Effect.when(readOwnWrites, Effect.sync(() => Option.isSome(outcome.stored)))))

    /** As `askByNumber`, failing with RegistryUnavailable when it could not be checked. */
    const byNumber = (registry: RegistryId, raw: string) =>
      Effect.flatMap(askByNumber(registry, raw), (outcome) =>
        Option.isSome(outcome.unavailable) ? Effect.fail(outcome.unavailable.value) : Effect.succeed(outcome.stored))

    const keyOf = (q: LiveNameQuery): LiveSearchKey => ({
      query: q.normalized === "" ? q.lower : q.normalized,
      scope: q.country ?? ALL_COUNTRIES
    })

    const askByName = (q: LiveNameQuery, scope: ReadonlyArray<RegistryId>, key: LiveSearchKey) =>
      Effect.gen(function*() {
        if (yield* cache.askedWithin(key, ttlSeconds)) {
          return Option.some<LiveOutcome>({ checked: [], unreachable: [], stored: 0, answeredWithinTtl: true, attempts: [] })
        }
        const [result, viaGleif] = yield* Effect.all([
          live.search(q.text, scope, { onLate: (_, records) => store(records).pipe(Effect.ignore) }),
          gleif.enabled ? Effect.map(Effect.result(gleif.byName(q.text, q.country)), Option.some) : Effect.succeed(Option.none<Result.Result<ReadonlyArray<GleifFinding>, RegistryUnavailable>>())
        ], { concurrency: "unbounded" })
        const answered = Option.getOrUndefined(viaGleif)
        const gleifFindings = answered !== undefined && Result.isSuccess(answered) ? answered.success : []
        const checked = [...result.checked, ...(answered === undefined ? [] : [GLEIF])]
        const unreachable = [...result.unreachable, ...(answered !== undefined && Result.isFailure(answered) ? [GLEIF] : [])]
        if (checked.length === 0) return Option.none<LiveOutcome>()
        const stored = (yield* store(result.records)) + (yield* storeGleifFindings(sql, writer, gleifFindings))
        if (unreachable.length === 0) yield* cache.remember(key, result.records.length + gleifFindings.length)
        const attempts: Array<SourceAttempt> = result.answers.map((a) => ({
          source: a.registry,
          registry: a.registry,
          asked: "name",
          answer: "failed" in a ? { failed: a.failed === "circuit_open" ? "circuit_open" : a.failed } : a.records > 0 ? "found" : "not_found"
        }))
        if (answered !== undefined) {
          const registry = q.country === undefined ? "*" : registryForCountry(q.country) ?? "*"
          attempts.push(...attemptOf(GLEIF_SOURCE, registry, "name", Result.map(answered, (f) => f.length > 0 ? Option.some(f) : Option.none())))
        }
        return Option.some<LiveOutcome>({ checked, unreachable, stored, answeredWithinTtl: false, attempts })
      })

    /**
     * Every live registry of the query's scope, and GLEIF when on, asked by name. None when none covers it; not asked
     * again when every one answered it within the TTL (`answeredWithinTtl`, nothing checked now).
     */
    const byName = (q: LiveNameQuery) =>
      Effect.suspend(() => {
        const scope = q.country === undefined ? registryIds : [registryForCountry(q.country)].filter((r) => r !== null)
        const covered = gleif.enabled ? scope.length > 0 : scope.some((id) => liveRegistries.includes(id))
        if (!covered) return Effect.succeed(Option.none<LiveOutcome>())
        const key = keyOf(q)
        return nameFlight(`${key.scope}:${key.query}`, askByName(q, scope, key)).pipe(
          Effect.tap((outcome) => Effect.when(readOwnWrites, Effect.sync(() => Option.isSome(outcome) && outcome.value.stored > 0)))
        )
      }).pipe(traced("LiveFallback.byName"))

    return { liveRegistries, numberSources, byNumber, askByNumber, byName, gleifEnabled: gleif.enabled, searchesNumber: live.searchesNumber, searchesName: live.searchesName } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([LiveRegistries.Default, GleifSource.Default, CompanyWriter.Default, LiveSearchCache.Default]))
}
