import { Config, Effect, Schema, SchemaIssue } from "effect"
import { bwCipaDefaults } from "./adapters/bwCipa.js"
import { mgRcsDefaults } from "./adapters/mgRcs.js"
import { muCbrdDefaults } from "./adapters/muCbrd.js"
import { ngCacDefaults } from "./adapters/ngCac.js"
import { keBrsDefaults } from "./adapters/keBrs.js"
import {
  isLiveRegistryId,
  type LiveRegistryId,
  liveRegistryIds,
  type PartnerCredentials,
  partnerRegistryIds
} from "./adapters/RegistryAdapter.js"
import { partnerCredentialParts, partnerCredentialsOf } from "./partnerCredentials.js"
import { tnRneDefaults } from "./adapters/tnRne.js"
import { tzBrelaDefaults } from "./adapters/tzBrela.js"
import { zmPacraDefaults } from "./adapters/zmPacra.js"

/** Browser-like (BRELA's WAF and CAC's iCRP want one) and still says who is calling. */
export const defaultUserAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 " +
  "KYB-Africa/1.0 (company registry lookup; +https://github.com/kyb-africa)"

const defaults: Record<LiveRegistryId, { baseUrl: string; paths: Readonly<Record<string, string>> }> = {
  "ng-cac": ngCacDefaults,
  "tz-brela": tzBrelaDefaults,
  "zm-pacra": zmPacraDefaults,
  "mu-cbrd": muCbrdDefaults,
  "tn-rne": tnRneDefaults,
  "bw-cipa": bwCipaDefaults,
  "mg-rcs": mgRcsDefaults,
  "ke-brs": keBrsDefaults
}

export interface RegistryEndpoint {
  readonly baseUrl: string
  readonly paths: Readonly<Record<string, string>>
  readonly timeoutMs: number
  /** A partner registry's credentials (KYB_REGISTRY_<ID>_USERNAME and _PASSWORD); never logged. */
  readonly credentials?: PartnerCredentials
}

export interface GatewaySettings {
  /** Per attempt. */
  readonly timeoutMs: number
  /** Overall, per request: a search never waits on a registry beyond it. */
  readonly budgetMs: number
  /** Bound on a call that outlives its request and finishes in the background (search with `onLate`). */
  readonly backgroundMs: number
  /** Base delay before the one retry (jittered). */
  readonly retryDelayMs: number
  readonly retries: number
  /** Consecutive failed calls that open a registry's breaker. */
  readonly breakerThreshold: number
  /** How long an open breaker rejects calls before it lets one trial call through. */
  readonly breakerCooldownMs: number
  readonly maxConcurrent: number
}

export interface LiveConfig {
  readonly enabled: ReadonlyArray<LiveRegistryId>
  readonly userAgent: string
  readonly endpoints: Readonly<Record<LiveRegistryId, RegistryEndpoint>>
  readonly gateway: GatewaySettings
}

/** "ng-cac" -> "KYB_REGISTRY_NG_CAC". */
export const envPrefix = (registry: LiveRegistryId): string => `KYB_REGISTRY_${registry.toUpperCase().replace(/-/g, "_")}`

export const invalidConfig = (name: string, message: string) =>
  new Config.ConfigError(new Schema.SchemaError(new SchemaIssue.Pointer([name], new SchemaIssue.InvalidValue({ message }))))

const positiveInt = (name: string, fallback: number) =>
  Config.Int(name).pipe(
    Config.withDefault(fallback),
    Config.mapEffect((n) => (n > 0 ? Effect.succeed(n) : Effect.fail(invalidConfig(name, `${name} must be > 0`))))
  )

const endpoint = (registry: LiveRegistryId, timeoutMs: number): Config.Config<RegistryEndpoint> => {
  const prefix = envPrefix(registry)
  const { baseUrl, paths } = defaults[registry]
  return Config.all({
    baseUrl: Config.String(`${prefix}_URL`).pipe(Config.withDefault(baseUrl)),
    paths: Config.all(
      Object.fromEntries(
        Object.entries(paths).map(([name, path]) => [
          name,
          Config.String(`${prefix}_${name.toUpperCase()}_PATH`).pipe(Config.withDefault(path))
        ])
      )
    ),
    timeoutMs: positiveInt(`${prefix}_TIMEOUT_MS`, timeoutMs),
    credentials: partnerRegistryIds.includes(registry) ? partnerCredentials(prefix) : Config.succeed(undefined)
  }).pipe(Config.map(({ credentials, ...rest }) => (credentials === undefined ? rest : { ...rest, credentials })))
}

