import { SqlClient, type SqlError } from "effect/sql"
import { Effect } from "effect"
import { createHash } from "node:crypto"
import { detectListFiles, filesOf, type ListFiles } from "./detect.js"
import { SanctionsIngestRefused, SanctionsParseError } from "./errors.js"
import { contentName, openContent } from "./listFile.js"
import type { ListId, ParsedList } from "../model.js"
import { parseListFiles } from "./parseFiles.js"
import { activeVersions, addDetails, type DatedBy, DETAILS_FORMAT, insertAndActivate, type ListVersion } from "./SanctionsStore.js"

export interface IngestOptions {
  /** Publication date (YYYY-MM-DD) the operator gives for lists whose files carry none (the OFAC CSVs). */
  readonly publishedOn?: string | undefined
  /**
   * Per list, the publication date (YYYY-MM-DD) the same publication states in another of its formats (OFAC's XML
   * Publish_Date), for files that carry none; it wins over the operator's.
   */
  readonly statedOn?: Readonly<Partial<Record<ListId, string>>> | undefined
  /** The address the files were fetched from (kept on the version); none: files the operator gave. */
  readonly fetchedFrom?: string | undefined
  /** Largest share of the active version's entries a new version may lose (default 0.10). */
  readonly maxDropRatio?: number | undefined
  /** Activate a version published before the active one: who does it and why (kept on the version and logged). */
  readonly allowOlder?: { readonly by: string; readonly reason: string } | undefined
}

export interface IngestedList {
  readonly list: ListId
  readonly status: "activated" | "unchanged"
  readonly versionId: number
  readonly label: string
  readonly entries: number
  readonly aliases: number
  readonly previousEntries: number | null
  readonly fileHashes: Readonly<Record<string, string>>
  /**
   * The active version had the same files but was stored before its entries' details were kept: they were added to
   * it in place (its entries' hashes, and the decisions and monitors bound to them, unchanged).
   */
  readonly detailsAdded: boolean
}

/** SHA-256 of the file's content (of what a `.gz` holds, so a list compressed or not is the same version). */
export const sha256File = (file: string): Effect.Effect<string, SanctionsParseError> =>
  Effect.tryPromise({
    try: async () => {
      const hash = createHash("sha256")
      for await (const chunk of openContent(file)) hash.update(chunk as Buffer)
      return hash.digest("hex")
    },
    catch: (cause) => new SanctionsParseError({ file, message: cause instanceof Error ? cause.message : String(cause) })
  })

interface Prepared {
  readonly set: ListFiles
  readonly parsed: ParsedList
  readonly fileHashes: Record<string, string>
}

const sameHashes = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>) => {
  const ka = Object.keys(a).sort()
  const kb = Object.keys(b).sort()
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && a[k] === b[k])
}

/** A version's date: what the publication states (in its files, or in another of its formats), else the operator's. */
const labelOf = (prepared: Prepared, options: IngestOptions): { publishedOn: string | null; datedBy: DatedBy | null; label: string } => {
  const stated = prepared.parsed.publishedOn ?? options.statedOn?.[prepared.parsed.list] ?? null
  const publishedOn = stated ?? options.publishedOn ?? null
  const datedBy: DatedBy | null = stated !== null ? "publication" : publishedOn !== null ? "operator" : null
  if (publishedOn !== null) return { publishedOn, datedBy, label: publishedOn }
  const combined = createHash("sha256").update(Object.values(prepared.fileHashes).sort().join("")).digest("hex")
  return { publishedOn: null, datedBy, label: `sha256:${combined.slice(0, 12)}` }
}

/**
 * Refuses a list that would lose more than `maxDropRatio` of the active version's entries or aliases (parser drift,
 * truncation, a forgotten alt.csv).
 */
