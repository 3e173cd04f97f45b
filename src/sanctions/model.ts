import { Schema } from "effect"

/** The lists we screen against (DESIGN section 4: `sanctions.hits[].list`). */
export const ListId = Schema.Literal("ofac_sdn", "ofac_consolidated", "un_sc")
export type ListId = typeof ListId.Type

export const EntityType = Schema.Literal("entity", "individual", "vessel", "aircraft")
export type EntityType = typeof EntityType.Type

/** strong = an official a.k.a./f.k.a.; weak = OFAC "weak a.k.a." in Remarks, UN "Low" quality, derived acronyms. */
export const AliasQuality = Schema.Literal("strong", "weak")
export type AliasQuality = typeof AliasQuality.Type

export const Alias = Schema.Struct({
  name: Schema.String,
  quality: AliasQuality,
  /** aka, fka, nka, acronym, packed (second half of a packed UN primary), original_script ... */
  kind: Schema.String
})
export type Alias = typeof Alias.Type

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
  original_script_names: Schema.Array(Schema.String)
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
  un_sc: "UN SC Consolidated"
}

export const countAliases = (entries: ReadonlyArray<SanctionsEntry>): number =>
  entries.reduce((n, e) => n + e.aliases.length, 0)
