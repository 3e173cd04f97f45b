import { html, type Html } from "../html.js"
import { aliasKindWords, listWords } from "../words.js"
import type { Hit } from "./view.js"

type Fact = readonly [string, string | Html | null]
type Details = NonNullable<NonNullable<Hit["listing"]>["details"]>

const list = (items: ReadonlyArray<string | Html>) => html`<ul>${items.map((i) => html`<li>${i}</li>`)}</ul>`
const bracketed = (note: string | null) => note === null ? "" : ` (${note})`

/** A vessel's particulars in words, those the list gives. */
const vesselWords = (v: NonNullable<Details["vessel"]>) =>
  [["call sign", v.call_sign], ["type", v.type], ["flag", v.flag], ["tonnage", v.tonnage], ["gross registered tonnage", v.gross_registered_tonnage], ["owner", v.owner]]
    .filter(([, value]) => value !== null).map(([words, value]) => `${words} ${value}`).join(", ")

/** What the list says beside the names, each fact the list gives as its own row; none it does not give. */
const detailFacts = (d: Details): ReadonlyArray<Fact> => {
  const rows: Array<Fact | null> = [
    d.addresses.length === 0 ? ["Addresses", "none given"] : ["Addresses", list(d.addresses.map((a) => [a.address, a.country].filter((p) => p !== null).join(", ") + bracketed(a.note)))],
    d.nationalities.length === 0 ? null : ["Nationality", d.nationalities.join("; ")],
    d.dates_of_birth.length === 0 ? null : ["Date of birth", d.dates_of_birth.join("; ")],
    d.places_of_birth.length === 0 ? null : ["Place of birth", d.places_of_birth.join("; ")],
    d.positions.length === 0 ? null : ["Position or title", d.positions.join("; ")],
    d.documents.length === 0 ? null : ["Identity documents", list(d.documents.map((x) => `${x.type} ${x.number}${x.country === null ? "" : `, issued by ${x.country}`}${bracketed(x.note)}`))],
    d.vessel === null ? null : ["Vessel", vesselWords(d.vessel)],
    d.legal_acts.length === 0 ? null : ["Listed by", list(d.legal_acts.map((a) => a.url === null ? a.title : html`<a href="${a.url}">${a.title}</a>`))],
    ["Remarks (as the list writes them)", d.remarks.length === 0 ? "none" : html`${d.remarks.map((r) => html`<p class="remark">${r}</p>`)}`]
  ]
  return rows.filter((r): r is Fact => r !== null)
}

/**
 * What the list says of the entry, as stored from the version screened: names, countries, identifiers, the official
 * page, and the details the list gives (addresses, remarks, dates of birth ...). A check made before hits carried
 * them, or a version stored before details were kept, says so.
 */
export const listingFacts = (hit: Hit): ReadonlyArray<Fact> => {
  const l = hit.listing
  if (l === undefined) return [["What the list says", "not kept with this check (made before hits carried the entry's details): see the list version above"]]
  return [
    ["Aliases", l.aliases.length === 0 ? "none" : list(l.aliases.map((a) => `${a.name} (${aliasKindWords(a.kind)}${a.quality === "weak" ? ", weak" : ""})`))],
    ["Names in another script", l.original_script_names.join("; ") || "none"],
    ["Countries", l.countries.join(", ") || "none given"],
    ["Identifiers", l.identifiers.length === 0 ? "none given" : list(l.identifiers.map((i) => `${i.type.replace(/_/g, " ")}: ${i.value}`))],
    ...(l.details === undefined
      ? [["Addresses, remarks and other details", "not kept with this check (made before hits carried them, or not readable at the time)"] as const]
      : l.details === null
      ? [["Addresses, remarks and other details", "not kept with the list version screened (loaded before entries' details were kept)"] as const]
      : detailFacts(l.details)),
    ["Official listing", l.official_url === null
      ? `${listWords(hit.list)} publishes no page per entry: the entry is in the list version screened`
      : html`<a href="${l.official_url}">${listWords(hit.list)} entry ${hit.entry_id}</a>`]
  ]
}

/** The date the list gives for the listing: the hit's own, else the one its details read; said in words when none. */
export const listedOnWords = (hit: Hit): string =>
  hit.listed_on ?? hit.listing?.details?.listed_on ?? "not given by the list"
