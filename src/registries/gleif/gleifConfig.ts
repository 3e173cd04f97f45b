import { Config, Effect } from "effect"
import type { RegistryId } from "../../domain/registrationNumbers.js"
import { gatewaySettings, type GatewaySettings, invalidConfig } from "../liveConfig.js"
import { parseAuthorityCodes } from "./registrationAuthorities.js"

export const gleifDefaultUrl = "https://api.gleif.org/api/v1"

export interface GleifConfig {
  /** On with KYB_REGISTRY_LIVE "all" (the default) or a list naming "gleif"; off with "none". */
  readonly enabled: boolean
  readonly baseUrl: string
  readonly timeoutMs: number
  readonly pageSize: number
  readonly maxPages: number
  readonly authorities: ReadonlyArray<readonly [string, RegistryId]>
  readonly gateway: GatewaySettings
}

const enabled = Config.String("KYB_REGISTRY_LIVE").pipe(
  Config.withDefault("all"),
  Config.map((value) => value.split(",").map((p) => p.trim().toLowerCase()).some((p) => p === "all" || p === "gleif"))
)

/** KYB_GLEIF_RA_CODES: RA codes an operator confirmed in GLEIF's RA list, mapped to registries. */
export const gleifAuthorityCodes = Config.String("KYB_GLEIF_RA_CODES").pipe(
  Config.withDefault(""),
  Config.mapEffect((value) => {
    const { invalid, pairs } = parseAuthorityCodes(value)
    return invalid.length === 0
      ? Effect.succeed(pairs)
      : Effect.fail(invalidConfig("KYB_GLEIF_RA_CODES", `not RA000000=<registry id>: ${invalid.join(", ")}`))
  })
)

const bounded = (name: string, fallback: number, max: number) =>
  Config.Int(name).pipe(
    Config.withDefault(fallback),
    Config.mapEffect((n) => (n > 0 && n <= max ? Effect.succeed(n) : Effect.fail(invalidConfig(name, `${name} must be 1..${max}`))))
  )

export const gleifConfig: Effect.Effect<GleifConfig, Config.ConfigError> = Effect.gen(function*() {
  const gateway = yield* gatewaySettings
  return {
    gateway,
    enabled: yield* enabled,
    baseUrl: yield* Config.String("KYB_GLEIF_URL").pipe(Config.withDefault(gleifDefaultUrl)),
    timeoutMs: yield* bounded("KYB_GLEIF_TIMEOUT_MS", gateway.timeoutMs, 120_000),
    pageSize: yield* bounded("KYB_GLEIF_PAGE_SIZE", 10, 200),
    maxPages: yield* bounded("KYB_GLEIF_MAX_PAGES", 3, 20),
    authorities: yield* gleifAuthorityCodes
  }
})
