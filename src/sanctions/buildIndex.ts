import { Effect } from "effect"
import type { Background } from "./matching/background.js"
import { defaultBackground } from "./matching/defaultBackground.js"
import { detectListFiles } from "./lists/detect.js"
import type { SanctionsParseError } from "./lists/errors.js"
import { MatchIndex } from "./matching/matchIndex.js"
import type { ParsedList } from "./model.js"
import { parseListFiles } from "./lists/parseFiles.js"

export interface LoadedList {
  readonly parsed: ParsedList
  /** Version label shown in hits (`list_version`) and sources, e.g. the publication date. */
  readonly version: string
}

const versionedEntries = (lists: ReadonlyArray<LoadedList>) =>
  lists.flatMap(({ parsed, version }) => parsed.entries.map((entry) => ({ entry, listVersion: version })))

export const buildMatchIndex = (lists: ReadonlyArray<LoadedList>, background: Background = defaultBackground()): MatchIndex =>
  new MatchIndex(versionedEntries(lists), background)

/** Resumes after the event loop's pending I/O: long work done in steps lets a server answer between them. */
export const nextMacrotask = Effect.callback<void>((resume) => {
  const handle = setImmediate(() => resume(Effect.void))
  return Effect.sync(() => clearImmediate(handle))
})

/**
 * The same index built in small steps, giving the event loop back between them: a running server keeps answering
 * (from its previous index) while a new version is indexed.
 */
export const buildMatchIndexEffect = (lists: ReadonlyArray<LoadedList>, background: Background = defaultBackground()): Effect.Effect<MatchIndex> =>
  Effect.suspend(() => {
    const index = new MatchIndex(versionedEntries(lists), background, true)
    const steps = index.buildSteps()
    return Effect.as(Effect.whileLoop({ while: () => !steps.next().done, body: () => nextMacrotask, step: () => {} }), index)
  })

/** Parses list files (any mix of OFAC SDN, OFAC Consolidated and UN paths or directories) without any database. */
export const parseListPaths = (paths: ReadonlyArray<string>): Effect.Effect<ReadonlyArray<ParsedList>, SanctionsParseError> =>
  Effect.flatMap(detectListFiles(paths), (sets) => Effect.forEach(sets, parseListFiles))

/** Version label used when a list has no publication date of its own. */
export const versionLabel = (parsed: ParsedList, fallback: string): string => parsed.publishedOn ?? fallback
