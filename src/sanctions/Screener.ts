import { SqlClient } from "effect/sql"
import { createHash } from "node:crypto"
import { canonicalJson } from "../domain/canonicalJson.js"
import { Clock, Config, Duration, Effect, Layer, Option, Ref, Schedule, Schema, SchemaIssue, Context } from "effect"
import { DEFAULT_LISTS_MAX_AGE_DAYS, freshnessOf, parseMaxAgeDays, utcDay } from "../domain/listFreshness.js"
import { buildMatchIndex, buildMatchIndexEffect, type LoadedList, parseListPaths, versionLabel } from "./buildIndex.js"
import type { SanctionsParseError } from "./lists/errors.js"
import type { MatchIndex } from "./matching/matchIndex.js"
import { type ListId, listDisplayName, listOrder, sanctionsListIds } from "./model.js"
import { activeVersions, type DatedBy, entriesOf, type ListVersion } from "./lists/SanctionsStore.js"
import type { ScreenOptions } from "./matching/candidates.js"
import { entryHash, type ScreeningResult, screenNames, type ScreenSubject } from "./matching/screen.js"
import { traced } from "../metrics/span.js"
import { withDetails } from "./hitDetails.js"

/** The list versions an index was built from. */
interface LoadedVersion {
  readonly list: ListId
  readonly label: string
  /** SHA-256 over the version's file hashes (canonical JSON), or null for lists loaded straight from files. */
  readonly sha256: string | null
  /** `sanctions_versions.id`, or null for lists loaded straight from files. */
  readonly id: number | null
  /** Publication date (YYYY-MM-DD), when the files or the operator gave one. */
  readonly publishedOn: string | null
  /** The last day the publisher's own address served this version. */
  readonly confirmedOn: string | null
  /** Where the list's date and currency come from (SanctionsStore's ListVersion); absent for lists loaded straight from files. */
  readonly provenance?: VersionProvenance
}

/** How a version's date was established, where its files came from, and which publisher's address confirmed it. */
interface VersionProvenance {
  readonly datedBy: DatedBy | null
  readonly fetchedFrom: string | null
  readonly confirmedFrom: string | null
}

/** A loaded list version with how current it is today (the verdict's `lists`, /health, the console's banner). */
export interface ListCurrency {
  readonly list: ListId
  readonly name: string
  readonly version: string
  readonly publishedOn: string | null
  readonly datedBy: DatedBy | null
  readonly fetchedFrom: string | null
  readonly confirmedOn: string | null
  readonly confirmedFrom: string | null
  readonly asOf: string | null
  /** The age the limit was applied to. */
  readonly ageDays: number | null
  /** The limit applied (KYB_LISTS_MAX_AGE_DAYS); null: no limit set by the operator. */
  readonly maxAgeDays: number | null
  readonly stale: boolean
}

interface ScreenerState {
  readonly index: MatchIndex
  readonly versions: ReadonlyArray<LoadedVersion>
  readonly loadedAt: Date
}

/** "OFAC SDN (2024-05-03)" for each loaded version of the lists named (default: the sanctions lists). */
const sourcesOf = (state: ScreenerState | null, lists: ReadonlyArray<ListId> = sanctionsListIds): ReadonlyArray<string> =>
  state === null ? [] : state.versions.filter((v) => lists.includes(v.list)).map((v) => `${listDisplayName[v.list]} (${v.label})`)

const versionKey = (versions: ReadonlyArray<{ readonly id: number | null }>) => versions.map((v) => v.id).join(",")
const confirmedKey = (versions: ReadonlyArray<{ readonly confirmedOn: string | null }>) => versions.map((v) => v.confirmedOn).join(",")
const provenanceOf = (v: ListVersion): VersionProvenance => ({ datedBy: v.datedBy, fetchedFrom: v.fetchedFrom, confirmedFrom: v.confirmedFrom })

/**
 * KYB_LISTS_MAX_AGE_DAYS (default 7): past this many days a list is stale and verdicts screened with it are `review`;
 * "off" reports ages without a limit (the test suites, whose shipped lists are years old, run so).
 */
const listsMaxAgeDays: Config.Config<number | null> = Config.String("KYB_LISTS_MAX_AGE_DAYS").pipe(
  Config.withDefault(String(DEFAULT_LISTS_MAX_AGE_DAYS)),
  Config.mapEffect((text) => {
    const parsed = parseMaxAgeDays(text)
    return "error" in parsed
      ? Effect.fail(new Config.ConfigError(new Schema.SchemaError(new SchemaIssue.Pointer(
        ["KYB_LISTS_MAX_AGE_DAYS"],
        new SchemaIssue.InvalidValue({ message: parsed.error })
      ))))
      : Effect.succeed(parsed.days)
  })
)

