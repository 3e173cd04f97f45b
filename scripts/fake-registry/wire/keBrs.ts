import type { RegistryRecord } from "../../../src/domain/CanonicalCompany.js"
import { longDate, numberKey, type WireHandler } from "./types.js"

/** The partner credentials the fake accepts (a test's own, never a real partner's). */
export const fakeBrsCredentials = { username: "fake-partner", password: "fake-partner-secret" } as const

const statusWord = { active: "registered", dormant: "dormant", dissolved: "deregistered", unknown: "pending" } as const

const business = (record: RegistryRecord) => ({
  registrationNumber: record.registration_no,
  businessName: record.legal_name,
  registrationDate: record.incorporation_date ? longDate(record.incorporation_date) : null,
  status: record.status ? statusWord[record.status] : null,
  physicalAddress: record.registered_address ?? null,
  postalAddress: null,
  branch: null,
  partners: (record.officers ?? []).map((officer) => ({ type: officer.role ?? "director", name: officer.name, idType: "citizen" }))
})

const authorised = (header: string | Array<string> | undefined) =>
  header === `Basic ${Buffer.from(`${fakeBrsCredentials.username}:${fakeBrsCredentials.password}`).toString("base64")}`

/**
 * BRS partner look-up: GET /api/businesses?registration_number=… with HTTP Basic (registry-shapes.md, 2026-11). The
 * record's fields are those BRS partners relay (docs.prembly.com, docs.patascore.com); the envelope is this fake's
 * choice (variant "data" wraps the record in {data}); 404 for an unknown number as the relays document; 401 for
 * missing or wrong credentials.
 */
export const keBrsWire: WireHandler = (request, records, variant) => {
  if (request.method !== "GET" || request.path !== "/api/businesses") return undefined
  if (!authorised(request.headers["authorization"])) return { status: 401, body: { error: "Unauthorized" } }
  const wanted = numberKey(request.query.get("registration_number") ?? "")
  const record = records.find((candidate) => wanted.length > 0 && numberKey(candidate.registration_no) === wanted)
  if (record === undefined) return { status: 404, body: { message: "No data found for the requested identifier." } }
  return { status: 200, body: variant === "data" ? { data: business(record) } : business(record) }
}
