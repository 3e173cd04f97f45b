import type * as HttpClient from "effect/http/HttpClient"
import type { Effect, Option, Redacted } from "effect"
import type { RegistryRecord } from "../../domain/CanonicalCompany.js"
import type { RegistryUnavailable } from "./RegistryUnavailable.js"

export const liveRegistryIds = ["ng-cac", "tz-brela", "zm-pacra", "mu-cbrd", "tn-rne", "bw-cipa", "mg-rcs", "ke-brs"] as const
export type LiveRegistryId = (typeof liveRegistryIds)[number]

export const isLiveRegistryId = (id: string): id is LiveRegistryId =>
  (liveRegistryIds as ReadonlyArray<string>).includes(id)

/** Registries that answer only partners (Kenya BRS): issued by the registry, configured by the operator. */
export const partnerRegistryIds: ReadonlyArray<LiveRegistryId> = ["ke-brs"]

export interface PartnerCredentials {
  readonly username: string
  readonly password: Redacted.Redacted<string>
}

/** Where and how an adapter talks to its registry; every URL and path comes from config. */
export interface AdapterContext {
  readonly client: HttpClient.HttpClient
  readonly baseUrl: string
  readonly paths: Readonly<Record<string, string>>
  readonly userAgent: string
  readonly credentials?: PartnerCredentials
}

export interface RegistryAdapter {
  readonly registry: LiveRegistryId
  /** False when the registry cannot run this name search at all (it is then not consulted). */
  readonly supportsTerm: (term: string) => boolean
  readonly searchByName: (term: string) => Effect.Effect<ReadonlyArray<RegistryRecord>, RegistryUnavailable>
  readonly fetchByNumber: (number: string) => Effect.Effect<Option.Option<RegistryRecord>, RegistryUnavailable>
  /** False when this kind of number is not one the registry's search looks up (it is then not asked); default true. */
  readonly supportsNumber?: (number: string) => boolean
}
