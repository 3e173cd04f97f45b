import { assert, describe, layer } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import * as path from "node:path"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { fixturesDir } from "../sanctions/paths.js"
import { bearer, call } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)

interface Summary { id: string; reasons: ReadonlyArray<string> }
interface Page { cases: ReadonlyArray<Summary>; next_cursor: string | null }

/** Issue 55 follow-up 6 over HTTP: the queue sorted by how many reasons each case has open (its latest check's), paged by cursor. */
describe("the case queue by open reasons", () => {
  layer(makeTestServer({ SANCTIONS_POLL_INTERVAL: "200 millis" }), { timeout: "300 seconds", excludeTestServices: true })((it) => {
    it.effect("sort=reasons: most open reasons first (then by id), one page at a time by cursor; the same cases as the default order", () =>
      Effect.gen(function*() {
        yield* ingestSanctions([path.join(fixturesDir, "ofac-sdn")], { publishedOn: "2024-05-03" }).pipe(Effect.orDie)
        const server = yield* TestServer
        const headers = { ...bearer(yield* server.newKey({ plan: "unlimited" })), "content-type": "application/json" }
        const verify = (body: Record<string, string>) =>
          Effect.map(promise(() => call(`${server.url}/v1/verify`, { method: "POST", headers, body: JSON.stringify(body) })), (r) => r.body as { sanctions: { hits: ReadonlyArray<unknown> } })
        const page = (query: string) => Effect.map(promise(() => call(`${server.url}/v1/cases?${query}`, { headers })), (r) => {
          assert.strictEqual(r.status, 200, r.text)
          return r.body as Page
        })
        // a sanctioned name (a hit, and its registry not resolved), and names a registry does not cover, in review each
        yield* verify({ name: "Banco Nacional de Cuba" }).pipe(
          Effect.filterOrFail((v) => v.sanctions.hits.length > 0),
          Effect.retry(Schedule.spaced("200 millis").pipe(Schedule.upTo({ duration: "30 seconds" }))),
          Effect.orDie
        )
        for (const body of [{ name: "Kwame Cocoa Traders", country: "GH" }, { name: "Akosombo Synthetic Farms", country: "GH" }, { name: "Banco Nacional de Cuba", country: "CU" }]) yield* verify(body)

        const all = (yield* page("limit=100")).cases
        assert.isAtLeast(all.length, 3)
        assert.isAtLeast(new Set(all.map((c) => c.reasons.length)).size, 2, JSON.stringify(all.map((c) => c.reasons)))
        const expected = [...all].sort((a, b) => b.reasons.length - a.reasons.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((c) => c.id)

        const seen: Array<string> = []
        let cursor: string | null = null
        do {
          const next: Page = yield* page(`sort=reasons&limit=1${cursor === null ? "" : `&cursor=${encodeURIComponent(cursor)}`}`)
          seen.push(...next.cases.map((c) => c.id))
          cursor = next.next_cursor
        } while (cursor !== null && seen.length <= all.length)
        assert.deepStrictEqual(seen, expected)
        assert.deepStrictEqual((yield* page("sort=reasons&limit=100")).cases.map((c) => c.id), expected)
        const refused = yield* promise(() => call(`${server.url}/v1/cases?sort=reason`, { headers }))
        assert.strictEqual(refused.status, 400, refused.text)
      }))
  })
})