const stateFromLists = (lists: ReadonlyArray<LoadedList>, ids: ReadonlyArray<number | null>): ScreenerState => ({
  index: buildMatchIndex(lists),
  versions: lists.map((l, i) => ({
    list: l.parsed.list, label: l.version, id: ids[i] ?? null, sha256: null, publishedOn: l.parsed.publishedOn, confirmedOn: null
  })),
  loadedAt: new Date()
})

const currencyOf = (state: ScreenerState | null, lists: ReadonlyArray<ListId>, maxAgeDays: number | null) =>
  Effect.map(Clock.currentTimeMillis, (now): ReadonlyArray<ListCurrency> => {
    const today = utcDay(new Date(now))
    return (state?.versions ?? []).filter((v) => lists.includes(v.list)).map((v) => {
      const f = freshnessOf(v, today, maxAgeDays)
      return {
        list: v.list, name: listDisplayName[v.list], version: v.label, publishedOn: v.publishedOn,
        datedBy: v.provenance?.datedBy ?? null, fetchedFrom: v.provenance?.fetchedFrom ?? null,
        confirmedOn: v.confirmedOn, confirmedFrom: v.provenance?.confirmedFrom ?? null,
        asOf: f.asOf, ageDays: f.ageDays, maxAgeDays, stale: f.stale
      }
    })
  })

/** Gives a screening's hits what the index does not hold (their entries' details), from the state screened. */
type Complete = (state: ScreenerState, result: ScreeningResult) => Effect.Effect<ScreeningResult>

const makeApi = (state: Ref.Ref<ScreenerState | null>, refresh: Effect.Effect<boolean>, maxAgeDays: number | null, complete: Complete) => {
  const screenWith = (names: ReadonlyArray<string | ScreenSubject>, options: ScreenOptions) =>
    Effect.flatMap(Ref.get(state), (s) => s === null ? Effect.succeed(screenNames(null, names, options)) : complete(s, screenNames(s.index, names, options)))
  return {
    /**
     * Screens the names of one business (legal name first, then aliases). Entities and vessels by default,
     * individuals with `includeIndividuals`. No list loaded: `{ screened: false, result: "unavailable" }`, never clear.
     */
    screen: (names: ReadonlyArray<string | ScreenSubject>, options?: ScreenOptions): Effect.Effect<ScreeningResult> =>
      screenWith(names, options ?? {}).pipe(
        traced("Screener.screen", () => ({ names: names.length, lists: options?.lists?.join(",") ?? "all" }))
      ),
    /** Like `screen`, with a per-token explanation on each hit. */
    explain: (names: ReadonlyArray<string | ScreenSubject>, options?: ScreenOptions): Effect.Effect<ScreeningResult> =>
      screenWith(names, { ...options, explain: true }),
    /** Each active sanctions list with its version, e.g. "OFAC SDN (2024-05-03)". */
    sources: Effect.map(Ref.get(state), (s) => sourcesOf(s)),
    /** The same for the lists named (an account's choice), debarment lists included when named. */
    sourcesFor: (lists: ReadonlyArray<ListId>) => Effect.map(Ref.get(state), (s) => sourcesOf(s, lists)),
    /** The loaded versions of the lists named (default: every list), each with its age today and whether it is stale. */
    currency: (lists: ReadonlyArray<ListId> = listOrder) => Effect.flatMap(Ref.get(state), (s) => currencyOf(s, lists, maxAgeDays)),
    /** KYB_LISTS_MAX_AGE_DAYS as this instance reads it (null: off). */
    maxAgeDays,
    /** The loaded versions (empty when nothing is loaded). */
    versions: Effect.map(Ref.get(state), (s): ReadonlyArray<LoadedVersion> => s?.versions ?? []),
    /** A listed entry of the active versions, with the hash of its content now (a reviewer's decision is taken on it). */
    entry: (list: string, entryId: string) =>
      Effect.map(Ref.get(state), (s) => {
        const found = s?.index.entries.find((e) => e.entry.list === list && e.entry.entry_id === entryId)
        return found === undefined
          ? Option.none<{ readonly name: string; readonly entry_hash: string }>()
          : Option.some({ name: found.entry.name, entry_hash: entryHash(found.entry) })
      }),
    /** Checks for newer active versions now; true when the index was swapped. */
    refresh
  }
}

/**
 * Loads the active versions from SQL when they differ from the held ones; the new index replaces the old in one Ref
 * set. A version is immutable, so the entries of one the index already holds are taken from it, not read again: a
 * refresh reads only the lists that changed.
 */
