import * as HttpApi from "effect/http-api/HttpApi"
import * as OpenApi from "effect/http-api/OpenApi"
import { AuditApi, BatchApi, ChecksApi, DecisionsApi, MonitoringApi, WebhooksApi, CompaniesApi, HealthApi, RegistriesApi, SearchApi, VerifyApi } from "./groups.js"
import { CasesApi } from "./casesGroup.js"
import { ScreenApi } from "./screenGroup.js"
import { completeSpec } from "./documentCompletion.js"
import { refuseUnknownFields } from "../domain/schemas/params.js"
import { STATED_SCHEMA } from "../domain/schemas/stated.js"

const description = [
  "KYB Africa answers \"is this African business real, registered, active and not sanctioned?\" over 18 official",
  "registries, with the source, checked date and confidence of every value, and screening against OFAC SDN, OFAC",
  "Consolidated and the UN Security Council list. Every `/v1` route except this document and the docs page (`/v1/docs`",
  "and its script) needs an API key (`Authorization: Bearer <key>` or `x-api-key: <key>`) and counts against the",
  "key's monthly quota. Every error is `{error, message}`; a JSON body's field the schema does not name is refused with 400,",
  "and control characters are refused in every parameter, header and string."
].join(" ")

export class KybApi extends HttpApi.make("kyb")
  .add(SearchApi)
  .add(CompaniesApi)
  .add(VerifyApi)
  .add(ChecksApi)
  .add(BatchApi)
  .add(DecisionsApi)
  .add(CasesApi)
  .add(MonitoringApi)
  .add(WebhooksApi)
  .add(AuditApi)
  .add(RegistriesApi)
  .add(HealthApi)
  .add(ScreenApi)
  .annotateMerge(OpenApi.annotations({
    title: "KYB Africa API",
    version: "1.0.0",
    description,
    transform: completeSpec
  }))
  // A JSON body's field the contract does not name is refused (400 naming it), never dropped.
  .annotate(HttpApi.PayloadParseOptions, refuseUnknownFields) {}

const documentOptions: OpenApi.FromApiOptions = { includeAnnotationKey: (key) => key === STATED_SCHEMA }

/** The OpenAPI document of the API, as /v1/openapi.json serves it (the generator's, with the contract's stated schemas). */
export const openApiDocument = (): OpenApi.OpenAPISpec => OpenApi.fromApi(KybApi, documentOptions)
