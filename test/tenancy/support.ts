import { SqlClient } from "effect/sql"
import { assert } from "@effect/vitest"
import { Effect } from "effect"
import { bearer, call } from "../support/http.js"

export const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
export const get = (url: string, secret: string) => promise(() => call(url, { headers: bearer(secret) }))
export const post = (url: string, secret: string, body: unknown) =>
  promise(() => call(url, { method: "POST", headers: { ...bearer(secret), "content-type": "application/json" }, body: JSON.stringify(body) }))

/** The key row of a secret: its id and its account. */
export const keyIdOf = (secret: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => sql<{ id: string; account_id: string }>`
    SELECT id, account_id FROM api_keys WHERE secret_prefix = ${secret.slice(0, 13)} ORDER BY created_at DESC LIMIT 1`).pipe(
    Effect.map((rows) => rows[0]!),
    Effect.orDie
  )

/** Every id of a list, `limit` a page, following next_cursor (at most 1,000 pages); the pages and the largest in bytes. */
export const allPages = (url: string, secret: string, field: string, limit: number) =>
  Effect.gen(function*() {
    const ids: Array<string> = []
    let cursor: string | null = null
    let pages = 0
    let largest = 0
    do {
      const page = yield* get(`${url}${url.includes("?") ? "&" : "?"}limit=${limit}${cursor === null ? "" : `&cursor=${cursor}`}`, secret)
      assert.strictEqual(page.status, 200, page.text)
      largest = Math.max(largest, page.text.length)
      const body = page.body as Record<string, unknown>
      ids.push(...(body[field] as Array<Record<string, string>>).map((r) => r["id"] ?? r["event_id"]!))
      cursor = body["next_cursor"] as string | null
      pages++
    } while (cursor !== null && pages < 1_000)
    return { ids, pages, largest }
  })
