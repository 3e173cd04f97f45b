import { SqlClient } from "effect/sql"
import { Effect, Context, Layer } from "effect"

/** A name query as the live-search cache remembers it: its normalised text and its scope (a country, or all). */
export interface LiveSearchKey {
  readonly query: string
  readonly scope: string
}

/** The queries every live registry of their scope answered, and when (`live_search_cache`). */
export class LiveSearchCache extends Context.Service<LiveSearchCache>()("kyb/LiveSearchCache", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const askedWithin = (key: LiveSearchKey, ttlSeconds: number) =>
      sql<{ fresh: boolean }>`SELECT EXISTS (SELECT 1 FROM live_search_cache
        WHERE query_norm = ${key.query} AND scope = ${key.scope}
          AND searched_at > now() - make_interval(secs => ${ttlSeconds})) AS fresh`.pipe(
        Effect.map((rows) => rows[0]?.fresh === true)
      )

    const remember = (key: LiveSearchKey, found: number) =>
      sql`INSERT INTO live_search_cache (query_norm, scope, searched_at, found)
        VALUES (${key.query}, ${key.scope}, now(), ${found})
        ON CONFLICT (query_norm, scope) DO UPDATE SET searched_at = excluded.searched_at, found = excluded.found`.pipe(Effect.asVoid)

    return { askedWithin, remember } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
