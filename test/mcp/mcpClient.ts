import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js"
import { assert } from "@effect/vitest"
import { Effect } from "effect"
import { call } from "../support/http.js"

/** A process started on a busy machine may take long to answer its first request: no test depends on a deadline. */
export const LONG = 240_000

export const toolNames = [
  "get_check", "get_company", "get_company_awards", "list_review_queue", "record_decision", "search_companies", "verify_business"
]

export const connect = (transport: Transport) =>
  Effect.acquireRelease(
    Effect.promise(async () => {
      const client = new Client({ name: "kyb-test", version: "1.0.0" })
      await client.connect(transport, { timeout: LONG })
      return client
    }),
    (client) => Effect.promise(() => client.close())
  )

/** A tool's structured content; the SDK client has already checked it against the tool's output schema. */
export const callTool = (client: Client, name: string, args: Record<string, unknown>) =>
  Effect.promise(() => client.callTool({ name, arguments: args }, undefined, { timeout: LONG })).pipe(
    Effect.map((result) => {
      assert.notStrictEqual(result.isError, true, JSON.stringify(result.content))
      assert.deepStrictEqual(JSON.parse((result.content as ReadonlyArray<{ text: string }>)[0]!.text), result.structuredContent)
      return result.structuredContent as Record<string, unknown>
    })
  )

export const rest = (url: string, secret: string, route: string, init: { method?: string; body?: unknown } = {}) =>
  Effect.promise(() =>
    call(`${url}${route}`, {
      method: init.method ?? "GET",
      headers: { authorization: `Bearer ${secret}`, ...(init.body === undefined ? {} : { "content-type": "application/json" }) },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) })
    })
  )

/** A verdict without what differs between two verifications of the same input: its check and its time. */
export const verdictFacts = (verdict: Record<string, unknown>) => {
  const { check_id: _id, checked_at: _at, ...facts } = verdict
  return facts
}

interface Hit { list: string; entry_id: string; explanation: { summary: string } }
interface QueueItem { check_id: string; undecided_hits: ReadonlyArray<Hit> }

/**
 * The same facts over MCP as over /v1 for every tool, with one key: search, record, awards (paged), a verification
 * (its evidence and hit explanations as structured content), its check, the review queue before and after a decision.
 */
export const sameFactsAsRest = (client: Client, url: string, secret: string, companies: { readonly awardsOf: string }) =>
  Effect.gen(function*() {
    const { tools } = yield* Effect.promise(() => client.listTools(undefined, { timeout: LONG }))
    assert.deepStrictEqual(tools.map((t) => t.name).sort(), toolNames)
    for (const tool of tools) {
      assert.strictEqual(tool.inputSchema.type, "object")
      assert.strictEqual(tool.outputSchema?.type, "object")
      assert.strictEqual(tool.annotations?.readOnlyHint, tool.name !== "record_decision", tool.name)
    }

    const search = yield* callTool(client, "search_companies", { q: "dangote", country: "NG", limit: 5 })
    assert.deepStrictEqual(search, (yield* rest(url, secret, "/v1/search?q=dangote&country=NG&limit=5")).body)
    assert.strictEqual(search["count"], 1)

    const record = yield* callTool(client, "get_company", { country: "ng", registration_no: "RC-208767" })
    assert.deepStrictEqual(record, (yield* rest(url, secret, "/v1/company/NG/RC%20208767")).body)

    const awards = yield* callTool(client, "get_company_awards", { country: "NG", registration_no: companies.awardsOf, limit: 2, offset: 1 })
    const awardsRoute = `/v1/company/NG/${encodeURIComponent(companies.awardsOf)}/awards`
    assert.deepStrictEqual(awards, (yield* rest(url, secret, `${awardsRoute}?limit=2&offset=1`)).body)
    assert.strictEqual(awards["count"], 3)
    assert.deepStrictEqual((awards["awards"] as ReadonlyArray<{ date: string }>).map((a) => a.date), ["2011-11-30", "2011-01-09"])

    const verdict = yield* callTool(client, "verify_business", { name: "Banco Nacional de Cuba" })
    const restVerdict = (yield* rest(url, secret, "/v1/verify", { method: "POST", body: { name: "Banco Nacional de Cuba" } })).body as Record<string, unknown>
    assert.deepStrictEqual(verdictFacts(verdict), verdictFacts(restVerdict))
    assert.strictEqual(verdict["result"], "review")
    const hits = (verdict["sanctions"] as { hits: ReadonlyArray<Hit> }).hits
    assert.isTrue(hits.some((h) => h.entry_id === "306" && h.explanation.summary.length > 0))

    const check = yield* callTool(client, "get_check", { id: verdict["check_id"] })
    assert.deepStrictEqual(check, (yield* rest(url, secret, `/v1/checks/${String(verdict["check_id"])}`)).body)
    assert.deepStrictEqual((check as { verdict: unknown }).verdict, verdict)

    const queue = (yield* callTool(client, "list_review_queue", {}))["checks"] as ReadonlyArray<QueueItem>
    assert.deepStrictEqual(queue.map((c) => c.check_id), [verdict["check_id"], restVerdict["check_id"]], "oldest first")
    assert.deepStrictEqual(queue[0]!.undecided_hits.map((h) => h.entry_id), hits.map((h) => h.entry_id))
    const firstPage = yield* callTool(client, "list_review_queue", { limit: 1 })
    const secondPage = yield* callTool(client, "list_review_queue", { limit: 1, cursor: firstPage["next_cursor"] })
    assert.deepStrictEqual([...firstPage["checks"] as ReadonlyArray<QueueItem>, ...secondPage["checks"] as ReadonlyArray<QueueItem>].map((c) => c.check_id), queue.map((c) => c.check_id))
    assert.isNull(secondPage["next_cursor"])

    const decided = hits.map((h) => ({ list: h.list, entry_id: h.entry_id }))
    for (const hit of decided) {
      const decision = yield* callTool(client, "record_decision", { name: "Banco Nacional de Cuba", ...hit, decision: "false_positive" })
      const listed = (yield* rest(url, secret, "/v1/decisions")).body as { decisions: ReadonlyArray<Record<string, unknown>> }
      assert.deepStrictEqual(listed.decisions[0], decision)
    }
    assert.deepStrictEqual((yield* callTool(client, "list_review_queue", {}))["checks"], [], "every hit decided: the queue is empty")
    const after = yield* callTool(client, "verify_business", { name: "Banco Nacional de Cuba" })
    assert.isTrue((after["sanctions"] as { hits: ReadonlyArray<{ dismissed: boolean }> }).hits.every((h) => h.dismissed))
  })
