import { Schema } from "effect"

/**
 * What a sanctions list says of an entry beyond its names and the facts screening reads (addresses, remarks,
 * nationalities, dates and places of birth, positions, identity documents, the legal acts that list it, a vessel's
 * particulars), kept as the list writes them, for a reviewer to read. Display only: an entry's content hash
 * (`entry_hash`), which decisions and monitors are bound to, does not cover it. A list that does not publish a fact
 * leaves its field empty (null for `vessel`).
 */
export const EntryAddress = Schema.Struct({
  address: Schema.NullOr(Schema.String).annotate({ description: "the address's parts as the list gives them (street, city, region, postal code), joined with commas; null: the list gives only a country" }),
  country: Schema.NullOr(Schema.String).annotate({ description: "the country as the list writes it" }),
  note: Schema.NullOr(Schema.String).annotate({ description: "the list's note on the address, e.g. \"as of June 2016\"" })
}).annotate({ identifier: "EntryAddress" })
export type EntryAddress = typeof EntryAddress.Type

export const EntryDocument = Schema.Struct({
  type: Schema.String.annotate({ description: "as the list names it, e.g. Passport, National Identification Number" }),
  number: Schema.String,
  country: Schema.NullOr(Schema.String).annotate({ description: "the issuing country as the list writes it" }),
  note: Schema.NullOr(Schema.String).annotate({ description: "the list's note on the document (issue or expiry, whose it is)" })
}).annotate({ identifier: "EntryDocument" })
export type EntryDocument = typeof EntryDocument.Type

export const EntryVessel = Schema.Struct({
  call_sign: Schema.NullOr(Schema.String),
  type: Schema.NullOr(Schema.String),
  tonnage: Schema.NullOr(Schema.String),
  gross_registered_tonnage: Schema.NullOr(Schema.String),
  flag: Schema.NullOr(Schema.String),
  owner: Schema.NullOr(Schema.String)
}).annotate({ identifier: "EntryVessel", description: "a vessel's particulars as OFAC lists them" })
export type EntryVessel = typeof EntryVessel.Type

export const EntryDetails = Schema.Struct({
  listed_on: Schema.NullOr(Schema.String).annotate({
    description: "the listing date the list gives (YYYY-MM-DD), null where it publishes none (OFAC's files). The same as the hit's listed_on, except for the ten UN entries whose date the file writes with a time-zone offset (2015-04-07-04:00): the hit's listed_on, covered by entry_hash, stays null for them"
  }),
  addresses: Schema.Array(EntryAddress),
  remarks: Schema.Array(Schema.String).annotate({
    description: "the list's own remarks on the entry, as written (OFAC Remarks, UN comments, the UK's Other Information with its statement of reasons, EU remarks)"
  }),
  nationalities: Schema.Array(Schema.String).annotate({ description: "as the list writes them (the EU's citizenship)" }),
  dates_of_birth: Schema.Array(Schema.String).annotate({
    description: "as the list gives them: a date, a year, a range or an approximate year, in the list's own form (UK: DD/MM/YYYY, 00 for an unknown part)"
  }),
  places_of_birth: Schema.Array(Schema.String),
  positions: Schema.Array(Schema.String).annotate({ description: "titles, designations or functions the list gives the person or entity" }),
  documents: Schema.Array(EntryDocument).annotate({ description: "identity documents (passports, national identity numbers) as the list gives them" }),
  legal_acts: Schema.Array(Schema.Struct({
    title: Schema.String,
    url: Schema.NullOr(Schema.String)
  })).annotate({ description: "the legal acts that list the entry, with their official publication (the EU's regulations in the Official Journal)" }),
  vessel: Schema.NullOr(EntryVessel)
}).annotate({
  identifier: "EntryDetails",
  description: "What the list says of the entry beyond its names, as written; empty where the list publishes nothing of the kind. Not covered by entry_hash: display only"
})
export type EntryDetails = typeof EntryDetails.Type

/** An entry's details as a mutable accumulator: each fact once, in the order the list gives it. */
export class DetailsBuilder {
  private readonly addresses = new Map<string, EntryAddress>()
  private readonly remarks = new Map<string, string>()
  private readonly nationalities = new Map<string, string>()
  private readonly datesOfBirth = new Map<string, string>()
  private readonly placesOfBirth = new Map<string, string>()
  private readonly positions = new Map<string, string>()
  private readonly documents = new Map<string, EntryDocument>()
  private readonly legalActs = new Map<string, { readonly title: string; readonly url: string | null }>()
  vessel: EntryVessel | null = null
  listedOn: string | null = null

  /** Parts (empty ones dropped) joined with commas; nothing at all (no part, no country) adds nothing. */
  address(parts: ReadonlyArray<string | null | undefined>, country: string | null | undefined, note?: string | null) {
    const address = parts.map(clean).filter((p) => p !== "").join(", ")
    const value = { address: address || null, country: clean(country) || null, note: clean(note) || null }
    if (value.address !== null || value.country !== null) this.addresses.set(JSON.stringify(value), value)
  }

  remark(text: string | null | undefined) { add(this.remarks, text) }
  nationality(text: string | null | undefined) { add(this.nationalities, text) }
  dateOfBirth(text: string | null | undefined) { add(this.datesOfBirth, text) }
  placeOfBirth(parts: ReadonlyArray<string | null | undefined>) { add(this.placesOfBirth, parts.map(clean).filter((p) => p !== "").join(", ")) }
  position(text: string | null | undefined) { add(this.positions, text) }

  document(type: string | null | undefined, number: string | null | undefined, country?: string | null, note?: string | null) {
    const value = { type: clean(type) || "document", number: clean(number), country: clean(country) || null, note: clean(note) || null }
    if (value.number !== "") this.documents.set(JSON.stringify(value), value)
  }

  legalAct(title: string | null | undefined, url: string | null | undefined) {
    const value = { title: clean(title), url: clean(url) || null }
    if (value.title !== "" || value.url !== null) this.legalActs.set(JSON.stringify(value), { ...value, title: value.title || value.url! })
  }

  build(): EntryDetails {
    return {
      listed_on: this.listedOn,
      addresses: [...this.addresses.values()],
      remarks: [...this.remarks.values()],
      nationalities: [...this.nationalities.values()],
      dates_of_birth: [...this.datesOfBirth.values()],
      places_of_birth: [...this.placesOfBirth.values()],
      positions: [...this.positions.values()],
      documents: [...this.documents.values()],
      legal_acts: [...this.legalActs.values()],
      vessel: this.vessel
    }
  }
}

/** The text as one line: every run of white space one space (the lists wrap their lines anywhere), trimmed. */
export const clean = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim()

/**
 * Adds a value once (once whatever its letter case: "President" and "president" are one), as first written, its
 * white space made single spaces (the lists wrap their lines anywhere).
 */
const add = (found: Map<string, string>, text: string | null | undefined) => {
  const value = clean(text)
  if (value !== "" && !found.has(value.toLowerCase())) found.set(value.toLowerCase(), value)
}
