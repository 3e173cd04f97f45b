import type { RegistryRecord } from "../../../src/domain/CanonicalCompany.js"
import { dayFirst, type FakeReply, field, internalId, matches, stringField, type WireHandler } from "./types.js"

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

/**
 * The company view sits behind Cloudflare Turnstile (pravish1922-ctrl/oubiznes CLAUDE.md §7, 2026-04/05): a machine
 * gets the challenge page, never the company; the search list and the PDF extract answer without one.
 */
const turnstile: FakeReply = {
  status: 403,
  headers: { "cf-mitigated": "challenge" },
  body: `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title></head><body><div class="main-wrapper">
<div id="challenge-stage"><div class="cf-turnstile" data-sitekey="0x4AAAAAAA-fixture"></div></div>
<noscript>Enable JavaScript and cookies to continue</noscript></div></body></html>`
}

/** Online search: POST {mainOption, searchValue, pageNumber (0-based), pageSize, …}; rows under `result`. */
export const muCbrdWire: WireHandler = (request, records, variant) => {
  if (request.path === "/onlinesearch/viewCompanyDetails") return turnstile
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
