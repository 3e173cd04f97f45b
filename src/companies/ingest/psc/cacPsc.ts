import { Result, Schema } from "effect"
import type { RegistryRecord } from "../../../domain/CanonicalCompany.js"

/**
 * The Corporate Affairs Commission's Persons-with-Significant-Control register as its public search exports it
 * (`meta`, and `index` by LEI: each company with its RC number, status and PSC rows). Pure: no I/O.
 */
const Psc = Schema.Struct({
  owner_name: Schema.String,
  /** The name as the register writes it, where the file's `owner_name` is someone's reading of it. */
  owner_name_raw: Schema.optional(Schema.NullOr(Schema.String)),
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
  /** The register's own spelling, when the copy gives it and it differs from `name` (screened too). */
  readonly name_as_registered: string | null
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

export const CAC_PSC_REGISTER = "Corporate Affairs Commission (NG-CAC), Persons with Significant Control register"

/** Who published the copy of the register being loaded, and where; the file itself names the register, not its copier. */
export interface CopyPublisher {
  readonly name: string
  readonly url: string | null
}

/**
 * What the records of a harvested copy are credited to: the register, whose copy it is and as of when. A copy of the
 * register's public search made by someone else is not the registry's publication, and says so.
 */
export const cacPscSource = (harvested: string, publisher: CopyPublisher | undefined) =>
  `${CAC_PSC_REGISTER}: copy of its public search harvested on ${harvested} ` +
  (publisher === undefined ? "by a third party the file does not name" : `and published by ${publisher.name}`) +
  " (not the registry's own publication)"

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

/**
 * A holding as the register gives it: the direct part plus the indirect one (none when not given). Without a direct
 * part the register does not say what is held, so null: never a 0 made of a missing value and a stated 0 indirect.
 */
const holding = (direct: number | null | undefined, indirect: number | null | undefined): number | null =>
  direct == null ? null : direct + (indirect ?? 0)

const isoDate = (value: string | null | undefined): string | null =>
  value != null && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null

const blankToNull = (value: string | null | undefined): string | null =>
  value == null || value.trim() === "" ? null : value.trim()

/** The register's spelling beside the copy's reading: kept only when it says something else. */
const registeredSpelling = (raw: string | null | undefined, name: string): string | null => {
  const spelled = blankToNull(raw)
  return spelled === null || spelled.toUpperCase() === name.toUpperCase() ? null : spelled
}

/**
 * The register's companies as canonical records with their owners, credited to the copy they come from (`publisher`:
 * who published it, when known); a file of another shape is refused with why.
 */
export const cacPscRecords = (json: unknown, publisher?: CopyPublisher): Result.Result<ReadonlyArray<PscCompanyRecord>, string> =>
  Result.map(
    Result.mapError(Schema.decodeUnknownResult(CacPscFile)(json), (e) => e.message),
    (file) => {
      const harvested = `${file.meta.harvested}T00:00:00Z`
      const source = cacPscSource(file.meta.harvested, publisher)
      const sourceUrl = publisher?.url ?? file.meta.source_url
      return Object.values(file.index).map((c): PscCompanyRecord => ({
        record: {
          country: "NG",
          registration_no: `RC ${c.rc.replace(/^RC\s*/i, "")}`,
          legal_name: c.company,
          status: statusOf(c.status),
          source,
          ...(sourceUrl === undefined ? {} : { source_url: sourceUrl }),
          source_kind: "registry",
          last_verified_at: harvested
        },
        owners: c.pscs
          .filter((p) => p.owner_name.trim() !== "")
          .map((p) => ({
            name: p.owner_name.trim(),
            name_as_registered: registeredSpelling(p.owner_name_raw, p.owner_name.trim()),
            kind: kindOf(p.owner_kind),
            nationality: blankToNull(p.nationality),
            share_pct: holding(p.share_pct_direct, p.share_pct_indirect),
            voting_pct: holding(p.voting_pct_direct, p.voting_pct_indirect),
            notified_on: isoDate(p.notified)
          }))
      }))
    }
  )
