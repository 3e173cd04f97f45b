import { Effect, Schedule } from "effect"
import * as path from "node:path"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import { IngestReporter } from "../../src/companies/ingest/IngestReporter.js"
import { ingestProcurementFile } from "../../src/companies/ingest/ProcurementIngest.js"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { call } from "../support/http.js"
import { dataDir, fixturesDir } from "../sanctions/paths.js"

const now = () => new Date().toISOString()

/** A registry record for the supplier of three real Nigerian awards (the number is the test's own). */
export const dtec = {
  country: "NG", registration_no: "RC 123456", legal_name: "DTEC Nigeria Limited", status: "active" as const,
  source: "Corporate Affairs Commission (NG-CAC)", source_kind: "registry" as const, last_verified_at: now()
}
export const dangote = {
  country: "NG", registration_no: "RC 208767", legal_name: "Dangote Cement PLC", status: "active" as const,
  source: "Corporate Affairs Commission (NG-CAC)", source_kind: "registry" as const, last_verified_at: now()
}

/** Companies, the real award file (its DTEC awards then match the record above) and the OFAC SDN fixture. */
export const seed = Effect.gen(function*() {
  yield* (yield* CompanyWriter).upsertBatch([dtec, dangote]).pipe(Effect.orDie)
  yield* ingestProcurementFile(path.join(dataDir, "procurement", "awards_normalized.csv")).pipe(Effect.provide(IngestReporter.silent), Effect.orDie)
  yield* ingestSanctions([path.join(fixturesDir, "ofac-sdn")], { publishedOn: "2024-05-03" }).pipe(Effect.orDie)
})

/** Waits until the server screens against the list version just ingested (its screener polls for new versions). */
export const screenerReady = (url: string, secret: string) =>
  Effect.promise(() =>
    call(`${url}/v1/verify?name=${encodeURIComponent("Banco Nacional de Cuba")}`, { headers: { authorization: `Bearer ${secret}` } })
  ).pipe(
    Effect.filterOrFail((r) => (r.body as { sanctions?: { hits?: ReadonlyArray<unknown> } }).sanctions?.hits?.length !== 0),
    Effect.retry(Schedule.spaced("200 millis").pipe(Schedule.upTo({ duration: "30 seconds" }))),
    Effect.orDie
  )
