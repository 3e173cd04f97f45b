import { unionIdentifiers } from "../write/merge.js"

/** A record of the same business from another source, linked to the one resolved (src/companies/link). */
export interface LinkedRecord {
  readonly registration_no: string | null
  readonly reference_id: string | null
  readonly legal_name: string
  readonly listed_ticker: string | null
  readonly source: string
  readonly source_url: string | null
  readonly source_kind: "live" | "registry" | "secondary" | "synthetic"
  readonly last_verified_at: string
  readonly identifiers: ReadonlyArray<{ readonly scheme: string; readonly value: string; readonly source: string }>
  /** Why it was linked: registration_no, tax_id, lei, isin, ticker, name. */
  readonly reason: string
  readonly detail: string
}

/** What a record lends and is known by: the fields it shares with a linked record. */
type Lendable = Pick<LinkedRecord, "listed_ticker" | "source" | "source_url" | "source_kind" | "last_verified_at" | "identifiers">

/**
 * A business's record with what its linked records lend it: their identifiers (each with its own source), and
 * their exchange ticker when the record has none. Pure.
 */
export const lendLinked = <C extends Lendable>(company: C, linked: ReadonlyArray<LinkedRecord>): C => ({
  ...company,
  listed_ticker: company.listed_ticker ?? linked.find((l) => l.listed_ticker !== null)?.listed_ticker ?? null,
  identifiers: unionIdentifiers(company.identifiers, linked.flatMap((l) => l.identifiers)).map((i) => ({ ...i }))
})

/** The linked record that lent the ticker (for its provenance), if the record had none of its own. */
export const tickerLender = (own: string | null, linked: ReadonlyArray<LinkedRecord>): LinkedRecord | null =>
  own !== null ? null : linked.find((l) => l.listed_ticker !== null) ?? null

/** Every source the business is known from: its record's, then its linked records', with kind and date. */
export const knownFrom = (company: Lendable, linked: ReadonlyArray<LinkedRecord>) =>
  [company, ...linked].map((r) => ({ source: r.source, source_url: r.source_url, kind: r.source_kind, as_of: r.last_verified_at }))
