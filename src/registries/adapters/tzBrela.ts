import * as HttpClientRequest from "effect/http/HttpClientRequest"
import { Array as Arr, Effect, Option, Schema } from "effect"
import type { RegistryRecord } from "../../domain/CanonicalCompany.js"
import { decodeJsonBody, fetchedAt, joinUrl, readText, send, withHeaders } from "./http.js"
import { isoDate, statusFrom, text, typeSlug } from "./mapping.js"
import { displayNumber, numberKeyOf } from "./numbers.js"
import type { AdapterContext, RegistryAdapter } from "./RegistryAdapter.js"
import { RegistryUnavailable } from "./RegistryUnavailable.js"

/**
 * BRELA's ORS public search. Its firewall refuses form-encoded bodies and crawler user agents; a JSON body with a
 * browser user agent, Origin/Referer of the site and X-Requested-With passes (Albende/credyx, 2026-07;
 * registry-shapes.md "News on the five"). A refusal is HTTP 403: a typed http_status failure, never "no match".
 */
const registry = "tz-brela"
export const tzBrelaSource = "Business Registrations and Licensing Agency (BRELA)"
export const tzBrelaDefaults = {
  baseUrl: "https://ors.brela.go.tz",
  paths: { search: "/orsreg/list/search/businesspublic.json" }
} as const
export const brelaMinimumTermLength = 3

const Cell = Schema.Union([Schema.String, Schema.Number, Schema.Boolean, Schema.Null])

export const BrelaTable = Schema.Struct({
  Result: Schema.String,
  TotalRecordCount: Schema.optional(Schema.Number),
  Map: Schema.Array(Schema.String),
  Records: Schema.Array(Schema.Array(Cell))
})
export const BrelaError = Schema.Struct({ error: Schema.String, sign: Schema.optional(Schema.Unknown) })
/** BRELA answers HTTP 200 for both: the body says which. */
export const BrelaResponse = Schema.Union([BrelaError, BrelaTable])

const BrelaRow = Schema.Struct({
  cert_number: Schema.Union([Schema.String, Schema.Number]),
  legal_name: Schema.String,
  reg_date: Schema.optional(Schema.NullOr(Schema.String)),
  incorporation_date: Schema.optional(Schema.NullOr(Schema.String)),
  subtype_name: Schema.optional(Schema.NullOr(Schema.String)),
  reg_status_name: Schema.optional(Schema.NullOr(Schema.String)),
  address: Schema.optional(Schema.NullOr(Schema.String))
})
type BrelaRow = typeof BrelaRow.Type

const brelaStatus = statusFrom({
  active: ["registered", "active"],
  dormant: ["dormant", "inactive"],
  dissolved: ["closed", "struck", "dissolved", "deregistered", "removed", "wound", "liquidat"]
})

/** Columnar rows are mapped by column name, never by position. */
const rowsOf = (table: typeof BrelaTable.Type) =>
  Schema.decodeUnknownEffect(Schema.Array(BrelaRow))(
    table.Records.map((values) => Object.fromEntries(table.Map.map((column, index) => [column, values[index] ?? null])))
  ).pipe(
    Effect.mapError((error) => new RegistryUnavailable({ registry, reason: "decode", detail: error.message.slice(0, 500) }))
  )

const toCanonical = (url: string, verifiedAt: string) => (row: BrelaRow): Option.Option<RegistryRecord> => {
  const number = text(String(row.cert_number))
  const legalName = text(row.legal_name)
  if (number === null || legalName === null) return Option.none()
  const label = text(row.subtype_name)
  return Option.some({
    country: "TZ",
    registration_no: displayNumber(registry, number),
    legal_name: legalName,
    status: brelaStatus(row.reg_status_name),
    entity_type: typeSlug(label),
    entity_type_label: label,
    incorporation_date: isoDate(row.incorporation_date ?? row.reg_date),
    registered_address: text(row.address),
    source: tzBrelaSource,
    source_url: url,
    source_kind: "live",
    last_verified_at: verifiedAt
  })
}

export const makeTzBrela = (ctx: AdapterContext): RegistryAdapter => {
  const url = joinUrl(ctx.baseUrl, ctx.paths["search"] ?? tzBrelaDefaults.paths.search)
  const search = Effect.fnUntraced(function*(fields: { cm_name: string; cm_number: string }) {
    const request = HttpClientRequest.post(url).pipe(
      withHeaders(ctx, {
        Accept: "application/json, text/javascript, */*; q=0.01",
        Origin: "https://ors.brela.go.tz",
        Referer: "https://ors.brela.go.tz/orsreg/searchbusinesspublic",
        "X-Requested-With": "XMLHttpRequest"
      }),
      HttpClientRequest.bodyJsonUnsafe({ object_type: "ET-COMPANY", ...fields, PageSize: 25, PageNumber: 1 })
    )
    const body = yield* send(registry, ctx, request).pipe(Effect.flatMap((response) => readText(registry, response)))
    const decoded = yield* decodeJsonBody(registry, BrelaResponse, body)
    if ("error" in decoded) {
      return yield* new RegistryUnavailable({ registry, reason: "rejected", detail: decoded.error.slice(0, 200) })
    }
    const rows = yield* rowsOf(decoded)
    const verifiedAt = yield* fetchedAt
    return Arr.getSomes(rows.map(toCanonical(url, verifiedAt)))
  })

  return {
    registry,
    supportsTerm: (term) => term.trim().length >= brelaMinimumTermLength,
    searchByName: (term) => search({ cm_name: term.trim(), cm_number: "" }),
    fetchByNumber: (number) => {
      const key = numberKeyOf(registry, number)
      return search({ cm_name: "", cm_number: number.trim() }).pipe(
        Effect.map(Arr.findFirst((company) => numberKeyOf(registry, company.registration_no) === key))
      )
    }
  }
}
