import { SqlClient } from "@effect/sql"
import { createHash } from "node:crypto"
import { canonicalJson } from "../domain/canonicalJson.js"
import { Config, Duration, Effect, Layer, Option, Ref, Schedule } from "effect"
import { buildMatchIndex, buildMatchIndexEffect, type LoadedList, parseListPaths, versionLabel } from "./buildIndex.js"
import type { SanctionsParseError } from "./lists/errors.js"
import type { MatchIndex } from "./matching/matchIndex.js"
import { type ListId, listDisplayName, listOrder, sanctionsListIds } from "./model.js"
import { activeVersions, entriesOf } from "./lists/SanctionsStore.js"
import { entryHash, type ScreeningResult, screenNames, type ScreenOptions, type ScreenSubject } from "./matching/screen.js"

/** The list versions an index was built from. */
export interface LoadedVersion {
  readonly list: ListId
  readonly label: string
  /** SHA-256 over the version's file hashes (canonical JSON), or null for lists loaded straight from files. */
  readonly sha256: string | null
  /** `sanctions_versions.id`, or null for lists loaded straight from files. */
  readonly id: number | null
}

export interface ScreenerState {
  readonly index: MatchIndex
  readonly versions: ReadonlyArray<LoadedVersion>
  readonly loadedAt: Date
}

/** "OFAC SDN (2024-05-03)" for each loaded version of the lists named (default: the sanctions lists). */
const sourcesOf = (state: ScreenerState | null, lists: ReadonlyArray<ListId> = sanctionsListIds): ReadonlyArray<string> =>
  state === null ? [] : state.versions.filter((v) => lists.includes(v.list)).map((v) => `${listDisplayName[v.list]} (${v.label})`)

const versionKey = (versions: ReadonlyArray<{ readonly id: number | null }>) => versions.map((v) => v.id).join(",")

const stateFromLists = (lists: ReadonlyArray<LoadedList>, ids: ReadonlyArray<number | null>): ScreenerState => ({
  index: buildMatchIndex(lists),
  versions: lists.map((l, i) => ({ list: l.parsed.list, label: l.version, id: ids[i] ?? null, sha256: null })),
  loadedAt: new Date()
})

const makeApi = (state: Ref.Ref<ScreenerState | null>, refresh: Effect.Effect<boolean>) => ({
  /**
   * Screens the names of one business (legal name first, then aliases). Entities and vessels by default,
   * individuals with `includeIndividuals`. No list loaded: `{ screened: false, result: "unavailable" }`, never clear.
   */
  screen: (names: ReadonlyArray<string | ScreenSubject>, options?: ScreenOptions): Effect.Effect<ScreeningResult> =>
    Effect.map(Ref.get(state), (s) => screenNames(s?.index ?? null, names, options ?? {})).pipe(
      Effect.withSpan("Screener.screen", { attributes: { names: names.length, lists: options?.lists?.join(",") ?? "all" } })
    ),
  /** Like `screen`, with a per-token explanation on each hit. */
  explain: (names: ReadonlyArray<string | ScreenSubject>, options?: ScreenOptions): Effect.Effect<ScreeningResult> =>
    Effect.map(Ref.get(state), (s) => screenNames(s?.index ?? null, names, { ...options, explain: true })),
  /** Each active sanctions list with its version, e.g. "OFAC SDN (2024-05-03)". */
  sources: Effect.map(Ref.get(state), (s) => sourcesOf(s)),
  /** The same for the lists named (an account's choice), debarment lists included when named. */
  sourcesFor: (lists: ReadonlyArray<ListId>) => Effect.map(Ref.get(state), (s) => sourcesOf(s, lists)),
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
})

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
    if (versions.length === 0 || (current !== null && versionKey(current.versions) === versionKey(versions))) return false
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

const pollInterval = Config.duration("SANCTIONS_POLL_INTERVAL").pipe(Config.withDefault(Duration.seconds(30)))

/**
 * Sanctions screening over an in-memory index of the active list versions. Loads them from SQL at start, then polls
 * for a newer active version every SANCTIONS_POLL_INTERVAL (default 30 s) and swaps the index atomically; screening
 * keeps answering from the previous index meanwhile. A failed load keeps the previous index (or none: unavailable).
 */
export class Screener extends Effect.Service<Screener>()("kyb/sanctions/Screener", {
  scoped: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const interval = yield* pollInterval
    const state = yield* Ref.make<ScreenerState | null>(null)
    const refresh = refreshFromSql(state).pipe(
      Effect.provideService(SqlClient.SqlClient, sql),
      Effect.catchAllCause((cause) =>
        Effect.logWarning("sanctions lists could not be loaded; keeping the current index").pipe(
          Effect.annotateLogs({ cause: String(cause) }),
          Effect.as(false)
        ))
    )
    yield* refresh
    yield* Effect.forkScoped(Effect.repeat(refresh, Schedule.spaced(interval)))
    return makeApi(state, refresh)
  })
}) {
  /** A Screener over lists already parsed (tests, benchmarks, tools without a database). */
  static fromLists(lists: ReadonlyArray<LoadedList>): Layer.Layer<Screener> {
    return Layer.effect(
      Screener,
      Effect.map(
        Ref.make<ScreenerState | null>(lists.length === 0 ? null : stateFromLists(lists, lists.map(() => null))),
        (state) => Screener.make(makeApi(state, Effect.succeed(false)))
      )
    )
  }

  /** A Screener built straight from list files or folders (any mix of OFAC SDN, OFAC Consolidated and UN). */
  static fromFiles(paths: ReadonlyArray<string>): Layer.Layer<Screener, SanctionsParseError> {
    return Layer.unwrapEffect(
      Effect.map(parseListPaths(paths), (parsed) =>
        Screener.fromLists(parsed.map((p) => ({ parsed: p, version: versionLabel(p, "file") }))))
    )
  }
}
