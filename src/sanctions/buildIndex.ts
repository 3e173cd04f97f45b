import { Effect } from "effect"
import type { Background } from "./background.js"
import { defaultBackground } from "./defaultBackground.js"
import { detectListFiles } from "./detect.js"
import type { SanctionsParseError } from "./errors.js"
import { MatchIndex } from "./matchIndex.js"
import type { ParsedList } from "./model.js"
import { parseListFiles } from "./parseFiles.js"

export interface LoadedList {
  readonly parsed: ParsedList
  /** Version label shown in hits (`list_version`) and sources, e.g. the publication date. */
  readonly version: string
}

export const buildMatchIndex = (lists: ReadonlyArray<LoadedList>, background: Background = defaultBackground()): MatchIndex =>
  new MatchIndex(lists.flatMap(({ parsed, version }) => parsed.entries.map((entry) => ({ entry, listVersion: version }))), background)

/** Parses list files (any mix of OFAC SDN, OFAC Consolidated and UN paths or directories) without any database. */
export const parseListPaths = (paths: ReadonlyArray<string>): Effect.Effect<ReadonlyArray<ParsedList>, SanctionsParseError> =>
  Effect.flatMap(detectListFiles(paths), (sets) => Effect.forEach(sets, parseListFiles))

/** Version label used when a list has no publication date of its own. */
export const versionLabel = (parsed: ParsedList, fallback: string): string => parsed.publishedOn ?? fallback
