import * as HttpClientRequest from "effect/http/HttpClientRequest"
import { Array as Arr, Effect, Option, Schema } from "effect"
import type { RegistryRecord } from "../../domain/CanonicalCompany.js"
import { cacNumberFromSearch } from "../../domain/registrationNumbers.js"
import { decodeJsonBody, fetchedAt, joinUrl, readText, send, withHeaders } from "./http.js"
import { isoDate, statusFrom, text, typeSlug } from "./mapping.js"
import { numberKeyOf } from "./numbers.js"
import type { AdapterContext, RegistryAdapter } from "./RegistryAdapter.js"
import { RegistryUnavailable } from "./RegistryUnavailable.js"

/**
 * CAC's iCRP public search, the address 2026 code uses (Albende/credyx packages/adapters/ng/adapter.py): JSON
 * {searchTerm, SearchType} with Origin/Referer https://icrp.cac.gov.ng. The older searchapp/postapp
 * `company-business-name-it` addresses answered a structured 404 on 2026-09-15 (registry-shapes.md §1A): configured
 * back to one of them (KYB_REGISTRY_NG_CAC_SEARCH_PATH), the adapter fails with http_status 404, never "no match".
 */
const registry = "ng-cac"
export const ngCacSource = "Corporate Affairs Commission (CAC)"
export const ngCacDefaults = {
  baseUrl: "https://authapp.cac.gov.ng",
  paths: { search: "/name_similarity_app/api/public_search/search" }
} as const

const Row = Schema.Struct({
  companyId: Schema.optional(Schema.NullOr(Schema.Number)),
  approvedName: Schema.String,
  rcNumber: Schema.NullOr(Schema.String),
  classificationId: Schema.optional(Schema.NullOr(Schema.Number)),
  classificationName: Schema.optional(Schema.NullOr(Schema.String)),
  companyRegistrationDate: Schema.optional(Schema.NullOr(Schema.String)),
  registrationDate: Schema.optional(Schema.NullOr(Schema.String)),
  natureOfBusiness: Schema.optional(Schema.NullOr(Schema.String)),
  status: Schema.optional(Schema.NullOr(Schema.String)),
  companyStatus: Schema.optional(Schema.NullOr(Schema.String)),
  address: Schema.optional(Schema.NullOr(Schema.String))
})
type Row = typeof Row.Type

export const NgCacResponse = Schema.Struct({
  success: Schema.Boolean,
  message: Schema.optional(Schema.NullOr(Schema.String)),
  data: Schema.NullOr(Schema.Array(Row))
})

const cacStatus = statusFrom({
  active: ["active"],
  dormant: ["inactive", "dormant"],
  dissolved: ["struck", "dissolved", "wound", "liquidat", "delist"]
})

/** rcNumber carries digits ("208767") or a legacy prefixed form ("RC 613"); the class decides the prefix. */
const registrationNumber = (row: Row): string | null => {
  const raw = text(row.rcNumber)
  return raw === null ? null : cacNumberFromSearch(raw, row.classificationId).display
}

const toCanonical = (url: string, verifiedAt: string) => (row: Row): Option.Option<RegistryRecord> => {
  const registrationNo = registrationNumber(row)
  const legalName = text(row.approvedName)
  if (registrationNo === null || legalName === null) return Option.none()
  const label = text(row.classificationName)
  return Option.some({
    country: "NG",
    registration_no: registrationNo,
    legal_name: legalName,
    status: cacStatus(row.status ?? row.companyStatus),
    entity_type: typeSlug(label),
    entity_type_label: label,
    incorporation_date: isoDate(row.companyRegistrationDate ?? row.registrationDate),
    registered_address: text(row.address),
    source: ngCacSource,
    source_url: url,
    source_kind: "live",
    last_verified_at: verifiedAt
  })
}

const digitsOf = (number: string): string => number.replace(/^\s*[A-Za-z]+/, "").replace(/\D+/g, "")

export const makeNgCac = (ctx: AdapterContext): RegistryAdapter => {
  const url = joinUrl(ctx.baseUrl, ctx.paths["search"] ?? ngCacDefaults.paths.search)
  const search = (searchTerm: string, searchType: "ALL" | "RC_NUMBER") =>
    Effect.gen(function*() {
      const request = HttpClientRequest.post(url).pipe(
        withHeaders(ctx, {
          Accept: "application/json",
          Origin: "https://icrp.cac.gov.ng",
          Referer: "https://icrp.cac.gov.ng/public-search"
        }),
        HttpClientRequest.bodyJsonUnsafe({ searchTerm, SearchType: searchType })
      )
      const body = yield* send(registry, ctx, request).pipe(Effect.flatMap((response) => readText(registry, response)))
      const decoded = yield* decodeJsonBody(registry, NgCacResponse, body)
      if (!decoded.success && !/no record/i.test(decoded.message ?? "")) {
        return yield* new RegistryUnavailable({ registry, reason: "rejected", detail: decoded.message ?? "success: false" })
      }
      const verifiedAt = yield* fetchedAt
      return Arr.getSomes((decoded.data ?? []).map(toCanonical(url, verifiedAt)))
    })

  return {
    registry,
    supportsTerm: (term) => term.trim().length > 0,
    searchByName: (term) => search(term.trim(), "ALL"),
    fetchByNumber: (number) => {
      const key = numberKeyOf(registry, number)
      return search(digitsOf(number), "RC_NUMBER").pipe(
        Effect.map(Arr.findFirst((company) => numberKeyOf(registry, company.registration_no) === key))
      )
    }
  }
}
