import { SqlClient } from "effect/sql"
import { Effect, Context, Layer } from "effect"
import { type LeftGroup, linkRecords } from "../../domain/companyLinks.js"
import { canonicalNumber, isRegistryId } from "../../domain/registrationNumbers.js"
import { REFERENCE_REGISTRY } from "../write/identity.js"
import { identifiersOfStored } from "../write/storedColumns.js"

interface LinkRow {
  readonly id: string
  readonly country: string
  readonly registry_id: string
  readonly registration_key: string
  readonly name_norm: string
  readonly from_registry: boolean
  readonly identifiers: string
}

export interface LinkReport {
  readonly records: number
  readonly linked: number
  readonly businesses: number
  readonly byReason: Readonly<Record<string, number>>
  readonly left: ReadonlyArray<LeftGroup>
}

/** A registration-number identifier's key as the store keys numbers in that registry; null for other schemes. */
const registryKey = (scheme: string, value: string) => {
  const s = scheme.toLowerCase()
  return isRegistryId(s) ? `${s}:${canonicalNumber(s, value).key}` : null
}

/**
 * Links the stored records of one business from different sources (src/domain/companyLinks.ts) and stores the links
 * (company_links: record -> the business's primary record, with the reason and the shared value), replacing the
 * previous ones in one transaction. Generated (synthetic) records are never linked. Run after loading data (the demo,
 * `kyb link`); reads and the verdict follow the links (a linked record answers as its business).
 */
export class CompanyLinker extends Context.Service<CompanyLinker>()("kyb/CompanyLinker", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const relink = Effect.gen(function*() {
      const rows = yield* sql<LinkRow>`
        SELECT id::text AS id, country::text AS country, registry_id, registration_key, name_norm,
          registry_evidence IS NOT NULL AS from_registry, identifiers::text AS identifiers
        FROM companies WHERE source_kind <> 'synthetic' ORDER BY id`
      const { links, left } = linkRecords(rows.map((r) => ({
        id: r.id,
        country: r.country,
        registrationKey: r.registry_id === REFERENCE_REGISTRY ? null : `${r.registry_id}:${r.registration_key}`,
        fromRegistry: r.from_registry,
        nameNorm: r.name_norm,
        identifiers: identifiersOfStored(r.identifiers)
      })), registryKey)
      yield* sql.withTransaction(Effect.gen(function*() {
        yield* sql`DELETE FROM company_links`
        if (links.length > 0) {
          yield* sql`INSERT INTO company_links (company_id, primary_id, reason, detail)
            SELECT * FROM unnest(${links.map((l) => l.id)}::bigint[], ${links.map((l) => l.primaryId)}::bigint[],
              ${links.map((l) => l.reason)}::text[], ${links.map((l) => l.detail)}::text[])`
        }
      }))
      const byReason: Record<string, number> = {}
      for (const l of links) byReason[l.reason] = (byReason[l.reason] ?? 0) + 1
      return {
        records: rows.length,
        linked: links.length,
        businesses: rows.length - links.length,
        byReason,
        left
      } satisfies LinkReport
    })

    return { relink } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}

/** One line: how many records, links by reason, and the same-name groups left as several businesses by reason. */
export const linkSummary = (r: LinkReport) => {
  const leftBy: Record<string, number> = {}
  for (const g of r.left) leftBy[g.reason] = (leftBy[g.reason] ?? 0) + 1
  const reasons = Object.entries(r.byReason).map(([k, n]) => `${k} ${n}`).join(", ")
  const leftText = Object.entries(leftBy).map(([k, n]) => `${k} ${n}`).join(", ")
  return `${r.records} records, ${r.businesses} businesses: ${r.linked} linked (${reasons || "none"}); ` +
    `same name and country left as several businesses: ${r.left.length}${leftText === "" ? "" : ` (${leftText})`}`
}
