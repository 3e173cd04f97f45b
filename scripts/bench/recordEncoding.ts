// CPU per call of the steps that turn a company record into its answer: making the record as plain values (as
// CompanyRepo does), encoding it with its schema (as the HTTP layer does for every response: it checks every field),
// and JSON.stringify; and, for comparison, the same record made as Schema classes with `disableChecks` (which still
// check their fields' types when made), what the record was before it became a struct. A record with 3 officers,
// 1 owner and 8 provenance entries; the two ways must encode to the same JSON.
//
//   npx tsx scripts/bench/recordEncoding.ts [--calls 20000]
import { Schema } from "effect"
import * as os from "node:os"
import { CompanyRecord, FieldProvenance, Officer, Owner } from "../../src/domain/schemas/Company.js"

const calls = process.argv.includes("--calls") ? Number(process.argv[process.argv.indexOf("--calls") + 1]) : 20_000
const at = "2026-11-20T08:00:00.000Z"
const provenanceOf = (source: string) => ({ source, source_url: null, checked_at: at, confidence: 0.9 })
const officer = (name: string) => ({ name, role: "director", appointed_on: "2001-02-03", resigned_on: null, nationality: "NG", source: "NG-CAC", last_verified_at: at })
const owner = {
  name: "Bench Holdings", name_as_registered: null, kind: "entity" as const, nationality: "NG", share_pct: 62.5, voting_pct: 62.5,
  notified_on: "2020-01-01", source: "NG-CAC PSC", last_verified_at: at, lei: null, relationship: null,
  sources: [{ source: "NG-CAC PSC", last_verified_at: at, fields: ["name" as const, "kind" as const, "nationality" as const, "share_pct" as const] }]
}
const fields = {
  country: "NG", registration_no: "RC 208767", reference_id: null, identifiers: [], registry_evidence: null, source_kind: "registry" as const, linked_records: [], legal_name: "Benchmark Foods Nigeria Limited", status: "active" as const,
  entity_type: "private company limited by shares", entity_type_label: "Private limited company", incorporation_date: "1992-07-30",
  registered_address: "1 Marina, Lagos", tax_id: null, listed_ticker: null, source: "Corporate Affairs Commission (NG-CAC)",
  source_url: null, registry_url: "https://search.cac.gov.ng", last_verified_at: at, confidence: 0.9
}
const provenanceFields = ["legal_name", "status", "entity_type", "incorporation_date", "registered_address", "source_url", "registry_url", "confidence"]

const makePlain = (): CompanyRecord => {
  const provenance: Record<string, FieldProvenance> = {}
  for (const field of provenanceFields) provenance[field] = provenanceOf("NG-CAC")
  return { ...fields, officers: ["Ada Bench", "Bo Bench", "Cy Bench"].map(officer), owners: [owner], provenance }
}

// The record's schemas as the classes they were, same fields.
class OfficerClass extends Schema.Class<OfficerClass>("Officer")(Officer.fields) {}
class OwnerClass extends Schema.Class<OwnerClass>("Owner")(Owner.fields) {}
class ProvenanceClass extends Schema.Class<ProvenanceClass>("FieldProvenance")(FieldProvenance.fields) {}
class RecordClass extends Schema.Class<RecordClass>("CompanyRecord")({
  ...CompanyRecord.fields,
  officers: Schema.Array(OfficerClass),
  owners: Schema.Array(OwnerClass),
  provenance: Schema.Record(Schema.String, ProvenanceClass)
}) {}
const makeClasses = () => {
  const options = { disableChecks: true }
  const provenance: Record<string, ProvenanceClass> = {}
  for (const field of provenanceFields) provenance[field] = new ProvenanceClass(provenanceOf("NG-CAC"), options)
  return new RecordClass({
    ...fields,
    officers: ["Ada Bench", "Bo Bench", "Cy Bench"].map((name) => new OfficerClass(officer(name), options)),
    owners: [new OwnerClass(owner, options)],
    provenance
  }, options)
}

const encode = Schema.encodeSync(CompanyRecord)
const encodeClasses = Schema.encodeSync(RecordClass)
const record = makePlain()
if (JSON.stringify(encode(record)) !== JSON.stringify(encodeClasses(makeClasses()))) throw new Error("the two ways encode differently")
const cpuMicros = (f: () => unknown) => {
  for (let i = 0; i < calls / 10; i++) f()
  const before = process.cpuUsage()
  for (let i = 0; i < calls; i++) f()
  const used = process.cpuUsage(before)
  return (used.user + used.system) / calls
}
console.log(`Machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? "?"}, node ${process.version}, ${new Date().toISOString()}, load ${os.loadavg()[0]?.toFixed(2)}; ${calls} calls each\n`)
console.log("| step | CPU µs per call |\n|---|---|")
console.log(`| make the record as plain values, encode it with its schema (the record route) | ${cpuMicros(() => encode(makePlain())).toFixed(1)} |`)
console.log(`| make it as Schema classes (\`disableChecks\`), encode it (before) | ${cpuMicros(() => encodeClasses(makeClasses())).toFixed(1)} |`)
console.log(`| encode alone | ${cpuMicros(() => encode(record)).toFixed(1)} |`)
console.log(`| JSON.stringify | ${cpuMicros(() => JSON.stringify(record)).toFixed(1)} |`)
