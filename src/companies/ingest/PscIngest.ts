import { SqlClient } from "@effect/sql"
import { Effect, Either } from "effect"
import * as fs from "node:fs"
import { canonicalNumber, registryForCountry } from "../../domain/registrationNumbers.js"
import { CompanyWriter } from "../CompanyWriter.js"
import { cacPscRecords, type Owner, type PscCompanyRecord } from "./psc/cacPsc.js"
import { type FileSummary, IngestFileError } from "./runIngest.js"

/** The stored company a register names, by its number in its country's registry. */
const companyIdOf = (sql: SqlClient.SqlClient, country: string, registrationNo: string) =>
  Effect.gen(function*() {
    const registry = registryForCountry(country)
    if (registry === null) return null
    const key = canonicalNumber(registry, registrationNo).key
    const rows = yield* sql<{ id: string }>`SELECT id::text AS id FROM companies WHERE registry_id = ${registry} AND registration_key = ${key}`
    return rows[0]?.id ?? null
  })

/** A source's owners of one company, replaced as a whole (other sources' owners stay). */
const replaceOwners = (sql: SqlClient.SqlClient, companyId: string, source: string, checkedAt: string, owners: ReadonlyArray<Owner>) =>
  Effect.gen(function*() {
    yield* sql`DELETE FROM company_owners WHERE company_id = ${companyId}::bigint AND source = ${source}`
    for (const o of owners) {
      yield* sql`INSERT INTO company_owners (company_id, name, kind, nationality, share_pct, voting_pct, notified_on, source, last_verified_at)
        VALUES (${companyId}::bigint, ${o.name}, ${o.kind}, ${o.nationality}, ${o.share_pct}, ${o.voting_pct}, ${o.notified_on}::date,
          ${source}, ${checkedAt}::timestamptz)`
    }
  })

/**
 * Loads register companies with their persons with significant control: each company through CompanyWriter (a record
 * without officers leaves the held officers as they are), then its owners from this source replaced in one transaction.
 */
export const ingestPscCompanies = (companies: ReadonlyArray<PscCompanyRecord>) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const writer = yield* CompanyWriter
    const written = yield* writer.upsertBatch(companies.map((c) => c.record))
    const refused = new Set(written.rejected.map((r) => r.index))
    let owners = 0
    for (const [index, c] of companies.entries()) {
      if (refused.has(index)) continue
      const id = yield* companyIdOf(sql, c.record.country, c.record.registration_no)
      if (id === null) continue
      yield* sql.withTransaction(replaceOwners(sql, id, c.record.source, c.record.last_verified_at, c.owners))
      owners += c.owners.length
    }
    return { ...written, owners }
  })

/** `kyb ingest psc`: the CAC Persons-with-Significant-Control export (JSON: `meta`, `index` by LEI). */
export const ingestCacPscFile = (file: string) =>
  Effect.gen(function*() {
    const started = Date.now()
    const text = yield* Effect.try({
      try: () => fs.readFileSync(file, "utf8"),
      catch: (e) => new IngestFileError({ file, message: e instanceof Error ? e.message : String(e) })
    })
    const json = yield* Effect.try({ try: () => JSON.parse(text) as unknown, catch: () => new IngestFileError({ file, message: "not JSON" }) })
    const companies = yield* Either.match(cacPscRecords(json), {
      onLeft: (reason) => Effect.fail(new IngestFileError({ file, message: `not a CAC PSC export: ${reason}` })),
      onRight: Effect.succeed
    })
    const result = yield* ingestPscCompanies(companies)
    const seconds = (Date.now() - started) / 1000
    return {
      file,
      rows: companies.length,
      inserted: result.inserted,
      updated: result.updated,
      unchanged: result.unchanged,
      rejected: result.rejected.length,
      matched: result.owners,
      seconds,
      rowsPerSecond: Math.round(companies.length / Math.max(seconds, 0.001)),
      rejections: result.rejected.map((r) => ({ line: r.index + 1, reason: r.reason }))
    } satisfies FileSummary
  })
