import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as path from "node:path"
import { evaluate, formatReport, type VerdictJson } from "../../scripts/eval/evaluate.js"
import { entryCases, listEntities, negativeCases, positiveCases } from "../../scripts/eval/sets.js"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { listsDir, repoRoot } from "../sanctions/paths.js"
import { bearer } from "../support/http.js"
import { listsIndexed } from "../support/listsIndexed.js"
import { makeTestServer, TestServer } from "../support/server.js"

describe("the verdict evaluation, small, through the real HTTP path", () => {
  layer(makeTestServer({ SANCTIONS_POLL_INTERVAL: "200 millis" }), { timeout: "120 seconds", excludeTestServices: true })((it) => {
    it.effect("every exact list name sampled is flagged with its entry first; the report has both splits", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        yield* ingestSanctions(["ofac-sdn", "ofac-consolidated", "un"].map((d) => path.join(listsDir, d))).pipe(Effect.orDie)
        const headers = { ...bearer(yield* server.newKey({ plan: "unlimited" })), "content-type": "application/json" }
        const verify = async (input: Record<string, string>) => {
          const response = await fetch(`${server.url}/v1/verify`, { method: "POST", headers, body: JSON.stringify(input) })
          return response.status === 200 ? await response.json() as VerdictJson : { refused: String(response.status) }
        }
        yield* listsIndexed(server.url, ["ofac_sdn", "ofac_consolidated", "un_sc"])
        const entities = yield* listEntities(repoRoot).pipe(Effect.orDie)
        const originalScript = entryCases(entities, 0).filter((c) => c.kind === "original_script" && c.list === "un_sc")
        const positives = [...positiveCases(entities, 15), ...originalScript]
        const negatives = negativeCases(repoRoot, entities).cases.filter((_, i) => i % 40 === 0)
        const report = yield* Effect.promise(() => evaluate(verify, { positives, negatives, resolution: [] }, 4))
        for (const split of ["tune", "test"] as const) {
          for (const list of ["ofac_sdn", "ofac_consolidated", "un_sc"]) {
            const exact = report.screening[split][list]?.["exact"]
            if (exact === undefined) continue
            assert.strictEqual(exact.recall, 1, `${split} ${list}: ${formatReport(report)}`)
            assert.strictEqual(exact.top1, 1, `${split} ${list}`)
          }
        }
        // Every UN entity name in its original script, as the list writes it, is found.
        for (const split of ["tune", "test"] as const) assert.strictEqual(report.screening[split]["un_sc"]?.["original_script"]?.recall, 1, split)
        assert.isAbove(report.negatives.tune["all"]?.n ?? 0, 50)
        assert.deepStrictEqual(report.refused, [])
        assert.include(formatReport(report), "| source | tune n |")
      }), 300_000)
  })
})
