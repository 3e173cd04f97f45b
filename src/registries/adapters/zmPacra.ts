import * as HttpClientRequest from "effect/http/HttpClientRequest"
import { Array as Arr, Effect, Option, Schema } from "effect"
import type { RegistryRecord } from "../../domain/CanonicalCompany.js"
import { decodeJsonBody, fetchedAt, joinUrl, readText, send, withHeaders } from "./http.js"
import { isoDate, statusFrom, text, typeSlug } from "./mapping.js"
import { displayNumber, numberKeyOf } from "./numbers.js"
import type { AdapterContext, RegistryAdapter } from "./RegistryAdapter.js"

const registry = "zm-pacra"
export const zmPacraSource = "Patents and Companies Registration Agency (PACRA)"
export const zmPacraDefaults = {
  baseUrl: "https://xatu.pacra.org.zm:8344",
  paths: { search: "/api/v1/Search/registrysearch" }
} as const

const Entity = Schema.Struct({
  entityName: Schema.String,
  entityNumber: Schema.Union([Schema.String, Schema.Number]),
  registrationDate: Schema.optional(Schema.NullOr(Schema.String)),
  entityStatus: Schema.optional(Schema.NullOr(Schema.String)),
  companyType: Schema.optional(Schema.NullOr(Schema.String)),
  natureofBusiness: Schema.optional(Schema.NullOr(Schema.String))
})
type Entity = typeof Entity.Type
/** A bare array, no envelope. */
export const PacraResponse = Schema.Array(Entity)

const pacraStatus = statusFrom({
  active: ["active"],
  dormant: ["inactive", "dormant"],
  dissolved: ["removed", "struck", "dissolved", "deregistered", "wound", "liquidat", "amalgamated"]
})

/** An "&" inside the term breaks PACRA's search. */
const searchText = (term: string): string => term.replace(/&/g, " ").replace(/\s+/g, " ").trim()

const toCanonical = (url: string, verifiedAt: string) => (entity: Entity): Option.Option<RegistryRecord> => {
  const number = text(String(entity.entityNumber))
  const legalName = text(entity.entityName)
  if (number === null || legalName === null) return Option.none()
  const label = text(entity.companyType)
  return Option.some({
    country: "ZM",
    registration_no: displayNumber(registry, number),
    legal_name: legalName,
    status: pacraStatus(entity.entityStatus),
    entity_type: typeSlug(label),
    entity_type_label: label,
    incorporation_date: isoDate(entity.registrationDate),
    source: zmPacraSource,
    source_url: url,
    source_kind: "live",
    last_verified_at: verifiedAt
  })
}

export const makeZmPacra = (ctx: AdapterContext): RegistryAdapter => {
  const endpoint = joinUrl(ctx.baseUrl, ctx.paths["search"] ?? zmPacraDefaults.paths.search)
  const search = Effect.fnUntraced(function*(term: string) {
    const request = HttpClientRequest.get(endpoint).pipe(
      withHeaders(ctx, { Accept: "application/json" }),
      HttpClientRequest.setUrlParams({ Searchtext: searchText(term), SortyBy: "entity name", Direction: "ASC" })
    )
    const response = yield* send(registry, ctx, request)
    const body = yield* readText(registry, response)
    if (response.status === 204) return []
    const entities = yield* decodeJsonBody(registry, PacraResponse, body)
    const verifiedAt = yield* fetchedAt
    const sourceUrl = `${endpoint}?Searchtext=${encodeURIComponent(searchText(term))}`
    return Arr.getSomes(entities.map(toCanonical(sourceUrl, verifiedAt)))
  })

  return {
    registry,
    supportsTerm: (term) => searchText(term).length > 0,
    searchByName: search,
    fetchByNumber: (number) => {
      const key = numberKeyOf(registry, number)
      return search(number).pipe(
        Effect.map(Arr.findFirst((company) => numberKeyOf(registry, company.registration_no) === key))
      )
    }
  }
}
