import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as path from "node:path"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { listsDir } from "./paths.js"
import { bearer, call } from "../support/http.js"
import { listsIndexed } from "../support/listsIndexed.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import { callTool, connect } from "../mcp/mcpClient.js"

interface Factor { factor: string; detail: string }
interface Hit { list: string; entry_id: string; score: number; explanation: { summary: string; factors: ReadonlyArray<Factor> } }
interface Verdict { sanctions: { result: string; hits: ReadonlyArray<Hit> } }

describe("issue 51 items 2, 3 and its also, issue 53 item 13, through POST /v1/verify and MCP on the real lists", () => {
  layer(makeTestServer({ SANCTIONS_POLL_INTERVAL: "200 millis" }), { timeout: "180 seconds", excludeTestServices: true })((it) => {
    it.effect("initials, abbreviations, the other language, one entity once, explanations in words", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        yield* ingestSanctions(["ofac-sdn", "ofac-consolidated", "un"].map((d) => path.join(listsDir, d))).pipe(Effect.orDie)
        const headers = { ...bearer(yield* server.newKey({ plan: "unlimited" })), "content-type": "application/json" }
        const verify = (body: Record<string, string>) =>
          Effect.promise(() => call(`${server.url}/v1/verify`, { method: "POST", headers, body: JSON.stringify(body) })).pipe(
            Effect.map((r) => {
              assert.strictEqual(r.status, 200, r.text)
              return { verdict: r.body as Verdict, text: r.text }
            })
          )
        yield* listsIndexed(server.url, ["ofac_sdn", "ofac_consolidated", "un_sc"], "90 seconds")
        const factors = (hit: Hit | undefined) => hit?.explanation.factors.map((f) => f.factor) ?? []

        // Initials: found with the country, never as a match; alone they are not reported.
        const initials = (yield* verify({ name: "KMDTC", country: "KP" })).verdict
        assert.strictEqual(initials.sanctions.result, "potential_match")
        const kmdtc = initials.sanctions.hits.find((h) => ["9345", "KPe.001"].includes(h.entry_id) && factors(h).includes("initials"))
        assert.isDefined(kmdtc, JSON.stringify(initials.sanctions.hits.slice(0, 2)))
        assert.include(factors(kmdtc), "initials_country")
        assert.strictEqual((yield* verify({ name: "KMDTC" })).verdict.sanctions.result, "clear")

        // An abbreviation and its word.
        const abbreviated = (yield* verify({ name: "KOREA RYONBONG GEN. CORP." })).verdict
        assert.strictEqual(abbreviated.sanctions.result, "match")
        assert.include(abbreviated.sanctions.hits[0]!.explanation.factors.map((f) => f.detail), "\"GEN.\" = \"GENERAL\" (an abbreviation and its word)")

        // The other language: a weaker signal, for review, saying which word was taken as a translation.
        const other = (yield* verify({ name: "Banco Maskan" })).verdict
        assert.strictEqual(other.sanctions.result, "potential_match")
        const maskan = other.sanctions.hits.find((h) => h.list === "ofac_sdn" && h.entry_id === "4633")!
        assert.isBelow(maskan.score, 0.9)
        assert.include(maskan.explanation.factors.map((f) => f.detail), "\"Banco\" taken as a translation of \"BANK\" (0.82)")

        // One entity once: the entry named as written leads, the other list's entry follows as linked.
        const qaida = (yield* verify({ name: "AL-QAIDA" })).verdict.sanctions.hits
        assert.deepStrictEqual(qaida.slice(0, 2).map((h) => `${h.list}:${h.entry_id}`), ["un_sc:QDe.004", "ofac_sdn:6366"])
        assert.strictEqual(factors(qaida[1])[0], "linked_entry")
        assert.strictEqual(new Set(qaida.map((h) => `${h.list}:${h.entry_id}`)).size, qaida.length)

        // Words only, as the list wrote them: never "#co".
        const glbc = yield* verify({ name: "GREAT LAKES BUSINESS CO LTD" })
        assert.notMatch(JSON.stringify(glbc.verdict.sanctions.hits.map((h) => h.explanation)), /#/)
        assert.match(glbc.verdict.sanctions.hits[0]!.explanation.summary, /^"GREAT LAKES BUSINESS CO LTD" against "GREAT LAKES BUSINESS COMPANY"/)

        // The same classes through MCP (streamable HTTP): screen_name finds them as /v1/verify does.
        const mcpHits = (name: string, country?: string) =>
          Effect.scoped(Effect.gen(function*() {
            const client = yield* connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers } }))
            const screening = yield* callTool(client, "screen_name", { name, kind: "organisation", ...(country === undefined ? {} : { country }) })
            return screening["hits"] as ReadonlyArray<Hit>
          }))
        assert.isTrue((yield* mcpHits("KMDTC", "KP")).some((h) => ["9345", "KPe.001"].includes(h.entry_id) && factors(h).includes("initials")))
        assert.include((yield* mcpHits("Banco Maskan")).find((h) => h.entry_id === "4633")?.explanation.factors.map((f) => f.detail) ?? [],
          "\"Banco\" taken as a translation of \"BANK\" (0.82)")
        assert.include((yield* mcpHits("KOREA RYONBONG GEN. CORP."))[0]!.explanation.factors.map((f) => f.detail), "\"GEN.\" = \"GENERAL\" (an abbreviation and its word)")
      }), 300_000)
  })
})
