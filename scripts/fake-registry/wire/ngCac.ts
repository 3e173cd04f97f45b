import type { RegistryRecord } from "../../../src/domain/CanonicalCompany.js"
import { matches, stringField, internalId, type WireHandler } from "./types.js"

const classes: Record<string, { id: number; name: string }> = {
  BN: { id: 1, name: "BUSINESS NAME" },
  RC: { id: 2, name: "COMPANY" },
  IT: { id: 3, name: "INCORPORATED TRUSTEES" }
}
const statusWord = { active: "ACTIVE", dormant: "INACTIVE", dissolved: "STRUCK OFF", unknown: "UNKNOWN" } as const

const classPrefixOf = (record: RegistryRecord) => /^[A-Z]+/.exec(record.registration_no.toUpperCase())?.[0] ?? "RC"
const classOf = (record: RegistryRecord) => classes[classPrefixOf(record)] ?? classes["RC"]!
const digitsOf = (raw: string) => raw.replace(/\D+/g, "")

/** Legacy rows print the class and a space ("RC 613"); current ones the digits alone. */
const row = (prefixed: boolean) => (record: RegistryRecord) => ({
  companyId: internalId(record),
  approvedName: record.legal_name,
  rcNumber: prefixed ? `${classPrefixOf(record)} ${digitsOf(record.registration_no)}` : digitsOf(record.registration_no),
  classificationId: classOf(record).id,
  classificationName: classOf(record).name,
  companyRegistrationDate: record.incorporation_date ? `${record.incorporation_date}T00:00:00.000Z` : null,
  natureOfBusiness: null,
  status: record.status ? statusWord[record.status] : null
})

/**
 * The older search addresses: their host still answers, the path is gone (a structured 404 carrying a request id,
 * as a plan dated 2026-09-15 reports for postapp.cac.gov.ng; registry-shapes.md §1A "Status now").
 */
const retiredPaths = new Set([
  "/postapp/api/front-office/search/company-business-name-it",
  "/searchapp/api/public-search/company-business-name-it"
])

/** iCRP public search: POST {searchTerm, SearchType}; nothing found = HTTP 200 with data null. */
export const ngCacWire: WireHandler = (request, records, variant) => {
  if (retiredPaths.has(request.path)) {
    return {
      status: 404,
      body: { status: 404, error: "Not Found", path: request.path, requestId: `${internalId({ ...records[0]!, registration_no: request.path })}` }
    }
  }
  if (request.method !== "POST" || request.path !== "/name_similarity_app/api/public_search/search") return undefined
  const term = stringField(request.body, "searchTerm")
  const byNumber = stringField(request.body, "SearchType") === "RC_NUMBER"
  const found = records.filter((record) =>
    byNumber ? digitsOf(term).length > 0 && digitsOf(record.registration_no) === digitsOf(term) : matches(record, term)
  )
  return found.length === 0
    ? { status: 200, body: { success: true, message: "No Record Found!", data: null } }
    : { status: 200, body: { success: true, message: "See Data Object for Details", data: found.map(row(variant === "prefixed")) } }
}
