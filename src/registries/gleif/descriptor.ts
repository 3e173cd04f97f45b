import { type Config, Effect } from "effect"
import { registryForCountry } from "../../domain/registrationNumbers.js"
import { gleifConfig } from "./gleifConfig.js"
import { registrationAuthorities } from "./registrationAuthorities.js"

/**
 * What GLEIF can do for one country here, for the coverage data (GET /v1/registries, the console, the table in docs/lists-and-registries.md;
 * the registries branch reads it as its `GleifCoverage`): whether GLEIF is asked live, what its records there can
 * confirm, and the registration-authority codes matched for the country's register. Without a code GLEIF cannot
 * confirm "registered" there (its records are reference entities): it still gives status and level-2 owners.
 */
export interface GleifCountryCoverage {
  readonly live: boolean
  readonly confirms: ReadonlyArray<"registered" | "status" | "owners">
  readonly registrationAuthorities: ReadonlyArray<string>
}

/** GLEIF's coverage of each country when asked live or not, with the RA codes the operator added to the table's. */
export const gleifCoverage = (live: boolean, addedCodes: ReadonlyArray<readonly [string, string]> = []) => (country: string): GleifCountryCoverage | undefined => {
  const registry = registryForCountry(country)
  if (registry === null) return undefined
  const codes = [
    ...(registrationAuthorities.find((row) => row.registry === registry)?.codes ?? []),
    ...addedCodes.filter(([, id]) => id === registry).map(([code]) => code)
  ]
  return {
    live,
    confirms: codes.length > 0 ? ["registered", "status", "owners"] : ["status", "owners"],
    registrationAuthorities: [...new Set(codes)]
  }
}

/** As configured here (KYB_REGISTRY_LIVE, KYB_GLEIF_RA_CODES). */
export const gleifDescriptor: Effect.Effect<(country: string) => GleifCountryCoverage | undefined, Config.ConfigError> = Effect.map(
  gleifConfig,
  (config) => gleifCoverage(config.enabled, config.authorities)
)
