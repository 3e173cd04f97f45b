import { Effect } from "effect"
import { liveConfig } from "./liveConfig.js"
import { gleifConfig } from "./gleif/gleifConfig.js"

/**
 * What leaves the machine, said once at start: on a miss (a search, record or verification the store cannot answer)
 * the enabled live registries are asked, over HTTPS to their public hosts, with the name or number asked about.
 * One line; KYB_REGISTRY_LIVE=none turns them off.
 */
const hostOf = (url: string): string => {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}

export const logLiveRegistries = Effect.gen(function*() {
  const config = yield* liveConfig
  const gleif = yield* gleifConfig
  if (config.enabled.length === 0 && !gleif.enabled) {
    return yield* Effect.logInfo("live registries off (KYB_REGISTRY_LIVE=none): no lookup leaves this machine")
  }
  const hosts = [
    ...config.enabled.map((id) => `${id} ${hostOf(config.endpoints[id].baseUrl)}`),
    ...(gleif.enabled ? [`gleif ${hostOf(gleif.baseUrl)}`] : [])
  ]
  yield* Effect.logInfo("on a miss, the live registries are asked with the name or number looked up").pipe(
    Effect.annotateLogs({ registries: hosts.join(", "), turn_off: "KYB_REGISTRY_LIVE=none" })
  )
})
