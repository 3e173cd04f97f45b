import { Schema } from "effect"
import { EntryDetails } from "../domain/entryDetails.js"

/**
 * The lists we screen against (DESIGN section 4: `sanctions.hits[].list`), and the World Bank's debarment list,
 * which is versioned and screened the same way but reported as its own signal, never as a sanctions hit.
 */
export const ListId = Schema.Literals(["ofac_sdn", "ofac_consolidated", "un_sc", "uk_ofsi", "uk_invban", "eu_fsf", "worldbank_debarred"])
export type ListId = typeof ListId.Type

/** Every list, in the order versions and sources are shown. */
export const listOrder: ReadonlyArray<ListId> = ListId.literals

export type SanctionsListId = Exclude<ListId, "worldbank_debarred">
export const isDebarmentList = (list: string): list is "worldbank_debarred" => list === "worldbank_debarred"
export const sanctionsListIds: ReadonlyArray<SanctionsListId> = listOrder.filter((l): l is SanctionsListId => !isDebarmentList(l))

export const EntityType = Schema.Literals(["entity", "individual", "vessel", "aircraft"])
export type EntityType = typeof EntityType.Type

/** strong = an official a.k.a./f.k.a.; weak = OFAC "weak a.k.a." in Remarks, UN "Low" quality, derived acronyms. */
const AliasQuality = Schema.Literals(["strong", "weak"])
export type AliasQuality = typeof AliasQuality.Type

export const Alias = Schema.Struct({
  name: Schema.String,
  quality: AliasQuality,
  /** aka, fka, nka, acronym, packed (second half of a packed UN primary), original_script ... */
  kind: Schema.String
})
export type Alias = typeof Alias.Type

/** An identifier a list gives an entry (another list's reference, an IMO number, a registration number ...). */
export const EntryIdentifier = Schema.Struct({
  /** un_reference, uk_sanctions_list_ref, eu_reference, imo, registration_no, passport ... */
  type: Schema.String,
  value: Schema.String
})
export type EntryIdentifier = typeof EntryIdentifier.Type

/** A debarment: who debarred, why, from when until when (`to` null: indefinite). */
export const Debarment = Schema.Struct({
  institution: Schema.String,
  grounds: Schema.String,
  from: Schema.NullOr(Schema.String),
  to: Schema.NullOr(Schema.String)
})
export type Debarment = typeof Debarment.Type

/** One normalised list entry, whatever the source format. Stored as jsonb in `sanctions_entries.entry`. */
export const SanctionsEntry = Schema.Struct({
  list: ListId,
  entry_id: Schema.String,
  name: Schema.String,
  entity_type: EntityType,
  programs: Schema.Array(Schema.String),
  listed_on: Schema.NullOr(Schema.String),
  countries: Schema.Array(Schema.String),
  aliases: Schema.Array(Alias),
  original_script_names: Schema.Array(Schema.String),
  identifiers: Schema.optional(Schema.Array(EntryIdentifier)),
  debarment: Schema.optional(Debarment),
  /**
   * What else the list says of the entry (addresses, remarks, dates of birth ...), for display only: `entryHash` does
   * not cover it, and the server's index does not hold it (read from `sanctions_entries.entry` for the hits only).
   */
  details: Schema.optional(EntryDetails)
})
export type SanctionsEntry = typeof SanctionsEntry.Type

/** A whole parsed list file set, before it is stored as a version. */
export interface ParsedList {
  readonly list: ListId
  /** ISO date (YYYY-MM-DD) of publication when the source says so (UN dateGenerated); OFAC legacy CSV has none. */
  readonly publishedOn: string | null
  readonly entries: ReadonlyArray<SanctionsEntry>
  readonly aliasCount: number
}

export const listDisplayName: Record<ListId, string> = {
  ofac_sdn: "OFAC SDN",
  ofac_consolidated: "OFAC Consolidated (non-SDN)",
  un_sc: "UN SC Consolidated",
  uk_ofsi: "UK OFSI Consolidated",
  uk_invban: "UK OFSI Investment Ban",
  eu_fsf: "EU Financial Sanctions Files",
  worldbank_debarred: "World Bank Debarred"
}

export const countAliases = (entries: ReadonlyArray<SanctionsEntry>): number =>
  entries.reduce((n, e) => n + e.aliases.length, 0)
