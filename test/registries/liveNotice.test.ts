import { assert, describe, it } from "@effect/vitest"
import { ConfigProvider, Effect, Logger, References } from "effect"
import { logLiveRegistries } from "../../src/registries/liveNotice.js"

/** The start's one line on what leaves the machine (issue 42 item 6): which registries, which hosts, how to stop it. */
const linesLogged = (env: Record<string, string>) =>
  Effect.gen(function*() {
    const lines: Array<string> = []
    const collecting = Logger.make(({ fiber, message }) => {
      const fields = Object.entries(fiber.getRef(References.CurrentLogAnnotations)).map(([k, v]) => `${k}=${String(v)}`).join(" ")
      lines.push(`${[message].flat().join(" ")} ${fields}`.trim())
    })
    yield* logLiveRegistries.pipe(
      Effect.provideService(ConfigProvider.ConfigProvider, ConfigProvider.fromEnv({ env })),
      Effect.provide(Logger.layer([collecting]))
    )
    return lines
  })

describe("the start's line on live registries", () => {
  it.effect("by default: every live registry with its public host, and KYB_REGISTRY_LIVE=none to turn them off", () =>
    Effect.gen(function*() {
      const lines = yield* linesLogged({})
      assert.strictEqual(lines.length, 1)
      const line = lines[0]!
      assert.include(line, "on a miss, the live registries are asked")
      for (const host of ["ng-cac authapp.cac.gov.ng", "tz-brela ors.brela.go.tz", "zm-pacra xatu.pacra.org.zm:8344",
        "mu-cbrd onlinesearch.mns.mu", "tn-rne www.registre-entreprises.tn", "gleif api.gleif.org"]) assert.include(line, host)
      assert.include(line, "turn_off=KYB_REGISTRY_LIVE=none")
    }))

  it.effect("names the configured hosts and only the enabled registries", () =>
    Effect.gen(function*() {
      const [line] = yield* linesLogged({ KYB_REGISTRY_LIVE: "ng-cac", KYB_REGISTRY_NG_CAC_URL: "http://127.0.0.1:4101" })
      assert.match(line!, /registries=ng-cac 127\.0\.0\.1:4101(?: |$)/)
      assert.notInclude(line, "tz-brela")
      assert.notInclude(line, "gleif")
    }))

  it.effect("GLEIF alone (KYB_REGISTRY_LIVE=gleif): named with its configured host", () =>
    Effect.gen(function*() {
      const [line] = yield* linesLogged({ KYB_REGISTRY_LIVE: "gleif", KYB_GLEIF_URL: "http://127.0.0.1:4199/api/v1" })
      assert.match(line!, /registries=gleif 127\.0\.0\.1:4199(?: |$)/)
    }))

  it.effect("KYB_REGISTRY_LIVE=none: says nothing leaves the machine", () =>
    Effect.gen(function*() {
      const lines = yield* linesLogged({ KYB_REGISTRY_LIVE: "none" })
      assert.deepStrictEqual(lines, ["live registries off (KYB_REGISTRY_LIVE=none): no lookup leaves this machine"])
    }))
})
