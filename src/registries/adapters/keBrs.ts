import * as HttpClientRequest from "effect/http/HttpClientRequest"
import { Effect, Option, Redacted, Schema } from "effect"
import type { CanonicalOfficer, RegistryRecord } from "../../domain/CanonicalCompany.js"
import { decodeJsonBody, fetchedAt, joinUrl, readText, withHeaders } from "./http.js"
import { dayMonthNameYear, isoDate, statusFrom, text } from "./mapping.js"
import { displayNumber, numberKeyOf } from "./numbers.js"
import type { AdapterContext, RegistryAdapter } from "./RegistryAdapter.js"
import { RegistryUnavailable } from "./RegistryUnavailable.js"

/**
 * Kenya BRS's partner API: a look-up by registration number (`GET /api/businesses?registration_number=`) behind HTTP
 * Basic credentials that BRS issues to partners; there is no public name search, so the adapter answers numbers only,
 * and it exists only when the operator configures credentials (KYB_REGISTRY_KE_BRS_USERNAME / _PASSWORD).
 * Evidence: the endpoint and its authentication as registry-shapes.md records them (2026-11); the record's field names
 * (registrationNumber, businessName, registrationDate "22 September 2001", status "registered", physicalAddress,
 * partners [{type, name, ...}]) as BRS partners relay them (docs.prembly.com "Business Registration Service (BRS)",
 * docs.patascore.com "Business Verification", 2025-2026): BRS's own envelope is not public, so the record is read at
 * the top level or under `data`, and anything else is a decode failure. 404 is "no such number" (as the relays
 * document); 401/403 mean the credentials were refused, which the operator must fix (never retried as a 5xx).
 */
const registry = "ke-brs"
export const keBrsSource = "Business Registration Service (BRS), partner API"
export const keBrsDefaults = {
  baseUrl: "https://brs.pesaflow.com",
  paths: { lookup: "/api/businesses" }
} as const

const Partner = Schema.Struct({
  type: Schema.optional(Schema.NullOr(Schema.String)),
  name: Schema.optional(Schema.NullOr(Schema.String))
})
export const BrsBusiness = Schema.Struct({
  registrationNumber: Schema.String,
  businessName: Schema.String,
  registrationDate: Schema.optional(Schema.NullOr(Schema.String)),
  status: Schema.optional(Schema.NullOr(Schema.String)),
  physicalAddress: Schema.optional(Schema.NullOr(Schema.String)),
  partners: Schema.optional(Schema.NullOr(Schema.Array(Partner)))
})
type BrsBusiness = typeof BrsBusiness.Type
export const BrsResponse = Schema.Union([BrsBusiness, Schema.Struct({ data: BrsBusiness })])

const brsStatus = statusFrom({
  active: ["registered", "active"],
  dormant: ["dormant", "inactive"],
  dissolved: ["dissolved", "deregistered", "struck", "removed", "wound", "liquidat", "cancel"]
})

/** Directors among the partners; shareholders alone are not officers, and no identity number is kept. */
const officersOf = (business: BrsBusiness): ReadonlyArray<CanonicalOfficer> =>
  (business.partners ?? []).flatMap((partner) => {
    const name = text(partner.name)
    const role = text(partner.type)
    return name !== null && role !== null && /director|secretary|partner|proprietor/i.test(role) ? [{ name, role }] : []
  })

export const makeKeBrs = (ctx: AdapterContext): RegistryAdapter => {
  const url = joinUrl(ctx.baseUrl, ctx.paths["lookup"] ?? keBrsDefaults.paths.lookup)
  const lookup = Effect.fnUntraced(function*(number: string) {
    const credentials = ctx.credentials
    if (credentials === undefined) {
      return yield* new RegistryUnavailable({ registry, reason: "rejected", detail: "no partner credentials configured" })
    }
    const request = HttpClientRequest.get(url).pipe(
      withHeaders(ctx, { Accept: "application/json" }),
      HttpClientRequest.basicAuth(credentials.username, Redacted.value(credentials.password)),
      HttpClientRequest.setUrlParams({ registration_number: number })
    )
    const response = yield* ctx.client.execute(request).pipe(
      Effect.mapError((error) => new RegistryUnavailable({ registry, reason: "transport", detail: error.message }))
    )
    const body = yield* readText(registry, response)
    if (response.status === 404) return Option.none<RegistryRecord>()
    if (response.status < 200 || response.status >= 300) {
      const detail = response.status === 401 || response.status === 403 ? "partner credentials refused" : `HTTP ${response.status}`
      return yield* new RegistryUnavailable({ registry, reason: "http_status", status: response.status, detail })
    }
    const decoded = yield* decodeJsonBody(registry, BrsResponse, body)
    const business = "data" in decoded ? decoded.data : decoded
    const legalName = text(business.businessName)
    if (legalName === null) return yield* new RegistryUnavailable({ registry, reason: "decode", detail: "blank businessName" })
    const verifiedAt = yield* fetchedAt
    const officers = officersOf(business)
    return Option.some<RegistryRecord>({
      country: "KE",
      registration_no: displayNumber(registry, business.registrationNumber),
      legal_name: legalName,
      status: brsStatus(business.status),
      incorporation_date: dayMonthNameYear(business.registrationDate) ?? isoDate(business.registrationDate),
      registered_address: text(business.physicalAddress),
      source: keBrsSource,
      source_url: `${url}?registration_number=${encodeURIComponent(number)}`,
      source_kind: "live",
      last_verified_at: verifiedAt,
      ...(officers.length === 0 ? {} : { officers })
    })
  })

  return {
    registry,
    supportsTerm: () => false,
    searchByName: () => Effect.succeed([]),
    fetchByNumber: (number) => {
      const key = numberKeyOf(registry, number)
      return lookup(displayNumber(registry, number)).pipe(
        Effect.map(Option.filter((found) => numberKeyOf(registry, found.registration_no) === key))
      )
    }
  }
}