const refreshFromSql = (state: Ref.Ref<ScreenerState | null>) => {
  let held = new Map<number, LoadedList>()
  return Effect.gen(function*() {
    const versions = yield* activeVersions
    const current = yield* Ref.get(state)
    if (versions.length === 0) return false
    if (current !== null && versionKey(current.versions) === versionKey(versions)) {
      // Only a confirmation date moved (an update found the same files): the index stands, the dates change.
      if (confirmedKey(current.versions) !== confirmedKey(versions)) {
        yield* Ref.set(state, {
          ...current,
          versions: current.versions.map((v, i) => ({ ...v, confirmedOn: versions[i]!.confirmedOn, provenance: provenanceOf(versions[i]!) }))
        })
      }
      return false
    }
    const lists = yield* Effect.forEach(versions, (v) => {
      const kept = held.get(v.id)
      return kept !== undefined ? Effect.succeed(kept) : Effect.map(entriesOf(v.id), (entries): LoadedList => ({
        parsed: { list: v.list, publishedOn: v.publishedOn, entries, aliasCount: v.aliasCount },
        version: v.label
      }))
    })
    const started = Date.now()
    const next: ScreenerState = {
      index: yield* buildMatchIndexEffect(lists),
      versions: lists.map((l, i) => ({
        list: l.parsed.list,
        label: l.version,
        id: versions[i]!.id,
        publishedOn: versions[i]!.publishedOn,
        confirmedOn: versions[i]!.confirmedOn,
        provenance: provenanceOf(versions[i]!),
        sha256: createHash("sha256").update(canonicalJson(versions[i]!.fileHashes)).digest("hex")
      })),
      loadedAt: new Date()
    }
    yield* Ref.set(state, next)
    held = new Map(versions.map((v, i) => [v.id, lists[i]!]))
    yield* Effect.logInfo("sanctions index loaded").pipe(
      Effect.annotateLogs({ sources: sourcesOf(next, listOrder).join("; "), names: next.index.names.length, buildMs: Date.now() - started })
    )
    return true
  })
}

const pollInterval = Config.Duration("SANCTIONS_POLL_INTERVAL").pipe(Config.withDefault(Duration.seconds(30)))

/**
 * Sanctions screening over an in-memory index of the active list versions. Loads them from SQL at start, then polls
 * for a newer active version every SANCTIONS_POLL_INTERVAL (default 30 s) and swaps the index atomically; screening
 * keeps answering from the previous index meanwhile. A failed load keeps the previous index (or none: unavailable).
 */
export class Screener extends Context.Service<Screener>()("kyb/sanctions/Screener", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const interval = yield* pollInterval
    const maxAgeDays = yield* listsMaxAgeDays
    const state = yield* Ref.make<ScreenerState | null>(null)
    const refresh = refreshFromSql(state).pipe(
      Effect.provideService(SqlClient.SqlClient, sql),
      Effect.catchCause((cause) =>
        Effect.logWarning("sanctions lists could not be loaded; keeping the current index").pipe(
          Effect.annotateLogs({ cause: String(cause) }),
          Effect.as(false)
        ))
    )
    yield* refresh
    yield* Effect.forkScoped(Effect.repeat(refresh, Schedule.spaced(interval)))
    return makeApi(state, refresh, maxAgeDays, (s, result) => withDetails(s.versions, result).pipe(Effect.provideService(SqlClient.SqlClient, sql)))
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
  /** A Screener over lists already parsed (tests, benchmarks, tools without a database). */
  static fromLists(lists: ReadonlyArray<LoadedList>): Layer.Layer<Screener> {
    return Layer.effect(
      Screener,
      Effect.gen(function*() {
        const state = yield* Ref.make<ScreenerState | null>(lists.length === 0 ? null : stateFromLists(lists, lists.map(() => null)))
        // Lists parsed here keep their entries' details in memory: hits carry them as they are.
        return Screener.of(makeApi(state, Effect.succeed(false), yield* Effect.orDie(listsMaxAgeDays), (_, result) => Effect.succeed(result)))
      })
    )
  }

  /** A Screener built straight from list files or folders (any mix of OFAC SDN, OFAC Consolidated and UN). */
  static fromFiles(paths: ReadonlyArray<string>): Layer.Layer<Screener, SanctionsParseError> {
    return Layer.unwrap(
      Effect.map(parseListPaths(paths), (parsed) =>
        Screener.fromLists(parsed.map((p) => ({ parsed: p, version: versionLabel(p, "file") }))))
    )
  }
}