/** KYB_REGISTRY_LIVE: "all" (default), "none", or a comma list of live registry ids and "gleif" (gleif/gleifConfig.ts). */
const enabled = Config.String("KYB_REGISTRY_LIVE").pipe(
  Config.withDefault("all"),
  Config.mapEffect((value) => {
    const wanted = value.split(",").map((part) => part.trim().toLowerCase()).filter((part) => part.length > 0)
    const unknown = wanted.filter((part) => part !== "all" && part !== "none" && part !== "gleif" && !isLiveRegistryId(part))
    if (unknown.length > 0) {
      return Effect.fail(invalidConfig("KYB_REGISTRY_LIVE", `unknown live registries: ${unknown.join(", ")}`))
    }
    return Effect.succeed<ReadonlyArray<LiveRegistryId>>(
      wanted.includes("all") ? liveRegistryIds : liveRegistryIds.filter((id) => wanted.includes(id))
    )
  })
)

export const gatewaySettings: Config.Config<GatewaySettings> = Config.all({
  timeoutMs: positiveInt("KYB_REGISTRY_TIMEOUT_MS", 3_000),
  budgetMs: positiveInt("KYB_REGISTRY_BUDGET_MS", 4_000),
  backgroundMs: positiveInt("KYB_REGISTRY_BACKGROUND_MS", 20_000),
  retryDelayMs: positiveInt("KYB_REGISTRY_RETRY_DELAY_MS", 200),
  retries: Config.Int("KYB_REGISTRY_RETRIES").pipe(Config.withDefault(1)),
  breakerThreshold: positiveInt("KYB_REGISTRY_BREAKER_THRESHOLD", 5),
  breakerCooldownMs: positiveInt("KYB_REGISTRY_BREAKER_COOLDOWN_MS", 30_000),
  maxConcurrent: positiveInt("KYB_REGISTRY_MAX_CONCURRENCY", 4)
})

/**
 * "all" switches a partner registry on only when its credentials are configured; naming one without them is an
 * error (the operator asked for something that cannot run).
 */
const withPartners = Effect.fnUntraced(function*(wanted: ReadonlyArray<LiveRegistryId>, endpoints: Readonly<Record<LiveRegistryId, RegistryEndpoint>>) {
  const explicit = !(yield* liveListNamesAll)
  const missing = wanted.filter((id) => partnerRegistryIds.includes(id) && endpoints[id].credentials === undefined)
  if (explicit && missing.length > 0) {
    const names = missing.map((id) => `${envPrefix(id)}_USERNAME/_PASSWORD`).join(", ")
    return yield* Effect.fail(invalidConfig("KYB_REGISTRY_LIVE", `${missing.join(", ")} needs partner credentials (${names})`))
  }
  return wanted.filter((id) => !missing.includes(id))
})

const partnerCredentials = (prefix: string): Config.Config<PartnerCredentials | undefined> =>
  partnerCredentialParts(prefix).pipe(Config.mapEffect((parts) => {
    const credentials = partnerCredentialsOf(parts)
    return credentials === "half"
      ? Effect.fail(invalidConfig(`${prefix}_USERNAME`, `${prefix}_USERNAME and ${prefix}_PASSWORD are set together`))
      : Effect.succeed(credentials)
  }))

const liveListNamesAll = Config.String("KYB_REGISTRY_LIVE").pipe(
  Config.withDefault("all"),
  Config.map((value) => value.split(",").some((part) => part.trim().toLowerCase() === "all"))
)

export const liveConfig: Effect.Effect<LiveConfig, Config.ConfigError> = Effect.gen(function*() {
  const gateway = yield* gatewaySettings
  const endpoints = yield* Config.all(
    Object.fromEntries(liveRegistryIds.map((id) => [id, endpoint(id, gateway.timeoutMs)])) as Record<
      LiveRegistryId,
      Config.Config<RegistryEndpoint>
    >
  )
  return {
    gateway,
    endpoints,
    enabled: yield* withPartners(yield* enabled, endpoints),
    userAgent: yield* Config.String("KYB_REGISTRY_USER_AGENT").pipe(Config.withDefault(defaultUserAgent))
  }
})
