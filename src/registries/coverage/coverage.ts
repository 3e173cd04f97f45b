import type { RegistryId } from "../../domain/registrationNumbers.js"
import type { RegistryInfo } from "../catalog.js"
import {
  type AccessTerms,
  type Confirmable,
  confirmables,
  type CoverageSource,
  eitiCountries,
  eitiSource,
  fileSources,
  gleifSource,
  registryAccess
} from "./sources.js"

/**
 * What GLEIF can do for one country here (the GLEIF live source describes itself through this): whether it is asked
 * live, and what its records there can confirm. Undefined = GLEIF is not wired in: it is still listed, as a free
 * source, but not as a live one.
 */
export interface GleifCoverage {
  readonly live: boolean
  readonly confirms: ReadonlyArray<Confirmable>
  /** GLEIF registration-authority codes (RA…) it matches for the country's register. */
  readonly registrationAuthorities?: ReadonlyArray<string>
}
export type GleifDescriptor = (country: string) => GleifCoverage | undefined
export const gleifNotWired: GleifDescriptor = () => undefined

export type AskedLive = "own_search" | "gleif" | "none"

export interface SourceCoverage extends CoverageSource {
  /** Asked live here now (an adapter switched on, with any credentials it needs). */
  readonly live: boolean
  /** When it last answered a call from this process (null: not since start, or never asked). */
  readonly lastAnsweredAt: string | null
}

export interface CoverageRow {
  readonly registry: RegistryId
  readonly country: string
  readonly name: string
  readonly askedLive: AskedLive
  /** The union of what the live sources can confirm. */
  readonly confirmsLive: ReadonlyArray<Confirmable>
  /** The registry's own terms for a machine. */
  readonly terms: ReadonlyArray<AccessTerms>
  readonly note: string
  readonly sources: ReadonlyArray<SourceCoverage>
}

export interface CoverageInput {
  /** Registries whose live adapter is switched on. */
  readonly enabled: ReadonlySet<string>
  /** Last successful answer per source id (a registry id, or "gleif"). */
  readonly lastAnswered: ReadonlyMap<string, string | null>
  readonly gleif: GleifDescriptor
}

const ordered = (confirms: Iterable<Confirmable>): ReadonlyArray<Confirmable> => {
  const set = new Set(confirms)
  return confirmables.filter((c) => set.has(c))
}

export const coverageRow = (registry: RegistryInfo, input: CoverageInput): CoverageRow => {
  const access = registryAccess[registry.id]
  const answered = (id: string) => input.lastAnswered.get(id) ?? null
  const own: ReadonlyArray<SourceCoverage> = access.adapter === undefined
    ? []
    : [{ ...access.adapter, live: input.enabled.has(registry.id), lastAnsweredAt: answered(registry.id) }]
  const gleif = input.gleif(registry.country)
  const gleifRow: SourceCoverage = {
    ...gleifSource,
    confirms: ordered(gleif?.confirms ?? gleifSource.confirms),
    live: gleif?.live ?? false,
    lastAnsweredAt: answered("gleif")
  }
  const files = [...(fileSources[registry.country] ?? []), ...(eitiCountries.has(registry.country) ? [eitiSource] : [])]
    .map((source): SourceCoverage => ({ ...source, live: false, lastAnsweredAt: null }))
  const sources = [...own, gleifRow, ...files]
  const live = sources.filter((source) => source.live)
  return {
    registry: registry.id,
    country: registry.country,
    name: registry.name,
    askedLive: own.some((source) => source.live) ? "own_search" : gleifRow.live ? "gleif" : "none",
    confirmsLive: ordered(live.flatMap((source) => source.confirms)),
    terms: access.terms,
    note: access.note,
    sources
  }
}

/** The default configuration: every free adapter on, partner adapters off (no credentials), GLEIF as described. */
export const defaultEnabled = (catalog: ReadonlyArray<RegistryInfo>): ReadonlySet<string> =>
  new Set(catalog.filter((r) => {
    const adapter = registryAccess[r.id].adapter
    return adapter !== undefined && !adapter.terms.includes("partner_only")
  }).map((r) => r.id))
