import * as HttpClientRequest from "effect/http/HttpClientRequest"
import { Array as Arr, Effect, Option, Schema } from "effect"
import type { CanonicalAlias, RegistryRecord } from "../../domain/CanonicalCompany.js"
import { decodeJsonBody, fetchedAt, joinUrl, readText, send, withHeaders } from "./http.js"
import { statusFrom, text, typeSlug } from "./mapping.js"
import { displayNumber, numberKeyOf } from "./numbers.js"
import type { AdapterContext, RegistryAdapter } from "./RegistryAdapter.js"

const registry = "tn-rne"
export const tnRneSource = "Registre National des Entreprises (RNE)"
export const tnRneDefaults = {
  baseUrl: "https://www.registre-entreprises.tn",
  paths: {
    search: "/api/rne-api/front-office/shortEntites",
    detail: "/api/rne-api/front-office/entites/short-details/"
  }
} as const

const Nullable = Schema.optional(Schema.NullOr(Schema.String))

const ShortEntity = Schema.Struct({
  identifiantUnique: Schema.String,
  denominationLatin: Nullable,
  denomination: Nullable,
  nomCommercialFr: Nullable,
  nomCommercialAr: Nullable
})
type ShortEntity = typeof ShortEntity.Type

export const RneList = Schema.Struct({
  registres: Schema.Array(ShortEntity),
  total: Schema.optional(Schema.NullOr(Schema.Number)),
  nombreTotal: Schema.optional(Schema.NullOr(Schema.Number))
})

export const RneDetail = Schema.Struct({
  idUnique: Nullable,
  denominationLatin: Nullable,
  denomination: Nullable,
  formeJuridiqueFr: Nullable,
  etatRegistreFr: Nullable,
  nomCommercialFr: Nullable,
  rueFr: Nullable,
  codePostal: Schema.optional(Schema.NullOr(Schema.Union([Schema.String, Schema.Number]))),
  villeFr: Nullable
})
type RneDetail = typeof RneDetail.Type

const rneStatus = statusFrom({
  active: ["actif", "active", "en activite"],
  dormant: ["suspen", "cessation", "inactif"],
  dissolved: ["radi", "dissou", "liquidat", "ferme"]
})

const hasLatinLetters = (term: string): boolean => /[A-Za-z]/.test(term)

const tradingAlias = (name: string | null, legalName: string): ReadonlyArray<CanonicalAlias> =>
  name !== null && name.toUpperCase() !== legalName.toUpperCase() ? [{ name, kind: "trading" }] : []

const fromShort = (sourceUrl: string, verifiedAt: string) => (row: ShortEntity): Option.Option<RegistryRecord> => {
  const number = text(row.identifiantUnique)
  const legalName = text(row.denominationLatin) ?? text(row.denomination)
  if (number === null || legalName === null) return Option.none()
  return Option.some({
    country: "TN",
    registration_no: displayNumber(registry, number),
    legal_name: legalName,
    source: tnRneSource,
    source_url: sourceUrl,
    source_kind: "live",
    last_verified_at: verifiedAt,
    aliases: tradingAlias(text(row.nomCommercialFr), legalName)
  })
}

const postalCode = (value: string | number | null | undefined): string | null =>
  value === undefined || value === null ? null : text(String(value))

const withDetail = (company: RegistryRecord, detail: RneDetail, detailUrl: string): RegistryRecord => {
  const label = text(detail.formeJuridiqueFr)
  const address = [text(detail.rueFr), postalCode(detail.codePostal), text(detail.villeFr)]
    .filter((part) => part !== null)
    .join(", ")
  return {
    ...company,
    status: rneStatus(detail.etatRegistreFr),
    entity_type: typeSlug(label),
    entity_type_label: label,
    registered_address: text(address),
    source_url: detailUrl
  }
}

export const makeTnRne = (ctx: AdapterContext): RegistryAdapter => {
  const listUrl = joinUrl(ctx.baseUrl, ctx.paths["search"] ?? tnRneDefaults.paths.search)
  const detailBase = joinUrl(ctx.baseUrl, ctx.paths["detail"] ?? tnRneDefaults.paths.detail)
  const headers = {
    Accept: "application/json, text/plain, */*",
    Referer: "https://www.registre-entreprises.tn/search/entite"
  }

  const search = Effect.fnUntraced(function*(term: string) {
    const trimmed = term.trim()
    const request = HttpClientRequest.get(listUrl).pipe(
      withHeaders(ctx, headers),
      HttpClientRequest.setUrlParams({
        [hasLatinLetters(trimmed) || /^\d/.test(trimmed) ? "denominationLatin" : "denomination"]: trimmed,
        limit: "10",
        afterId: "",
        typeEntite: "M",
        notInStatusList: "EN_COURS_CREATION"
      })
    )
    const body = yield* send(registry, ctx, request).pipe(Effect.flatMap((response) => readText(registry, response)))
    const list = yield* decodeJsonBody(registry, RneList, body)
    const verifiedAt = yield* fetchedAt
    return Arr.getSomes(list.registres.map(fromShort(listUrl, verifiedAt)))
  })

  /** The detail call enriches a found row (status, legal form, address); if it fails the short row stands. */
  const enrich = (company: RegistryRecord) => {
    const detailUrl = detailBase.replace(/\/?$/, "/") + encodeURIComponent(company.registration_no)
    return send(registry, ctx, HttpClientRequest.get(detailUrl).pipe(withHeaders(ctx, headers))).pipe(
      Effect.flatMap((response) => readText(registry, response)),
      Effect.flatMap((body) => decodeJsonBody(registry, RneDetail, body)),
      Effect.map((detail) => withDetail(company, detail, detailUrl)),
      Effect.tapError((error) => Effect.logDebug("tn-rne detail unavailable", error.message)),
      Effect.orElseSucceed(() => company)
    )
  }

  return {
    registry,
    supportsTerm: (term) => term.trim().length > 0,
    searchByName: search,
    fetchByNumber: (number) => {
      const key = numberKeyOf(registry, number)
      return search(number).pipe(
        Effect.map(Arr.findFirst((company) => numberKeyOf(registry, company.registration_no) === key)),
        Effect.flatMap(Option.match({
          onNone: () => Effect.succeed(Option.none<RegistryRecord>()),
          onSome: (company) => Effect.map(enrich(company), Option.some)
        }))
      )
    }
  }
}
