import type { SqlClient } from "@effect/sql"
import { Duration, Effect, Option } from "effect"
import type { CompanyWriter } from "../companies/CompanyWriter.js"
import type { CanonicalCompany } from "../domain/CanonicalCompany.js"
import { registryForCountry, registryIds } from "../domain/registrationNumbers.js"
import type { LiveRegistries } from "../registries/LiveRegistries.js"
import type { SearchQuery } from "./searchQuery.js"

/** What asking the live registries gave: who was asked, who failed, how many records were stored. */
export interface LiveOutcome {
  readonly checked: ReadonlyArray<string>
  readonly unreachable: ReadonlyArray<string>
  readonly stored: number
}

const ALL_COUNTRIES = "*"

/**
 * Search on a miss (spec 4.1 rule 4): when the store holds nothing for a query, the live registries of its scope
 * are asked; what they return is stored (source kind live) and the query remembered, so that the same query
 * within `ttl` is answered from the store without calling a registry. A miss is only remembered when every
 * registry asked answered; a late answer (past the request budget) is stored when it arrives.
 */
export const makeLiveMiss = (deps: {
  readonly sql: SqlClient.SqlClient
  readonly live: LiveRegistries
  readonly writer: CompanyWriter
  readonly ttl: Duration.Duration
}) => {
  const { live, sql, writer } = deps
  const ttlSeconds = Duration.toSeconds(deps.ttl)

  const keyOf = (q: SearchQuery) => ({ query: q.normalized === "" ? q.lower : q.normalized, scope: q.country ?? ALL_COUNTRIES })

  const recentlyAsked = (key: { readonly query: string; readonly scope: string }) =>
    sql<{ fresh: boolean }>`SELECT EXISTS (SELECT 1 FROM live_search_cache
      WHERE query_norm = ${key.query} AND scope = ${key.scope}
        AND searched_at > now() - make_interval(secs => ${ttlSeconds})) AS fresh`.pipe(
      Effect.map((rows) => rows[0]?.fresh === true)
    )

  const remember = (key: { readonly query: string; readonly scope: string }, found: number) =>
    sql`INSERT INTO live_search_cache (query_norm, scope, searched_at, found)
      VALUES (${key.query}, ${key.scope}, now(), ${found})
      ON CONFLICT (query_norm, scope) DO UPDATE SET searched_at = excluded.searched_at, found = excluded.found`

  const store = (records: ReadonlyArray<CanonicalCompany>) =>
    records.length === 0
      ? Effect.succeed(0)
      : writer.upsertBatch(records.map((r) => ({ ...r, source_kind: "live" as const }))).pipe(
        Effect.map((result) => result.inserted + result.updated + result.unchanged)
      )

  /** None when no live registry covers the scope or the query was asked within the TTL. */
  const ask = (q: SearchQuery) =>
    Effect.gen(function*() {
      const scope = q.country === undefined ? registryIds : [registryForCountry(q.country)].filter((r) => r !== null)
      if (!scope.some((id) => (live.liveRegistries as ReadonlyArray<string>).includes(id))) return Option.none<LiveOutcome>()
      const key = keyOf(q)
      if (yield* recentlyAsked(key)) return Option.none<LiveOutcome>()
      const result = yield* live.search(q.text, scope, {
        onLate: (_, records) => store(records).pipe(Effect.ignore)
      })
      if (result.checked.length === 0) return Option.none<LiveOutcome>()
      const stored = yield* store(result.records)
      if (result.unreachable.length === 0) yield* remember(key, result.records.length)
      return Option.some<LiveOutcome>({ checked: result.checked, unreachable: result.unreachable, stored })
    }).pipe(Effect.withSpan("CompanySearch.liveMiss"))

  return { ask } as const
}
