import * as HttpClientRequest from "effect/http/HttpClientRequest"
import type * as HttpClient from "effect/http/HttpClient"
import { Effect, Option, type Schema } from "effect"
import { decodeJsonBody, joinUrl, readText, send } from "../adapters/http.js"
import type { RegistryUnavailable } from "../adapters/RegistryUnavailable.js"
import { LeiRecordOne, LeiRecordPage, type LeiRecordWire } from "./wire.js"

export const GLEIF = "gleif"

export interface GleifClientSettings {
  readonly client: HttpClient.HttpClient
  readonly baseUrl: string
  readonly userAgent: string
  readonly pageSize: number
  readonly maxPages: number
}

/** What a record search asks: a filter of GLEIF's (fulltext, entity.registeredAs) within a country. */
export interface RecordQuery {
  readonly filter: "fulltext" | "entity.registeredAs"
  readonly value: string
  readonly country?: string | undefined
}

const LEI = /^[A-Z0-9]{18}[0-9]{2}$/

/**
 * GLEIF's JSON:API over HTTP: record searches (paged, `links.next` followed up to `maxPages`), one record by LEI and a
 * record's direct or ultimate parent. A 404 on a single record is "none", never a failure; any other non-2xx, a
 * transport error or a body that is not the documented shape is RegistryUnavailable (registry "gleif").
 */
export const makeGleifClient = (s: GleifClientSettings) => {
  const get = <S extends Schema.Decoder<unknown>>(url: string, schema: S) =>
    Effect.gen(function*() {
      const request = HttpClientRequest.get(url).pipe(
        HttpClientRequest.setHeaders({ Accept: "application/vnd.api+json", "User-Agent": s.userAgent })
      )
      const body = yield* send(GLEIF, { client: s.client, baseUrl: s.baseUrl, paths: {}, userAgent: s.userAgent }, request).pipe(
        Effect.flatMap((response) => readText(GLEIF, response))
      )
      return yield* decodeJsonBody(GLEIF, schema, body)
    })

  const notFoundIsNone = <A>(call: Effect.Effect<A, RegistryUnavailable>) =>
    call.pipe(
      Effect.map(Option.some),
      Effect.catchIf((e) => e.reason === "http_status" && e.status === 404, () => Effect.succeed(Option.none<A>()))
    )

  /** Only a next page on GLEIF's own base address is followed (never a host the answer names). */
  const sameBase = (next: string | undefined) => next !== undefined && next.startsWith(s.baseUrl.replace(/\/+$/, "") + "/")

  const search: (q: RecordQuery) => Effect.Effect<ReadonlyArray<LeiRecordWire>, RegistryUnavailable> = Effect.fnUntraced(function*(q: RecordQuery) {
    const params = new URLSearchParams({ [`filter[${q.filter}]`]: q.value })
    if (q.country !== undefined) params.set("filter[entity.legalAddress.country]", q.country.toUpperCase())
    params.set("page[size]", String(s.pageSize))
    let url: string | undefined = `${joinUrl(s.baseUrl, "/lei-records")}?${params.toString()}`
    const records: Array<LeiRecordWire> = []
    for (let page = 0; url !== undefined && page < s.maxPages; page++) {
      const answer: typeof LeiRecordPage.Type = yield* get(url, LeiRecordPage)
      records.push(...answer.data)
      url = sameBase(answer.links?.next) ? answer.links!.next : undefined
    }
    return records
  })

  const byLei = (lei: string) => {
    const wanted = lei.trim().toUpperCase()
    return LEI.test(wanted)
      ? notFoundIsNone(Effect.map(get(joinUrl(s.baseUrl, `/lei-records/${wanted}`), LeiRecordOne), (one) => one.data))
      : Effect.succeed(Option.none<LeiRecordWire>())
  }

  const parent = (lei: string, relationship: "direct" | "ultimate") =>
    notFoundIsNone(
      Effect.map(get(joinUrl(s.baseUrl, `/lei-records/${lei}/${relationship}-parent`), LeiRecordOne), (one) => one.data)
    )

  return { search, byLei, parent } as const
}
