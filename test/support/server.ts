import * as HttpServer from "effect/http/HttpServer"
import type { SqlClient } from "effect/sql"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { ConfigProvider, Context, Effect, Layer, Redacted, References } from "effect"
import { ApiKeys } from "../../src/access/ApiKeys.js"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import type { KeyScope } from "../../src/domain/keyScope.js"
import type { Plan } from "../../src/domain/quotaWindow.js"
import { createKybServer } from "../../src/http/edge/nodeServer.js"
import { HttpAppLive } from "../../src/http/Server.js"
import { TestDatabase } from "./testDatabase.js"
import type { PgClient } from "@effect/sql-pg"

export interface TestServerShape {
  /** http://127.0.0.1:<port> of a real server on a loopback port. */
  readonly url: string
  /** Issues a key and returns its secret: for an account of its own, or for the account `accountId`. */
  readonly newKey: (options?: {
    readonly plan?: Plan
    readonly quota?: number | null
    readonly accountId?: string
    readonly scope?: KeyScope
  }) => Effect.Effect<string>
  readonly revokeKey: (secret: string) => Effect.Effect<void>
}

export class TestServer extends Context.Service<TestServer, TestServerShape>()("test/TestServer") {}

const ServerOnLoopback = NodeHttpServer.layer(createKybServer, { port: 0, host: "127.0.0.1" })

const make = Effect.gen(function*() {
  const server = yield* HttpServer.HttpServer
  const keys = yield* ApiKeys
  if (server.address._tag === "UnixPathAddress") return yield* Effect.die(new Error("expected a TCP address"))
  const ids = new Map<string, string>()
  return TestServer.of({
    url: `http://127.0.0.1:${server.address.port}`,
    newKey: (options) =>
      keys.create({
        plan: options?.plan ?? "free", quota: options?.quota ?? null, label: "test",
        ...(options?.accountId === undefined ? {} : { accountId: options.accountId }),
        ...(options?.scope === undefined ? {} : { scope: options.scope })
      }).pipe(
        Effect.map(({ id, secret }) => {
          ids.set(Redacted.value(secret), id)
          return Redacted.value(secret)
        }),
        Effect.orDie
      ),
    revokeKey: (secret) => keys.revoke(ids.get(secret) ?? "").pipe(Effect.asVoid, Effect.orDie)
  })
})

/** Test configuration over the environment: live registries off unless a test names its fakes. */
export const testConfig = (config: Readonly<Record<string, string>> = {}) =>
  ConfigProvider.layer(
    ConfigProvider.fromUnknown({ KYB_REGISTRY_LIVE: "none", ...config }).pipe(ConfigProvider.orElse(ConfigProvider.fromEnv()))
  )

/**
 * A real server on a loopback port over a fresh database. Live registries are off unless `config` points them
 * somewhere (tests never reach a public registry): e.g. `{ KYB_REGISTRY_LIVE: "ng-cac", KYB_REGISTRY_NG_CAC_URL: fake.url }`.
 */
export const makeTestServer = (
  config: Readonly<Record<string, string>> = {},
  database: Layer.Layer<SqlClient.SqlClient | PgClient.PgClient> = TestDatabase.layer
) =>
  Layer.effect(TestServer, make).pipe(
    Layer.provideMerge(HttpAppLive),
    Layer.provideMerge(ServerOnLoopback),
    Layer.provideMerge(Layer.merge(ApiKeys.Default, CompanyWriter.Default)),
    Layer.provideMerge(database),
    Layer.provide(Layer.succeed(References.MinimumLogLevel, process.env["KYB_TEST_LOG"] === "info" ? "Info" : "Error")),
    Layer.provide(testConfig(config))
  )

export const TestServerLive = makeTestServer()
