import * as HttpApiClient from "effect/http-api/HttpApiClient"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import type { Effect } from "effect"
import { KybApi } from "./api/Api.js"

export { KybApi } from "./api/Api.js"
export * from "./api/errors.js"
export * from "./domain/schemas/Company.js"
export * from "./domain/schemas/Search.js"
export * from "./domain/schemas/Verdict.js"

export interface KybClientOptions {
  /** The service address without the version segment, e.g. "https://api.kyb.africa" (paths carry "/v1"). */
  readonly baseUrl: string | URL
  /** Sent as `Authorization: Bearer <apiKey>`. */
  readonly apiKey: string
}

/**
 * A typed client of the KYB Africa API, derived from the same `KybApi` definition the server implements: each
 * operation is a method (`client.verify.verifyByBody({ payload })`, `client.search.search({ query })`,
 * `client.companies.get({ params })`), decoding the success body and each declared error (e.g. `CompanyNotFound`)
 * into its schema class. Needs an `HttpClient` (e.g. `FetchHttpClient.layer` or `NodeHttpClient.layerUndici`).
 * Imports only `src/api`: nothing of the server comes with it. Path parameters are not URL-encoded by the
 * generated client: give a registration number to `companies.get` with `-`, `.` or spaces between its segments
 * ("1950-038232-06"), never `/`.
 */
export const makeKybClient = (options: KybClientOptions) =>
  HttpApiClient.make(KybApi, {
    baseUrl: options.baseUrl,
    transformClient: HttpClient.mapRequest(HttpClientRequest.bearerToken(options.apiKey))
  })

export type KybClient = Effect.Success<ReturnType<typeof makeKybClient>>
