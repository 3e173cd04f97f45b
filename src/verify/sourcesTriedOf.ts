import { Effect } from "effect"
import { canonicalNumber, countryOfRegistry, isRegistryId, registryForCountry, type RegistryId, registryIds } from "../domain/registrationNumbers.js"
import { GLEIF_SOURCE, type OwnSearch, sourcesTried } from "../domain/sourcesTried.js"
import { registryAccess } from "../registries/coverage/sources.js"
import { gleifDescriptor } from "../registries/gleif/descriptor.js"
import type { Resolution } from "./candidates.js"

/**
 * The verdict's `sources_tried`, as configured here: the registries in scope (the country's; with no country, the
 * resolved company's, else those whose own live search is on), each registry's own live search and GLEIF, with what each can confirm
 * (the coverage data: src/registries/coverage, GLEIF's registration-authority codes).
 */
export const makeSourcesTriedOf = Effect.map(Effect.orDie(gleifDescriptor), (gleif) =>
  (
    resolution: Resolution,
    asked: { readonly country: string | undefined; readonly number: string | undefined },
    live: { readonly registries: ReadonlyArray<RegistryId>; readonly gleif: boolean }
  ) => {
    const { country, number } = asked
    const scope = country ?? resolution.found?.company.country
    // No country and nothing resolved: the registries whose own search is on (by number: those whose format it has),
    // whether asked now or answered from the store or within the TTL; GLEIF about every registry (whose format it has).
    const registries: ReadonlyArray<string> = scope !== undefined
      ? [registryForCountry(scope)].filter((id) => id !== null)
      : live.registries.filter((id) => number === undefined || canonicalNumber(id, number).valid)
    const gleifScope = scope !== undefined ? registries : registryIds.filter((id) => number === undefined || canonicalNumber(id, number).valid)
    const ownSearch = (registry: string): OwnSearch =>
      live.registries.some((id) => id === registry) ? "on" : isRegistryId(registry) && registryAccess[registry].adapter !== undefined ? "off" : "none"
    const confirms = (source: string, registry: string) => {
      if (!isRegistryId(registry)) return []
      return source === GLEIF_SOURCE ? gleif(countryOfRegistry(registry))?.confirms ?? [] : registryAccess[registry].adapter?.confirms ?? []
    }
    return sourcesTried({ registries, gleifScope, ...resolution.tried, ownSearch, gleifOn: live.gleif, confirms })
  })
