import { reportsByOwner } from "./ownerIdentity.js"

/** An owner as one source stores it (a row of company_owners). */
export interface SourcedOwner {
  readonly name: string
  readonly name_as_registered: string | null
  readonly kind: "individual" | "entity" | "unknown"
  readonly nationality: string | null
  readonly share_pct: number | null
  readonly voting_pct: number | null
  readonly notified_on: string | null
  readonly source: string
  readonly last_verified_at: string
  readonly lei: string | null
  readonly relationship: "direct" | "ultimate" | "direct_and_ultimate" | null
}

/** The owner's fields a source may give. */
export const ownerFields = ["name", "name_as_registered", "kind", "nationality", "share_pct", "voting_pct", "notified_on", "lei", "relationship"] as const
export type OwnerField = typeof ownerFields[number]

/** A source that reports an owner, and the fields whose shown value it gives. */
export interface OwnerSource {
  readonly source: string
  readonly last_verified_at: string
  readonly fields: ReadonlyArray<OwnerField>
}

export type MergedOwner = SourcedOwner & { readonly sources: ReadonlyArray<OwnerSource> }

const newestFirst = (a: SourcedOwner, b: SourcedOwner) => Date.parse(b.last_verified_at) - Date.parse(a.last_verified_at)

/**
 * One owner from every source that reports it: the newest source's values, a field it leaves empty taken from the
 * next that gives one. `source` and `last_verified_at` are the newest source's; each source in `sources` is credited
 * with exactly the fields whose shown value it holds itself, so a value only one source gives is credited to it alone.
 */
const mergeOne = (reports: ReadonlyArray<SourcedOwner>): MergedOwner => {
  const ordered = [...reports].sort(newestFirst)
  const shown: Record<OwnerField, unknown> = { ...ordered[0]! }
  for (const field of ownerFields) {
    if (shown[field] === null) shown[field] = ordered.find((r) => r[field] !== null)?.[field] ?? null
  }
  const sources = ordered.map((r) => ({
    source: r.source,
    last_verified_at: r.last_verified_at,
    fields: ownerFields.filter((field) => r[field] !== null && r[field] === shown[field])
  }))
  return { ...ordered[0]!, ...(shown as Pick<SourcedOwner, OwnerField>), sources }
}

/**
 * The record's owners, one per owner (`reportsByOwner`, src/domain/ownerIdentity.ts: the reports of one LEI by several
 * sources are one owner; an owner without an LEI is its source's own). In the order given, each merged owner where its
 * first report was.
 */
export const mergeOwners = (rows: ReadonlyArray<SourcedOwner>): ReadonlyArray<MergedOwner> => reportsByOwner(rows).map(mergeOne)