const checkDrop = (prepared: Prepared, active: ListVersion | undefined, maxDropRatio: number) => {
  if (active === undefined) return Effect.void
  const { aliasCount, entries, list } = prepared.parsed
  const lost = entries.length < active.entryCount * (1 - maxDropRatio)
    ? `${entries.length} entries would replace ${active.entryCount}`
    : aliasCount < active.aliasCount * (1 - maxDropRatio)
    ? `${aliasCount} aliases would replace ${active.aliasCount}`
    : null
  return lost === null ? Effect.void : Effect.fail(new SanctionsIngestRefused({
    list,
    reason: "entries_lost",
    message: `${list}: ${lost} (more than ${Math.round(maxDropRatio * 100)}% lost); the active version ${active.label} stays`
  }))
}

/**
 * Refuses a version published before the active one of its list (a silent downgrade of what every verdict is
 * screened against), unless the caller names who activates it and why; that is then logged and kept on the version.
 */
const checkAge = (list: ListId, publishedOn: string | null, active: ListVersion | undefined, options: IngestOptions) => {
  if (active?.publishedOn == null || publishedOn === null || publishedOn >= active.publishedOn) return Effect.succeed(undefined)
  const older = `${list}: ${publishedOn} is older than the active version ${active.publishedOn}`
  if (options.allowOlder === undefined) {
    return Effect.fail(new SanctionsIngestRefused({ list, reason: "older_version", message: `${older}; the active version stays` }))
  }
  const { by, reason } = options.allowOlder
  return Effect.logWarning(`${older}; activated on purpose`).pipe(
    Effect.annotateLogs({ list, activated_by: by, reason, replaced: active.label }),
    Effect.as(options.allowOlder)
  )
}

/**
 * Parses every list file set found in `paths`, stores each changed list as a new version (publication date, SHA-256 of
 * each file, counts, load time) and activates all of them in one transaction. Nothing is stored if any file fails to
 * parse or any list would lose more than 10% of its active entries; the active versions then keep answering. The same
 * files as the active version change nothing, but give the version its entries' details if it was stored without.
 */
export const ingestSanctions = (
  paths: ReadonlyArray<string>,
  options: IngestOptions = {}
): Effect.Effect<ReadonlyArray<IngestedList>, SanctionsParseError | SanctionsIngestRefused | SqlError.SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const sets = yield* detectListFiles(paths)
    const prepared = yield* Effect.forEach(sets, (set) =>
      Effect.gen(function*() {
        const parsed = yield* parseListFiles(set)
        const fileHashes: Record<string, string> = {}
        for (const file of filesOf(set)) fileHashes[contentName(file).toLowerCase()] = yield* sha256File(file)
        return { set, parsed, fileHashes } satisfies Prepared
      }))
    const maxDrop = options.maxDropRatio ?? 0.1
    return yield* sql.withTransaction(Effect.gen(function*() {
      yield* sql`LOCK TABLE sanctions_versions IN SHARE ROW EXCLUSIVE MODE`
      const active = yield* activeVersions
      const results: Array<IngestedList> = []
      for (const p of prepared) {
        const current = active.find((v) => v.list === p.parsed.list)
        yield* checkDrop(p, current, maxDrop)
        const common = {
          list: p.parsed.list,
          entries: p.parsed.entries.length,
          aliases: p.parsed.aliasCount,
          previousEntries: current?.entryCount ?? null,
          fileHashes: p.fileHashes
        }
        if (current !== undefined && sameHashes(current.fileHashes, p.fileHashes)) {
          const detailsAdded = current.detailsFormat !== DETAILS_FORMAT
          if (detailsAdded) yield* addDetails(current.id, p.parsed.entries)
          results.push({ ...common, status: "unchanged", versionId: current.id, label: current.label, detailsAdded })
          continue
        }
        const { datedBy, label, publishedOn } = labelOf(p, options)
        const olderActivation = yield* checkAge(p.parsed.list, publishedOn, current, options)
        const versionId = yield* insertAndActivate({
          olderActivation,
          list: p.parsed.list,
          publishedOn,
          datedBy,
          fetchedFrom: options.fetchedFrom ?? null,
          label,
          fileHashes: p.fileHashes,
          entries: p.parsed.entries,
          aliasCount: p.parsed.aliasCount
        })
        results.push({ ...common, status: "activated", versionId, label, detailsAdded: false })
      }
      return results
    }))
  })
