// CPU per call of the steps that turn a company record into its answer: making the record's Schema classes with and
// without validating their fields, encoding it with the schema (as the HTTP layer does for every response, which
// checks every field again), and JSON.stringify. A record with 3 officers, 1 owner and 8 provenance entries.
//
//   npx tsx scripts/bench/recordEncoding.ts [--calls 20000]
import { Schema } from "effect"
import * as os from "node:os"
import { CompanyRecord, FieldProvenance, Officer, Owner } from "../../src/domain/schemas/Company.js"

const calls = process.argv.includes("--calls") ? Number(process.argv[process.argv.indexOf("--calls") + 1]) : 20_000
const at = "2026-11-20T08:00:00.000Z"
const provenanceOf = (source: string) => ({ source, source_url: null, checked_at: at, confidence: 0.9 })
const officer = (name: string) => ({ name, role: "director", appointed_on: "2001-02-03", resigned_on: null, nationality: "NG", source: "NG-CAC", last_verified_at: at })
const fields = {
  country: "NG", registration_no: "RC 208767", reference_id: null, identifiers: [], registry_evidence: null, source_kind: "registry" as const, linked_records: [], legal_name: "Benchmark Foods Nigeria Limited", status: "active" as const,
  entity_type: "private company limited by shares", entity_type_label: "Private limited company", incorporation_date: "1992-07-30",
  registered_address: "1 Marina, Lagos", tax_id: null, listed_ticker: null, source: "Corporate Affairs Commission (NG-CAC)",
  source_url: null, registry_url: "https://search.cac.gov.ng", last_verified_at: at, confidence: 0.9
}
const make = (validate: boolean) => {
  const options = { disableChecks: !validate }
  const provenance: Record<string, FieldProvenance> = {}
  for (const field of ["legal_name", "status", "entity_type", "incorporation_date", "registered_address", "source_url", "registry_url", "confidence"]) {
    provenance[field] = new FieldProvenance(provenanceOf("NG-CAC"), options)
  }
  return new CompanyRecord({
    ...fields,
    officers: ["Ada Bench", "Bo Bench", "Cy Bench"].map((name) => new Officer(officer(name), options)),
    owners: [new Owner({ name: "Bench Holdings", name_as_registered: null, kind: "entity", nationality: "NG", share_pct: 62.5, voting_pct: 62.5, notified_on: "2020-01-01", source: "NG-CAC PSC", last_verified_at: at, lei: null, relationship: null, sources: [{ source: "NG-CAC PSC", last_verified_at: at, fields: ["name", "kind", "nationality", "share_pct", "voting_pct", "notified_on"] }] }, options)],
    provenance
  }, options)
}
const encode = Schema.encodeSync(CompanyRecord)
const record = make(true)
const cpuMicros = (f: () => unknown) => {
  for (let i = 0; i < calls / 10; i++) f()
  const before = process.cpuUsage()
  for (let i = 0; i < calls; i++) f()
  const used = process.cpuUsage(before)
  return (used.user + used.system) / calls
}
console.log(`Machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? "?"}, node ${process.version}, ${new Date().toISOString()}, load ${os.loadavg()[0]?.toFixed(2)}; ${calls} calls each\n`)
console.log("| step | CPU µs per call |\n|---|---|")
console.log(`| make the record's classes, fields validated | ${cpuMicros(() => make(true)).toFixed(1)} |`)
console.log(`| make the record's classes, not validated | ${cpuMicros(() => make(false)).toFixed(1)} |`)
console.log(`| encode with the schema (the HTTP layer, every response) | ${cpuMicros(() => encode(record)).toFixed(1)} |`)
console.log(`| JSON.stringify | ${cpuMicros(() => JSON.stringify(record)).toFixed(1)} |`)
