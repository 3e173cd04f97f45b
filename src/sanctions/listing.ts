import type { EntryDetails } from "../domain/entryDetails.js"
import type { ListId, SanctionsEntry } from "./model.js"

/**
 * The entry's own page on its list's official site, where the list publishes one. OFAC's Sanctions List Search
 * (which holds the SDN and the non-SDN Consolidated lists) serves each entry at Details.aspx?id=<its ent_num>, the id
 * our OFAC entries carry. The UN, UK and EU publish their lists as files with no page per entry, and the World Bank's
 * debarment list is one table: null, and the entry is in the list version screened.
 */
export const officialListingUrl = (list: ListId, entryId: string): string | null =>
  (list === "ofac_sdn" || list === "ofac_consolidated") && /^\d+$/.test(entryId)
    ? `https://sanctionssearch.ofac.treas.gov/Details.aspx?id=${entryId}`
    : null

/** What the list says of an entry, as stored from its file, for a hit to carry. */
export interface EntryListing {
  readonly aliases: SanctionsEntry["aliases"]
  readonly original_script_names: ReadonlyArray<string>
  readonly countries: ReadonlyArray<string>
  readonly identifiers: ReadonlyArray<{ readonly type: string; readonly value: string }>
  readonly official_url: string | null
  /**
   * What else the list says (addresses, remarks, dates of birth ...); null: the list version holds none (stored
   * before details were kept); absent: they could not be read for this screening (logged).
   */
  readonly details?: EntryDetails | null
}

/** The listing of an entry as held in memory: an index loaded from the database holds no details (see `withDetails`). */
export const entryListing = (entry: SanctionsEntry): EntryListing => ({
  aliases: entry.aliases,
  original_script_names: entry.original_script_names,
  countries: entry.countries,
  identifiers: entry.identifiers ?? [],
  official_url: officialListingUrl(entry.list, entry.entry_id),
  details: entry.details ?? null
})
