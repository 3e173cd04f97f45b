import { assert, describe, layer } from "@effect/vitest"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import { Context, Effect, Layer, Option } from "effect"
import { Statement } from "effect/sql"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import type { CanonicalCompany } from "../../src/domain/CanonicalCompany.js"
import { bearer, call } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"

// The record's request path is two statements (the key found by its hash with the quota counted on the account; the
// record with its officers and owners): the speed it can reach is theirs. A third statement on the path is a
// regression this catches without timing anything.
const noted: Array<string> = []
let recording = false
// Only the request's own statements (its fiber holds the request): a background job (the webhook deliveries' poll)
// may run a statement of its own while the request is recorded.
const noteStatements: Statement.Transformer = (self, _sql, fiber) =>
  Effect.sync(() => {
    if (recording && Option.isSome(Context.getOption(fiber.context, HttpServerRequest.HttpServerRequest))) noted.push(self.compile()[0])
    return self
  })

const company: CanonicalCompany = {
  country: "ZA",
  registration_no: "1994/009584/06",
  legal_name: "Statement Count Test Holdings Limited (synthetic)",
  status: "active",
  source: "synthetic test record",
  source_kind: "registry",
  last_verified_at: new Date().toISOString(),
  officers: [{ name: "Synthetic Director", role: "director", appointed_on: "2015-03-01", resigned_on: null, nationality: "ZA" }]
}

describe("the record's request path", () => {
  const server = makeTestServer().pipe(Layer.provide(Layer.succeed(Statement.CurrentTransformer, noteStatements)))
  layer(server, { timeout: "240 seconds", excludeTestServices: true })((it) => {
    it.effect("runs two statements for GET /v1/company/{country}/{registration_no}", () =>
      Effect.gen(function*() {
        const { url, newKey } = yield* TestServer
        yield* (yield* CompanyWriter).upsertBatch([company]).pipe(Effect.orDie)
        const headers = bearer(yield* newKey({ plan: "unlimited" }))
        const get = () => call(`${url}/v1/company/ZA/1994%2F009584%2F06`, { headers })
        // Twice first: what the server loads once (plans, caches) is not the request path.
        yield* Effect.promise(get)
        yield* Effect.promise(get)
        recording = true
        const reply = yield* Effect.promise(get)
        recording = false
        assert.strictEqual(reply.status, 200, reply.text)
        assert.strictEqual(noted.length, 2, `statements on the path:\n${noted.join("\n---\n")}`)
      }))
  })
})
