import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { Statement } from "effect/sql"
import * as path from "node:path"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { fixturesDir } from "../sanctions/paths.js"
import { bearer, call } from "../support/http.js"
import { listsIndexed } from "../support/listsIndexed.js"
import { requestStatements } from "../support/requestStatements.js"
import { makeTestServer, TestServer } from "../support/server.js"

// Checks.getMany reads the decisions on a subject once for all the checks of that subject (a case's checks share
// theirs): a case file of three checks of one subject reads them in one statement, not three.
const statements = requestStatements()
const decisionsRead = /FROM decisions WHERE account_id = \S+ AND subject_key IN/

describe("a case file's checks (Checks.getMany)", () => {
  const server = makeTestServer({ SANCTIONS_POLL_INTERVAL: "200 millis" }).pipe(
    Layer.provide(Layer.succeed(Statement.CurrentTransformer, statements.transformer))
  )
  layer(server, { timeout: "240 seconds", excludeTestServices: true })((it) => {
    it.effect("read the decisions on their one subject once, whatever the number of checks", () =>
      Effect.gen(function*() {
        const { url, newKey } = yield* TestServer
        yield* ingestSanctions([path.join(fixturesDir, "ofac-sdn")], { publishedOn: "2024-05-03" }).pipe(Effect.orDie)
        yield* listsIndexed(url, [{ list: "ofac_sdn", version: "2024-05-03" }])
        const headers = bearer(yield* newKey({ plan: "unlimited" }))
        const verify = Effect.promise(() => call(`${url}/v1/verify`, {
          method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ name: "Banco Nacional de Cuba" })
        }))
        // Three review verdicts on one subject: one case of three checks.
        for (let i = 0; i < 3; i++) assert.strictEqual(((yield* verify).body as { result: string }).result, "review")
        const cases = (yield* Effect.promise(() => call(`${url}/v1/cases`, { headers }))).body as { cases: ReadonlyArray<{ id: string; check_count: number }> }
        assert.deepStrictEqual(cases.cases.map((c) => c.check_count), [3])

        const reply = yield* statements.during(Effect.promise(() => call(`${url}/v1/cases/${cases.cases[0]!.id}/file`, { headers })))
        assert.strictEqual(reply.status, 200, reply.text)
        const documents = (reply.body as { documents: ReadonlyArray<{ name: string }> }).documents
        assert.strictEqual(documents.filter((d) => d.name.startsWith("checks/")).length, 3)
        const reads = statements.noted.filter((text) => decisionsRead.test(text))
        assert.strictEqual(reads.length, 1, `statements of the case file:\n${statements.noted.join("\n---\n")}`)
      }))
  })
})
