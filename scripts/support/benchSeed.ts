import { SqlClient } from "effect/sql"
import { Effect, Layer, Redacted } from "effect"
import * as path from "node:path"
import { ApiKeys } from "../../src/access/ApiKeys.js"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import type { CanonicalCompany } from "../../src/domain/CanonicalCompany.js"
import { pgLayer } from "../../src/db/Database.js"
import { migrate } from "../../src/db/Migrations.js"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { parentPid } from "./procCpu.js"

const listsDir = path.resolve(import.meta.dirname, "..", "..", "data", "sanctions")

/** The company the HTTP benchmarks read and search for (`GET /v1/company/NG/RC208767`, `q=benchmark foods`). */
export const benchCompany: CanonicalCompany = {
  country: "NG",
  registration_no: "RC 208767",
  legal_name: "Benchmark Foods Nigeria Limited",
  status: "active",
  source: "Corporate Affairs Commission (NG-CAC)",
  source_kind: "registry",
  last_verified_at: new Date().toISOString(),
  officers: [{ name: "Ada Bench", role: "director" }]
}

/** The record issue 56 measured (`GET /v1/company/ZA/1994-009584-06`): a synthetic record under that number. */
export const issue56Company: CanonicalCompany = {
  country: "ZA",
  registration_no: "1994/009584/06",
  legal_name: "Request Path Benchmark Holdings Limited (synthetic)",
  status: "active",
  source: "synthetic benchmark record",
  source_kind: "synthetic",
  last_verified_at: new Date().toISOString(),
  officers: [
    { name: "Synthetic Director One", role: "director", appointed_on: "2015-03-01", resigned_on: null, nationality: "ZA" },
    { name: "Synthetic Secretary Two", role: "secretary", appointed_on: "2018-07-12", resigned_on: null, nationality: "ZA" }
  ]
}

/**
 * A benchmark database made ready: migrated, the benchmark companies stored, the three real lists ingested (`lists`:
 * "current"; "refresh": OFAC SDN at its 2021-07 version, for a refresh under load; "none"), and an unlimited key.
 * Gives the key's secret and PostgreSQL's postmaster pid (to read its CPU from /proc).
 */
export const seedBenchDatabase = (url: string, lists: "current" | "refresh" | "none") =>
  Effect.gen(function*() {
    yield* migrate()
    yield* Effect.flatMap(CompanyWriter, (w) => w.upsertBatch([benchCompany, issue56Company]))
    if (lists !== "none") {
      yield* (lists === "refresh"
        ? ingestSanctions([path.join(listsDir, "ofac-sdn-2021-07")], { publishedOn: "2021-07-01" })
        : ingestSanctions([path.join(listsDir, "ofac-sdn")], { publishedOn: "2024-05-03" }))
      yield* ingestSanctions([path.join(listsDir, "ofac-consolidated")], { publishedOn: "2025-12-19" })
      yield* ingestSanctions([path.join(listsDir, "un")])
    }
    const key = yield* Effect.flatMap(ApiKeys, (k) => k.create({ plan: "unlimited", quota: null, label: "bench" }))
    const backend = (yield* (yield* SqlClient.SqlClient)<{ pid: number }>`SELECT pg_backend_pid() AS pid`)[0]?.pid ?? 0
    return { secret: Redacted.value(key.secret), postmaster: parentPid(backend) }
  }).pipe(Effect.provide(Layer.mergeAll(ApiKeys.Default, CompanyWriter.Default).pipe(
    Layer.provideMerge(pgLayer({ url: Redacted.make(url), maxConnections: 4 }))
  )))
