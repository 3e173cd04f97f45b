import type { RegistryRecord } from "../../../src/domain/CanonicalCompany.js"
import { field, internalId, numberKey, stringField, type WireHandler } from "./types.js"

const columns = [
  "id", "last_change_tracking_no", "cert_number", "reg_date", "incorporation_date", "legal_name",
  "company_subtype", "subtype_name", "object_type", "ba_category", "reg_status", "reg_status_name",
  "address", "cess_date", "update_date", "has_charges"
] as const
const statusWord = { active: "Registered", dormant: "Dormant", dissolved: "Closed", unknown: "Pending" } as const

const values = (record: RegistryRecord) => {
  const row: Record<(typeof columns)[number], string | number | null> = {
    id: internalId(record),
    last_change_tracking_no: `TR-${internalId(record)}`,
    cert_number: record.registration_no,
    reg_date: record.incorporation_date ?? null,
    incorporation_date: record.incorporation_date ?? null,
    legal_name: record.legal_name,
    company_subtype: "PRIVATE",
    subtype_name: record.entity_type_label ?? null,
    object_type: "ET-COMPANY",
    ba_category: null,
    reg_status: record.status ?? null,
    reg_status_name: record.status ? statusWord[record.status] : null,
    address: record.registered_address ?? null,
    cess_date: null,
    update_date: "2026-01-10",
    has_charges: 0
  }
  return columns.map((column) => row[column])
}

const isBrowserLike = (userAgent: unknown) => typeof userAgent === "string" && userAgent.includes("Mozilla/")

/**
 * ORS public search: POST JSON only (the WAF answers 403 to form posts and crawler user agents); columnar
 * Map/Records reply; errors are HTTP 200 {error, sign}; name terms under 3 characters time out upstream.
 */
export const tzBrelaWire: WireHandler = (request, records) => {
  if (request.method !== "POST" || request.path !== "/orsreg/list/search/businesspublic.json") return undefined
  const contentType = String(request.headers["content-type"] ?? "")
  if (!contentType.includes("application/json") || !isBrowserLike(request.headers["user-agent"])) {
    return { status: 403, body: "<html><body>Request Rejected</body></html>" }
  }
  const name = stringField(request.body, "cm_name").trim()
  const number = stringField(request.body, "cm_number").trim()
  if (field(request.body, "object_type") !== "ET-COMPANY" || (name.length === 0 && number.length === 0)) {
    return { status: 200, body: { error: "Object reference not set to an instance of an object.", sign: "JsonErrorHandler" } }
  }
  if (name.length > 0 && name.length < 3) {
    return { status: 200, body: { error: "Execution Timeout Expired.  The timeout period elapsed prior to completion of the operation or the server is not responding.", sign: "JsonErrorHandler" } }
  }
  const found = records.filter((record) =>
    (name.length === 0 || record.legal_name.toLowerCase().includes(name.toLowerCase())) &&
    (number.length === 0 || numberKey(record.registration_no) === numberKey(number))
  )
  const pageSize = Number(field(request.body, "PageSize") ?? 25) || 25
  return {
    status: 200,
    body: { Result: "OK", TotalRecordCount: found.length, Map: columns, Records: found.slice(0, pageSize).map(values) }
  }
}
