import { SqlClient, type SqlError } from "effect/sql"
import { Effect, Schema } from "effect"
import { EntryDetails } from "../../domain/entryDetails.js"
import { type ListId, listOrder, SanctionsEntry } from "../model.js"

/**
 * The form of `entry.details` this code writes (`sanctions_versions.details_format`). A version stored with another
 * (or none) gets its details again from the next ingest of the same files.
 */
export const DETAILS_FORMAT = 1

/** How a version's publication date was established: the publication itself states it, or the operator gave it. */
export type DatedBy = "publication" | "operator"

/** One row of `sanctions_versions`. */
export interface ListVersion {
  readonly id: number
  readonly list: ListId
  readonly publishedOn: string | null
  /** How publishedOn was established: the publication states it, or the operator gave it; null: no date. */
  readonly datedBy: DatedBy | null
  /** The address the files were fetched from (`kyb lists update`); null: files given to `kyb ingest sanctions`. */
  readonly fetchedFrom: string | null
  /** The last day the publisher's own address served this version; null: never confirmed. */
  readonly confirmedOn: string | null
  /** The publisher's address that confirmed it on confirmedOn. */
  readonly confirmedFrom: string | null
  readonly label: string
  readonly fileHashes: Readonly<Record<string, string>>
  readonly entryCount: number
  readonly aliasCount: number
  readonly loadedAt: Date
  readonly active: boolean
  /** The form of the details its entries carry; null: stored before entries' details were kept. */
  readonly detailsFormat: number | null
}

interface VersionRow {
  readonly id: string | number
  readonly list: ListId
  readonly published_on: string | Date | null
  readonly dated_by: DatedBy | null
  readonly fetched_from: string | null
  readonly confirmed_on: string | Date | null
  readonly confirmed_from: string | null
  readonly label: string
  readonly file_hashes: unknown
  readonly entry_count: number
  readonly alias_count: number
  readonly loaded_at: Date | string
  readonly active: boolean
  readonly details_format: number | null
}

const isoDate = (value: string | Date | null): string | null =>
  value === null ? null : typeof value === "string" ? value.slice(0, 10) : value.toISOString().slice(0, 10)

const toVersion = (row: VersionRow): ListVersion => ({
  id: Number(row.id),
  list: row.list,
  publishedOn: isoDate(row.published_on),
  datedBy: row.dated_by,
  fetchedFrom: row.fetched_from,
  confirmedOn: isoDate(row.confirmed_on),
  confirmedFrom: row.confirmed_from,
  label: row.label,
  fileHashes: (typeof row.file_hashes === "string" ? JSON.parse(row.file_hashes) : row.file_hashes) as Record<string, string>,
  entryCount: row.entry_count,
  aliasCount: row.alias_count,
  loadedAt: new Date(row.loaded_at),
  active: row.active,
  detailsFormat: row.details_format
})

const VERSION_COLUMNS = "id, list, published_on::text AS published_on, dated_by, fetched_from, confirmed_on::text AS confirmed_on, confirmed_from, label, file_hashes, entry_count, alias_count, loaded_at, active, details_format"

export const activeVersions: Effect.Effect<ReadonlyArray<ListVersion>, SqlError.SqlError, SqlClient.SqlClient> = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql.unsafe<VersionRow>(`SELECT ${VERSION_COLUMNS} FROM sanctions_versions WHERE active ORDER BY array_position(ARRAY[${listOrder.map((l) => `'${l}'`).join(", ")}], list)`)
  return rows.map(toVersion)
})

export const allVersions: Effect.Effect<ReadonlyArray<ListVersion>, SqlError.SqlError, SqlClient.SqlClient> = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql.unsafe<VersionRow>(`SELECT ${VERSION_COLUMNS} FROM sanctions_versions ORDER BY id`)
  return rows.map(toVersion)
})

const decodeEntry = Schema.decodeUnknownEffect(SanctionsEntry)

/** Entries read per statement: a whole list's text (tens of MB for OFAC SDN) never sits in memory at once. */
const ENTRY_BATCH = 1000

interface EntryText {
  readonly entry_id: string
  readonly entry: string
}

/**
 * The entries of one stored version in order of entry id, `ENTRY_BATCH` at a time (keyset on the primary key), each
 * batch read as text and decoded one at a time, then given to `use`: a refresh that runs beside a serving index
 * holds one batch of text, not the list's (issue 56: RSS during a refresh). Without their details (display only, read
 * for hits with `detailsOf`): an index of the lists need not hold them.
 */
export const forEachEntryBatch = <E, R>(
  versionId: number,
  use: (entries: ReadonlyArray<SanctionsEntry>) => Effect.Effect<void, E, R>
) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    let after: string | null = null
    while (true) {
      const rows: ReadonlyArray<EntryText> = after === null
        ? yield* sql<EntryText>`SELECT entry_id, (entry - 'details')::text AS entry FROM sanctions_entries WHERE version_id = ${versionId} ORDER BY entry_id LIMIT ${ENTRY_BATCH}`
        : yield* sql<EntryText>`SELECT entry_id, (entry - 'details')::text AS entry FROM sanctions_entries WHERE version_id = ${versionId} AND entry_id > ${after} ORDER BY entry_id LIMIT ${ENTRY_BATCH}`
      if (rows.length === 0) return
      const entries: Array<SanctionsEntry> = []
      for (const row of rows) entries.push(yield* decodeEntry(JSON.parse(row.entry)))
      after = rows[rows.length - 1]!.entry_id
      yield* use(entries)
      if (rows.length < ENTRY_BATCH) return
    }
  })

