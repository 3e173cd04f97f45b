import { Result, Schema } from "effect"
import type { RegistryRecord } from "../../../domain/CanonicalCompany.js"

/**
 * The Corporate Affairs Commission's Persons-with-Significant-Control register as its public search exports it
 * (`meta`, and `index` by LEI: each company with its RC number, status and PSC rows). Pure: no I/O.
 */
const Psc = Schema.Struct({
  owner_name: Schema.String,
  owner_kind: Schema.String,
  nationality: Schema.optional(Schema.NullOr(Schema.String)),
  notified: Schema.optional(Schema.NullOr(Schema.String)),
  share_pct_direct: Schema.optional(Schema.NullOr(Schema.Number)),
  share_pct_indirect: Schema.optional(Schema.NullOr(Schema.Number)),
  voting_pct_direct: Schema.optional(Schema.NullOr(Schema.Number)),
  voting_pct_indirect: Schema.optional(Schema.NullOr(Schema.Number))
})

const PscCompany = Schema.Struct({
  company: Schema.String,
  rc: Schema.String,
  status: Schema.optional(Schema.NullOr(Schema.String)),
  pscs: Schema.Array(Psc)
})

const CacPscFile = Schema.Struct({
  meta: Schema.Struct({ register: Schema.String, source_url: Schema.optional(Schema.String), harvested: Schema.String }),
  index: Schema.Record(Schema.String, PscCompany)
})

/** Who holds control: a person, a legal entity, or (an arrangement, or the register does not say) either. */
export type OwnerKind = "individual" | "entity" | "unknown"

export interface Owner {
  readonly name: string
  readonly kind: OwnerKind
  readonly nationality: string | null
  readonly share_pct: number | null
  readonly voting_pct: number | null
  readonly notified_on: string | null
}

/** One company of the register: its record (without officers: the register names owners, not directors) and owners. */
export interface PscCompanyRecord {
  readonly record: RegistryRecord
  readonly owners: ReadonlyArray<Owner>
}

export const CAC_PSC_SOURCE = "Corporate Affairs Commission (NG-CAC), Persons with Significant Control register"

const kindOf = (kind: string): OwnerKind => {
  const k = kind.trim().toLowerCase()
  if (k === "person" || k === "individual") return "individual"
  if (k === "entity" || k === "company" || k === "corporate") return "entity"
  return "unknown"
}

const statusOf = (status: string | null | undefined): RegistryRecord["status"] => {
  const s = (status ?? "").trim().toUpperCase()
  if (s === "ACTIVE") return "active"
  if (s === "INACTIVE" || s === "STRUCK OFF" || s === "DISSOLVED" || s === "WOUND UP") return "dissolved"
  return "unknown"
}

const sum = (a: number | null | undefined, b: number | null | undefined): number | null =>
  a == null && b == null ? null : (a ?? 0) + (b ?? 0)

const isoDate = (value: string | null | undefined): string | null =>
  value != null && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null

const blankToNull = (value: string | null | undefined): string | null =>
  value == null || value.trim() === "" ? null : value.trim()

/** The register's companies as canonical records with their owners; a file of another shape is refused with why. */
export const cacPscRecords = (json: unknown): Result.Result<ReadonlyArray<PscCompanyRecord>, string> =>
  Result.map(
    Result.mapError(Schema.decodeUnknownResult(CacPscFile)(json), (e) => e.message),
    (file) => {
      const harvested = `${file.meta.harvested}T00:00:00Z`
      return Object.values(file.index).map((c): PscCompanyRecord => ({
        record: {
          country: "NG",
          registration_no: `RC ${c.rc.replace(/^RC\s*/i, "")}`,
          legal_name: c.company,
          status: statusOf(c.status),
          source: CAC_PSC_SOURCE,
          ...(file.meta.source_url === undefined ? {} : { source_url: file.meta.source_url }),
          source_kind: "registry",
          last_verified_at: harvested
        },
        owners: c.pscs
          .filter((p) => p.owner_name.trim() !== "")
          .map((p) => ({
            name: p.owner_name.trim(),
            kind: kindOf(p.owner_kind),
            nationality: blankToNull(p.nationality),
            share_pct: sum(p.share_pct_direct, p.share_pct_indirect),
            voting_pct: sum(p.voting_pct_direct, p.voting_pct_indirect),
            notified_on: isoDate(p.notified)
          }))
      }))
    }
  )
