import * as HttpClientRequest from "effect/http/HttpClientRequest"
import { Array as Arr, Effect, Option, Schema } from "effect"
import type { RegistryRecord } from "../../domain/CanonicalCompany.js"
import { decodeJsonBody, fetchedAt, joinUrl, readText, send, withHeaders } from "./http.js"
import { isoDate, statusFrom, text, typeSlug } from "./mapping.js"
import { displayNumber, numberKeyOf } from "./numbers.js"
import type { AdapterContext, RegistryAdapter } from "./RegistryAdapter.js"
import { RegistryUnavailable } from "./RegistryUnavailable.js"

/**
 * CBRD's online search (pravish1922-ctrl/oubiznes app/api/companies/search/route.ts, the MNS body since 2026-04-21):
 * the search list answers without a captcha; the company view (`viewCompanyDetails`) sits behind Cloudflare
 * Turnstile (same project, CLAUDE.md §7), so it is never called; a record links the PDF extract
 * (`printCompanyDetails?orgNo=`), which answers server-side.
 */
const registry = "mu-cbrd"
export const muCbrdSource = "Corporate and Business Registration Department (CBRD)"
export const muCbrdDefaults = {
  baseUrl: "https://onlinesearch.mns.mu",
  paths: { search: "/onlinesearch/company", extract: "/onlinesearch/company/printCompanyDetails" }
} as const

const knownRowKeys = ["orgNo", "companyName", "fileNumber", "status", "incorporationDate", "nature", "category"]

const Row = Schema.Struct({
  orgNo: Schema.Union([Schema.Number, Schema.String]),
  companyName: Schema.String,
  fileNumber: Schema.NullOr(Schema.String),
  status: Schema.optional(Schema.NullOr(Schema.String)),
  incorporationDate: Schema.optional(Schema.NullOr(Schema.String)),
  nature: Schema.optional(Schema.NullOr(Schema.String)),
  category: Schema.optional(Schema.NullOr(Schema.String))
})
type Row = typeof Row.Type

/** Rows sit under `result` (seen) or `results` (accepted too). */
export const CbrdResponse = Schema.Struct({
  result: Schema.optional(Schema.NullOr(Schema.Array(Row))),
  results: Schema.optional(Schema.NullOr(Schema.Array(Row))),
  totalElements: Schema.optional(Schema.NullOr(Schema.Number))
})

const cbrdStatus = statusFrom({
  active: ["live", "active"],
  dormant: ["dormant", "inactive", "suspended"],
  dissolved: ["defunct", "removed", "struck", "dissolved", "wound", "liquidat", "amalgamated", "closed"]
})

const toCanonical = (extractUrl: string, verifiedAt: string) => (row: Row): Option.Option<RegistryRecord> => {
  const fileNumber = text(row.fileNumber)
  const legalName = text(row.companyName)
  if (fileNumber === null || legalName === null) return Option.none()
  const label = text([row.category, row.nature].map(text).filter((part) => part !== null).join(", "))
  return Option.some({
    country: "MU",
    registration_no: displayNumber(registry, fileNumber),
    legal_name: legalName,
    status: cbrdStatus(row.status),
    entity_type: typeSlug(label),
    entity_type_label: label,
    incorporation_date: isoDate(row.incorporationDate),
    source: muCbrdSource,
    source_url: `${extractUrl}?orgNo=${encodeURIComponent(String(row.orgNo))}`,
    source_kind: "live",
    last_verified_at: verifiedAt
  })
}

/** CBRD's shape is the least confirmed of the five: note keys nobody has documented. */
const logUnknownKeys = (body: string) =>
  Effect.try(() => JSON.parse(body) as unknown).pipe(
    Effect.map((json) => {
      const container = json !== null && typeof json === "object" ? (json as Record<string, unknown>) : {}
      const rows = container["result"] ?? container["results"]
      const first = Array.isArray(rows) ? (rows[0] as unknown) : undefined
      return first !== null && typeof first === "object" ? Object.keys(first).filter((k) => !knownRowKeys.includes(k)) : []
    }),
    Effect.flatMap((unknown) =>
      unknown.length > 0 ? Effect.logInfo("mu-cbrd rows carry undocumented keys", unknown.join(",")) : Effect.void
    ),
    Effect.ignore
  )

export const makeMuCbrd = (ctx: AdapterContext): RegistryAdapter => {
  const url = joinUrl(ctx.baseUrl, ctx.paths["search"] ?? muCbrdDefaults.paths.search)
  const extractUrl = joinUrl(ctx.baseUrl, ctx.paths["extract"] ?? muCbrdDefaults.paths.extract)
  const search = Effect.fnUntraced(function*(term: string) {
    const request = HttpClientRequest.post(url).pipe(
      withHeaders(ctx, {
        Accept: "application/json, text/plain, */*",
        Origin: "https://onlinesearch.mns.mu",
        Referer: "https://onlinesearch.mns.mu/"
      }),
      HttpClientRequest.bodyJsonUnsafe({
        mainOption: "companyName",
        searchValue: term.trim(),
        dateIncorporatedFrom: null,
        dateIncorporatedTo: null,
        pageNumber: 0,
        pageSize: 10,
        sortBy: "ORG_NAME",
        sortOrder: "ASC"
      })
    )
    const body = yield* send(registry, ctx, request).pipe(Effect.flatMap((response) => readText(registry, response)))
    const decoded = yield* decodeJsonBody(registry, CbrdResponse, body)
    if (decoded.result === undefined && decoded.results === undefined) {
      return yield* new RegistryUnavailable({ registry, reason: "decode", detail: "neither result nor results" })
    }
    yield* logUnknownKeys(body)
    const verifiedAt = yield* fetchedAt
    const rows = decoded.result ?? decoded.results ?? []
    return Arr.getSomes(rows.map(toCanonical(extractUrl, verifiedAt)))
  })

  return {
    registry,
    supportsTerm: (term) => term.trim().length > 0,
    searchByName: search,
    fetchByNumber: (number) => {
      const key = numberKeyOf(registry, number)
      return search(number).pipe(
        Effect.map(Arr.findFirst((company) => numberKeyOf(registry, company.registration_no) === key))
      )
    }
  }
}
