import type { RegistryRecord } from "../../../src/domain/CanonicalCompany.js"
import { dayFirst, matches, type WireHandler } from "./types.js"

const statusWord = { active: "Active", dormant: "Inactive", dissolved: "Removed", unknown: "Pending" } as const

const entity = (record: RegistryRecord) => ({
  entityName: record.legal_name,
  entityNumber: record.registration_no,
  registrationDate: dayFirst(record.incorporation_date),
  natureofBusiness: " Other business activities",
  entityStatus: record.status ? statusWord[record.status] : null,
  companyType: record.entity_type_label ?? null,
  isicClasification: "8299. Other business support service activities n.e.c.",
  annualReturnStatus: 1,
  annualReturnReason: "Annual returns have been prepared and lodged in accordance with section 270 of the Companies Act.",
  beneficialOwnerStatus: 1,
  beneficialOwnerReason: "Beneficial ownership has been declared in accordance with the law.",
  nominalCapitalStatus: 1,
  nominalCapitalReason: "The current nominal capital is within the legal limit."
})

/** Registry search: GET ?Searchtext=…; a bare array; nothing found (or an "&" in the term) = HTTP 204, empty body. */
export const zmPacraWire: WireHandler = (request, records) => {
  if (request.method !== "GET" || request.path !== "/api/v1/Search/registrysearch") return undefined
  const term = request.query.get("Searchtext") ?? ""
  if (term.includes("&") || request.query.get("SortyBy") === null) return { status: 204 }
  const found = records.filter((record) => matches(record, term))
  return found.length === 0 ? { status: 204 } : { status: 200, body: found.map(entity) }
}
