import { SqlClient } from "effect/sql"
import { Effect, Result } from "effect"
import { mergeParents, type ReportedParent } from "../../../registries/gleif/GleifSource.js"
import { replaceGleifParents } from "../../../registries/gleif/parentsWriter.js"
import type { CsvBatch } from "../csvBatches.js"
import { IngestReporter } from "../IngestReporter.js"
import { type DecodedBatch, type FileSummary, type Rejection, runIngest } from "../runIngest.js"
import { goldenCopyOf } from "./GleifIngest.js"
import { entryOfGoldenCopyRow } from "./goldenCopyRow.js"
import { type GleifRelationship, relationshipOfRow } from "./relationshipRow.js"

export const RELATIONSHIP_SOURCE = "GLEIF golden copy, level 2 relationship records (Global LEI Index)"

interface Named {
  readonly name: string
  readonly country: string | null
}

interface LinedRelationship extends GleifRelationship {
  readonly line: number
}

/** Stored companies that carry an LEI (GLEIF's records, and any other source's that gave one): by LEI. */
const storedByLei = (sql: SqlClient.SqlClient) =>
  Effect.map(
    sql<{ id: string; lei: string; legal_name: string; country: string }>`
      SELECT c.id::text AS id, upper(i->>'value') AS lei, c.legal_name, c.country
      FROM companies c CROSS JOIN LATERAL jsonb_array_elements(c.identifiers) i
      WHERE c.identifiers @> '[{"scheme":"lei"}]'::jsonb AND i->>'scheme' = 'lei'`,
    (rows) => {
      const byLei = new Map<string, { ids: Array<string>; named: Named }>()
      for (const r of rows) {
        const held = byLei.get(r.lei)
        if (held === undefined) byLei.set(r.lei, { ids: [r.id], named: { name: r.legal_name, country: r.country } })
        else held.ids.push(r.id)
      }
      return byLei
    }
  )

/** The names and countries of `wanted` LEIs, read from a level-1 golden copy (streamed; only those LEIs kept). */
const namesFromLevel1 = Effect.fnUntraced(function*(file: string, wanted: ReadonlySet<string>, batchSize: number) {
  const rows = yield* goldenCopyOf(file)
  const names = new Map<string, Named>()
  async function* batches(): AsyncGenerator<DecodedBatch<{ readonly line: number }>> {
    for await (const batch of rows(batchSize)) {
      for (const row of batch.rows) {
        if (row._tag !== "Row" || !wanted.has(row.cells["lei"]?.trim().toUpperCase() ?? "")) continue
        const entry = entryOfGoldenCopyRow(row.cells)
        if (Result.isSuccess(entry)) names.set(entry.success.lei.toUpperCase(), { name: entry.success.legalName, country: entry.success.legalAddress.country })
      }
      yield { items: [], rejected: [], skipped: batch.rows.length, bytesDone: batch.bytesDone }
    }
  }
  yield* runIngest(file, batches, () => Effect.succeed({ inserted: 0, updated: 0, unchanged: 0 }))
  return names
})

/**
 * `kyb ingest gleif-relationships FILE`: GLEIF's level-2 relationship golden copy (CSV or JSON, streamed through
 * runIngest). For each stored company whose LEI is a relationship's child, its current direct and ultimate parents
 * (IS_DIRECTLY / IS_ULTIMATELY_CONSOLIDATED_BY, ACTIVE, PUBLISHED) become its owners from this file, as the live API's
 * parents do (replaceGleifParents: one implementation), with their LEI and relationship; a child whose relationships
 * are all lapsed, retired or inactive is left with none from this file. The file names no parent: a parent is named
 * from the store, else from the level-1 golden copy given as `entities`; a parent named by neither is not stored (a
 * rejection says which). `matched` counts the owners stored.
 */
export const ingestGleifRelationships = (file: string, options: { readonly batchSize: number; readonly entities?: string | undefined }) =>
  Effect.gen(function*() {
    const rows = yield* goldenCopyOf(file)
    const sql = yield* SqlClient.SqlClient
    const reporter = yield* IngestReporter
    const stored = yield* storedByLei(sql)
    const byChild = new Map<string, Array<LinedRelationship>>()

    const decode = (batch: CsvBatch): DecodedBatch<LinedRelationship> => {
      const items: Array<LinedRelationship> = []
      const rejected: Array<Rejection> = []
      for (const row of batch.rows) {
        if (row._tag === "Bad") {
          rejected.push({ line: row.line, reason: row.reason })
          continue
        }
        const relationship = relationshipOfRow(row.cells)
        if (Result.isFailure(relationship)) rejected.push({ line: row.line, reason: relationship.failure })
        else if (relationship.success !== null && stored.has(relationship.success.child)) items.push({ line: row.line, ...relationship.success })
      }
      return { items, rejected, skipped: batch.rows.length - items.length - rejected.length, bytesDone: batch.bytesDone }
    }
    async function* batches() {
      for await (const batch of rows(options.batchSize)) yield decode(batch)
    }
    // relationships of stored children gathered first: a child's owners from the file are replaced as a whole
    const read = yield* runIngest(file, batches, (items) =>
      Effect.sync(() => {
        for (const r of items) {
          const held = byChild.get(r.child)
          if (held === undefined) byChild.set(r.child, [r])
          else held.push(r)
        }
        return { inserted: 0, updated: 0, unchanged: 0 }
      }))

    const wanted = new Set([...byChild.values()].flat().filter((r) => r.current).map((r) => r.parent))
    const fromFile = options.entities === undefined
      ? new Map<string, Named>()
      : yield* namesFromLevel1(options.entities, new Set([...wanted].filter((lei) => !stored.has(lei))), options.batchSize)
    const nameOf = (lei: string): Named | undefined => stored.get(lei)?.named ?? fromFile.get(lei)

    const rejections = [...read.rejections]
    let owners = 0
    for (const [child, relationships] of byChild) {
      const current = relationships.filter((r) => r.current)
      const named: Array<ReportedParent> = []
      for (const r of current) {
        const parent = nameOf(r.parent)
        if (parent !== undefined) named.push({ relationship: r.relationship, lei: r.parent, ...parent })
        else {
          const reason = `parent ${r.parent} of ${child} not stored: its name is in neither the store nor a level-1 golden copy (--entities)`
          rejections.push({ line: r.line, reason })
          yield* reporter.rejected(file, r.line, reason)
        }
      }
      const updated = current.map((r) => Date.parse(r.lastUpdateDate ?? "")).filter((t) => !Number.isNaN(t))
      const checkedAt = new Date(updated.length === 0 ? Date.now() : Math.max(...updated)).toISOString()
      for (const id of stored.get(child)!.ids) {
        owners += yield* replaceGleifParents(sql, { id }, RELATIONSHIP_SOURCE, checkedAt, mergeParents(named))
      }
    }
    return { ...read, matched: owners, rejected: read.rejected + rejections.length - read.rejections.length, rejections } satisfies FileSummary
  })
