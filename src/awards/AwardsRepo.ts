import { SqlClient } from "effect/sql"
import { Effect, Option, Context, Layer } from "effect"
import type { AwardFields } from "../companies/ingest/procurement/award.js"
import { canonicalNumber, registryForCountry } from "../domain/registrationNumbers.js"
import { traced } from "../metrics/span.js"

/** An award as stored (the fields ingestion writes, without its country) and when it was ingested. */
export interface AwardRow extends Omit<AwardFields, "country"> {
  readonly ingested_at: string
}

/** The procurement awards matched to a stored company. */
export class AwardsRepo extends Context.Service<AwardsRepo>()("kyb/AwardsRepo", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    /** The company by its number in any separator style, its award count and one page of them; none: not held. */
    const page = (country: string, raw: string, options: { readonly limit: number; readonly offset: number }) =>
      Effect.gen(function*() {
        const registry = registryForCountry(country)
        if (registry === null) return Option.none()
        const companies = yield* sql<{ id: string; country: string; registration_no: string; count: number }>`
          SELECT c.id::text AS id, c.country::text AS country, c.registration_no,
            (SELECT count(*) FROM procurement_awards p WHERE p.matched_company_id = c.id)::int AS count
          FROM companies c WHERE c.registry_id = ${registry} AND c.registration_key = ${canonicalNumber(registry, raw).key}`
        const company = companies[0]
        if (company === undefined) return Option.none()
        const awards = company.count === 0 ? [] : yield* sql<AwardRow>`
          SELECT p.buyer, p.title, p.value::float8 AS value, p.currency, to_char(p.award_date, 'YYYY-MM-DD') AS date,
            p.supplier, p.ocid, p.source_url,
            to_char(p.ingested_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS ingested_at
          FROM procurement_awards p WHERE p.matched_company_id = ${company.id}::bigint
          ORDER BY p.award_date DESC NULLS LAST, p.id DESC
          LIMIT ${options.limit} OFFSET ${options.offset}`
        return Option.some({ company, awards })
      }).pipe(traced("AwardsRepo.page", () => ({ country })))

    return { page } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
