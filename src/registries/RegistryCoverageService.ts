import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { RegistriesResponse, RegistryCoverage } from "../api/schemas/Registry.js"
import { registryCatalog } from "./catalog.js"

interface CoverageRow {
  readonly registry_id: string
  readonly record_count: number
  readonly last_verified_at: string | null
}

/** The catalog with what the store holds per registry. */
export class RegistryCoverageService extends Effect.Service<RegistryCoverageService>()("kyb/RegistryCoverageService", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const coverage = sql<CoverageRow>`
      SELECT registry_id, count(*)::int AS record_count,
             to_char(max(last_verified_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_verified_at
      FROM companies GROUP BY registry_id`
    const list = Effect.gen(function*() {
      const rows = new Map((yield* coverage.pipe(Effect.orDie)).map((r) => [r.registry_id, r]))
      return new RegistriesResponse({
        registries: registryCatalog.map((registry) =>
          new RegistryCoverage({
            id: registry.id,
            country: registry.country,
            name: registry.name,
            identifier_scheme: registry.identifierScheme,
            url: registry.publicUrl,
            live: registry.live,
            reachable: null,
            record_count: rows.get(registry.id)?.record_count ?? 0,
            last_verified_at: rows.get(registry.id)?.last_verified_at ?? null
          })
        )
      })
    })
    return { list, coverage } as const
  })
}) {}
