import { SqlClient } from "effect/sql"
import { Effect, Result } from "effect"
import * as fs from "node:fs"
import { CompanyWriter } from "../CompanyWriter.js"
import { cacPscRecords, type CopyPublisher, type PscCompanyRecord } from "./psc/cacPsc.js"
import { replaceOwners } from "./psc/ownersWriter.js"
import { type FileSummary, IngestFileError } from "./runIngest.js"

/**
 * Loads register companies with their persons with significant control: each company through CompanyWriter (a record
 * without officers leaves the held officers as they are), then its owners from this source replaced in one statement.
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
      const company = { country: c.record.country, registrationNo: c.record.registration_no }
      owners += yield* replaceOwners(sql, company, c.record.source, c.record.last_verified_at, c.owners)
    }
    return { ...written, owners }
  })

/**
 * `kyb ingest psc`: a copy of the CAC Persons-with-Significant-Control register (JSON: `meta`, `index` by LEI), credited
 * to `publisher` when the operator names who published it (`--published-by`).
 */
export const ingestCacPscFile = (file: string, publisher?: CopyPublisher) =>
  Effect.gen(function*() {
    const started = Date.now()
    const text = yield* Effect.try({
      try: () => fs.readFileSync(file, "utf8"),
      catch: (e) => new IngestFileError({ file, message: e instanceof Error ? e.message : String(e) })
    })
    const json = yield* Effect.try({ try: () => JSON.parse(text) as unknown, catch: () => new IngestFileError({ file, message: "not JSON" }) })
    const companies = yield* Result.match(cacPscRecords(json, publisher), {
      onFailure: (reason) => Effect.fail(new IngestFileError({ file, message: `not a CAC PSC export: ${reason}` })),
      onSuccess: Effect.succeed
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
