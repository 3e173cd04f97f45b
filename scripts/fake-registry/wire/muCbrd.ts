import type { RegistryRecord } from "../../../src/domain/CanonicalCompany.js"
import { dayFirst, field, internalId, matches, stringField, type WireHandler } from "./types.js"

const statusWord = { active: "Live", dormant: "Dormant", dissolved: "Defunct", unknown: "Unknown" } as const

const row = (record: RegistryRecord) => ({
  orgNo: internalId(record),
  companyName: record.legal_name,
  fileNumber: record.registration_no,
  status: record.status ? statusWord[record.status] : null,
  incorporationDate: dayFirst(record.incorporation_date),
  nature: "Domestic",
  category: record.entity_type_label ?? null
})

/** Online search: POST {mainOption, searchValue, pageNumber (0-based), pageSize, …}; rows under `result`. */
export const muCbrdWire: WireHandler = (request, records, variant) => {
  if (request.method === "GET" && request.path === "/onlinesearch/company/printCompanyDetails") {
    return { status: 200, body: "%PDF-1.4 fixture extract" }
  }
  if (request.method !== "POST" || request.path !== "/onlinesearch/company") return undefined
  if (stringField(request.body, "mainOption") !== "companyName") return { status: 400, body: { error: "Bad Request" } }
  const found = records.filter((record) => matches(record, stringField(request.body, "searchValue")))
  const pageSize = Number(field(request.body, "pageSize") ?? 10) || 10
  const page = Number(field(request.body, "pageNumber") ?? 0) || 0
  return {
    status: 200,
    body: {
      [variant === "results" ? "results" : "result"]: found.slice(page * pageSize, (page + 1) * pageSize).map(row),
      totalElements: found.length
    }
  }
}
