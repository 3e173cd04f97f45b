import { assert, describe, layer } from "@effect/vitest"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import { Context, Effect, Layer, Option } from "effect"
import { Statement } from "effect/sql"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import { bearer, call } from "../support/http.js"
import { syntheticZaCompany } from "../support/requestStatements.js"
import { makeTestServer, TestServer } from "../support/server.js"

// What a /v1 handler runs with (issue 56): the request's context, copied into a new map by every provideContext on
// the way, and the services its group names. Not the server's ~30 other services (each request copied them all, more
// than once), nor what its group was built beside (the router). Read off the fiber that runs the handler's statements.
const seen: Array<ReadonlyArray<string>> = []
const transformer: Statement.Transformer = (self, _sql, fiber) =>
  Effect.sync(() => {
    if (Option.isSome(Context.getOption(fiber.context, HttpServerRequest.HttpServerRequest))) seen.push([...fiber.context.mapUnsafe.keys()])
    return self
  })

// The request's own (the key, its quota decision, the caller for the refusal audit, the reads' own-writes marker) and
// what the test server provides beside the application (the embedded database, the key issuer, the record writer).
const requestAndHarness = ["kyb/CurrentApiKey", "kyb/QuotaAdmission", "kyb/RequestCaller", "kyb/ReadSql/OwnWrites", "kyb/EmbeddedDatabase", "kyb/ApiKeys", "kyb/CompanyWriter"]
const guard = ["kyb/Authentication", "kyb/QuotaGuard"]

const company = syntheticZaCompany("1994/009584/06", "Handler Context Test Holdings Limited (synthetic)")

describe("a /v1 handler's context", () => {
  const server = makeTestServer().pipe(Layer.provide(Layer.succeed(Statement.CurrentTransformer, transformer)))
  layer(server, { timeout: "240 seconds", excludeTestServices: true })((it) => {
    const routes = [
      { path: "/v1/company/ZA/1994%2F009584%2F06", named: ["kyb/CompanyLookup", "kyb/Awards"] },
      { path: "/v1/search?q=handler%20context&country=ZA", named: ["kyb/CompanySearch"] }
    ]
    for (const route of routes) {
      it.effect(`holds the services of its group only: GET ${route.path}`, () =>
        Effect.gen(function*() {
          const { url, newKey } = yield* TestServer
          yield* (yield* CompanyWriter).upsertBatch([company]).pipe(Effect.orDie)
          const headers = bearer(yield* newKey({ plan: "unlimited" }))
          seen.length = 0
          const reply = yield* Effect.promise(() => call(`${url}${route.path}`, { headers }))
          assert.strictEqual(reply.status, 200, reply.text)
          assert.isAbove(seen.length, 0, "no statement ran with the request's context")
          const allowed = new Set([...requestAndHarness, ...guard, ...route.named])
          for (const keys of seen) {
            const extra = keys.filter((key) => key.startsWith("kyb/") && !allowed.has(key))
            assert.deepStrictEqual(extra, [], `services the handler's group does not name: ${extra.join(", ")}`)
            assert.notInclude(keys, HttpRouter.HttpRouter.key, "the group kept the context it was built in")
            for (const key of [...guard, ...route.named]) assert.include(keys, key)
          }
        }))
    }
  })
})
