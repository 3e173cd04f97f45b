import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { readFileSync } from "node:fs"
import * as path from "node:path"
import { call } from "../support/http.js"
import { TestServer, TestServerLive } from "../support/server.js"
import { allowedDifferences } from "./baseline/allowedDifferences.js"
import { jsonDiff } from "./jsonDiff.js"

const baseline: unknown = JSON.parse(readFileSync(path.join(import.meta.dirname, "baseline", "openapi.effect3.json"), "utf8"))
const show = (u: unknown) => (u === undefined ? "(absent)" : JSON.stringify(u)?.slice(0, 160))

/** The contract does not move with the framework: /v1/openapi.json against the document served on Effect 3. */
describe("the OpenAPI document against its Effect 3 baseline", () => {
  layer(TestServerLive, { timeout: "90 seconds", excludeTestServices: true })((it) => {
    it.effect("differs only where a listed fix says so, and every listed fix still differs", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const reply = yield* Effect.promise(() => call(`${url}/v1/openapi.json`))
        assert.strictEqual(reply.status, 200)
        const differences = jsonDiff(baseline, reply.body)
        const unexplained = differences.filter((d) => !allowedDifferences.some((a) => a.pointers.test(d.pointer)))
        assert.deepStrictEqual(
          unexplained.map((d) => `${d.pointer}: ${show(d.before)} -> ${show(d.after)}`).slice(0, 200),
          [],
          `${unexplained.length} differences from the Effect 3 document that no listed fix explains`
        )
        const stale = allowedDifferences.filter((a) => !differences.some((d) => a.pointers.test(d.pointer)))
        assert.deepStrictEqual(stale.map((a) => a.why), [], "listed fixes that no longer differ")
      }))
  })
})
