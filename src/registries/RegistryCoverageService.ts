import { SqlClient } from "effect/sql"
import { Effect, Context, Layer } from "effect"
import { RegistriesResponse, RegistryCoverage, RegistrySource } from "../domain/schemas/Registry.js"
import { registryCatalog } from "./catalog.js"
import { coverageRow } from "./coverage/coverage.js"
import { gleifDescriptor } from "./gleif/descriptor.js"
import { GleifSource } from "./gleif/GleifSource.js"
import { type LiveRegistryStatus, LiveRegistries } from "./LiveRegistries.js"

interface CoverageRow {
  readonly registry_id: string
  readonly record_count: number
  readonly last_verified_at: string | null
}

/**
 * Live registries (adapter present and switched on): reachable while the breaker is closed and the last call
 * did not fail (a registry not yet called counts as reachable); not reachable while the breaker is open or
 * half-open, or after a failed call. Null for a registry without a live adapter or switched off.
 */
export const reachableOf = (status: LiveRegistryStatus | undefined): boolean | null =>
  status === undefined ? null : status.state === "closed" && status.consecutiveFailures === 0

/** The catalog with what the store holds per registry, and whether each live registry answers. */
export class RegistryCoverageService extends Context.Service<RegistryCoverageService>()("kyb/RegistryCoverageService", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const live = yield* LiveRegistries
    const gleifSource = yield* GleifSource
    // What GLEIF can do per country (asked live or not; "registered" only where its RA codes are mapped).
    const gleif = yield* Effect.orDie(gleifDescriptor)
    const coverage = sql<CoverageRow>`
      SELECT registry_id, count(*)::int AS record_count,
             to_char(max(last_verified_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_verified_at
      FROM companies GROUP BY registry_id`
    // Counting every company is a scan of the whole table: computed at most once a minute, reachability always live.
    const cachedCoverage = yield* Effect.cachedWithTTL(coverage.pipe(Effect.orDie), "60 seconds")
    const list = Effect.gen(function*() {
      const rows = new Map((yield* cachedCoverage).map((r) => [r.registry_id, r]))
      const statuses = new Map((yield* live.status()).map((s) => [s.registry as string, s]))
      const gleifAnswered = gleifSource.enabled ? (yield* gleifSource.snapshot).lastSuccessAt : null
      const input = {
        enabled: new Set(statuses.keys()),
        lastAnswered: new Map([...[...statuses].map(([id, s]) => [id, s.lastSuccessAt] as const), ["gleif", gleifAnswered] as const]),
        gleif
      }
      return new RegistriesResponse({
        registries: registryCatalog.map((registry) => {
          const row = coverageRow(registry, input)
          return new RegistryCoverage({
            id: registry.id,
            country: registry.country,
            name: registry.name,
            identifier_scheme: registry.identifierScheme,
            url: registry.publicUrl,
            live: registry.live,
            reachable: reachableOf(statuses.get(registry.id)),
            coverage: statuses.has(registry.id) ? "live" : "registry_not_covered",
            record_count: rows.get(registry.id)?.record_count ?? 0,
            last_verified_at: rows.get(registry.id)?.last_verified_at ?? null,
            asked_live: row.askedLive,
            confirms_live: row.confirmsLive,
            terms: row.terms,
            access_note: row.note,
            last_answered_at: statuses.get(registry.id)?.lastSuccessAt ?? null,
            sources: row.sources.map(({ lastAnsweredAt, ...source }) =>
              new RegistrySource({ ...source, last_answered_at: lastAnsweredAt }))
          })
        })
      })
    })
    return { list } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([LiveRegistries.Default, GleifSource.Default]))
}