/** The entries of one stored version, in order of entry id (`forEachEntryBatch`, gathered). */
export const entriesOf = (versionId: number) =>
  Effect.gen(function*() {
    const entries: Array<SanctionsEntry> = []
    yield* forEachEntryBatch(versionId, (batch) => Effect.sync(() => {
      for (const e of batch) entries.push(e)
    }))
    return entries
  })

const decodeDetails = Schema.decodeUnknownEffect(EntryDetails)

/** The details of some entries of a stored version, by entry id; an entry stored without details is absent. */
export const detailsOf = (versionId: number, entryIds: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const found = new Map<string, EntryDetails>()
    if (entryIds.length === 0) return found
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ entry_id: string; details: string }>`
      SELECT entry_id, (entry -> 'details')::text AS details FROM sanctions_entries
      WHERE version_id = ${versionId} AND entry_id IN ${sql.in(entryIds)} AND entry -> 'details' IS NOT NULL`
    for (const row of rows) found.set(row.entry_id, yield* decodeDetails(JSON.parse(row.details)))
    return found
  })

/**
 * Writes the details of a stored version's entries from a new parse of the same files (the entries' other content,
 * which their hash covers, is left as stored), and records their form on the version. Run inside a transaction.
 */
export const addDetails = (versionId: number, entries: ReadonlyArray<SanctionsEntry>): Effect.Effect<void, SqlError.SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const detailed = entries.filter((e) => e.details !== undefined)
    for (let i = 0; i < detailed.length; i += BATCH) {
      const batch = detailed.slice(i, i + BATCH)
      yield* sql`
        UPDATE sanctions_entries s SET entry = s.entry || jsonb_build_object('details', d.details::jsonb)
        FROM unnest(${batch.map((e) => e.entry_id)}::text[], ${batch.map((e) => JSON.stringify(e.details))}::text[]) AS d(entry_id, details)
        WHERE s.version_id = ${versionId} AND s.entry_id = d.entry_id`
    }
    yield* sql`UPDATE sanctions_versions SET details_format = ${DETAILS_FORMAT} WHERE id = ${versionId}`
  })

export interface NewVersion {
  readonly list: ListId
  readonly publishedOn: string | null
  readonly datedBy: DatedBy | null
  readonly fetchedFrom: string | null
  readonly label: string
  readonly fileHashes: Readonly<Record<string, string>>
  readonly entries: ReadonlyArray<SanctionsEntry>
  readonly aliasCount: number
  /** Set only when a version older than the active one is activated on purpose: who, and why. */
  readonly olderActivation?: { readonly by: string; readonly reason: string } | undefined
}

const BATCH = 500

/** Inserts a version with its entries and makes it the active one of its list. Run inside a transaction. */
export const insertAndActivate = (version: NewVersion): Effect.Effect<number, SqlError.SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const [row] = yield* sql<{ id: string | number }>`
      INSERT INTO sanctions_versions (list, published_on, dated_by, fetched_from, label, file_hashes, entry_count, alias_count, active,
                                      activated_by, activation_reason, details_format)
      VALUES (${version.list}, ${version.publishedOn}, ${version.datedBy}, ${version.fetchedFrom}, ${version.label}, ${JSON.stringify(version.fileHashes)}::jsonb,
              ${version.entries.length}, ${version.aliasCount}, false,
              ${version.olderActivation?.by ?? null}, ${version.olderActivation?.reason ?? null}, ${DETAILS_FORMAT})
      RETURNING id`
    const id = Number(row!.id)
    for (let i = 0; i < version.entries.length; i += BATCH) {
      const batch = version.entries.slice(i, i + BATCH)
      yield* sql`
        INSERT INTO sanctions_entries (version_id, entry_id, entry)
        SELECT ${id}, e.entry_id, e.entry::jsonb
        FROM unnest(${batch.map((e) => e.entry_id)}::text[], ${batch.map((e) => JSON.stringify(e))}::text[])
          AS e(entry_id, entry)
        ON CONFLICT (version_id, entry_id) DO NOTHING`
    }
    yield* sql`UPDATE sanctions_versions SET active = false WHERE list = ${version.list} AND active`
    yield* sql`UPDATE sanctions_versions SET active = true WHERE id = ${id}`
    return id
  })

/**
 * Records that the publisher's own address (`from`) served the version `id` as current on `day` (YYYY-MM-DD). Only
 * the list updater calls it, and only for a publisher's address: a copy served elsewhere never confirms.
 */
export const confirmVersion = (id: number, day: string, from: string): Effect.Effect<void, SqlError.SqlError, SqlClient.SqlClient> =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql`UPDATE sanctions_versions SET confirmed_on = ${day}::date, confirmed_from = ${from}
      WHERE id = ${id} AND (confirmed_on IS NULL OR confirmed_on <= ${day}::date)`.pipe(Effect.asVoid))
