import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { Statement } from "effect/sql"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import { bearer, call } from "../support/http.js"
import { requestStatements, syntheticZaCompany } from "../support/requestStatements.js"
import { makeTestServer, TestServer } from "../support/server.js"

// The record's request path is two statements (the key found by its hash with the quota counted on the account; the
// record with its officers and owners): the speed it can reach is theirs. A third statement on the path is a
// regression this catches without timing anything.
const statements = requestStatements()
const company = syntheticZaCompany("1994/009584/06", "Statement Count Test Holdings Limited (synthetic)")

describe("the record's request path", () => {
  const server = makeTestServer().pipe(Layer.provide(Layer.succeed(Statement.CurrentTransformer, statements.transformer)))
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
        const reply = yield* statements.during(Effect.promise(get))
        assert.strictEqual(reply.status, 200, reply.text)
        assert.strictEqual(statements.noted.length, 2, `statements on the path:\n${statements.noted.join("\n---\n")}`)
      }))
  })
})
