import { Schema } from "effect"
import { EntryDetails } from "../entryDetails.js"
import { optionalField } from "./stated.js"

/** A listed entry's details as its list publishes them, carried by each hit so a reviewer need not look the entry up. */
export const EntryListing = Schema.Struct({
  aliases: Schema.Array(Schema.Struct({
    name: Schema.String,
    quality: Schema.Literals(["strong", "weak"]).annotate({ description: "strong: an official a.k.a. or f.k.a.; weak: the list's own low-quality or weak alias, or an acronym derived from the name" }),
    kind: Schema.String.annotate({ description: "aka, fka, nka, acronym, packed (the second name of a listing that packs two), original_script ..." })
  })),
  original_script_names: Schema.Array(Schema.String).annotate({ description: "the names the list gives in another script, as written" }),
  countries: Schema.Array(Schema.String).annotate({ description: "the countries the entry names (nationality, citizenship, address or location), as the list writes them" }),
  identifiers: Schema.Array(Schema.Struct({
    type: Schema.String.annotate({ description: "un_reference, uk_sanctions_list_ref, eu_reference, imo, registration_no, passport ..." }),
    value: Schema.String
  })).annotate({ description: "the identifiers the list gives the entry (another list's reference, a registration or IMO number ...)" }),
  official_url: Schema.NullOr(Schema.String).annotate({
    description: "the entry's own page on its list's official site (OFAC's Sanctions List Search, by the entry's id); null: the list publishes no page per entry (UN, UK, EU, World Bank), the entry is in the list version screened (for the EU, details.legal_acts gives the acts that list it)"
  }),
  details: optionalField(Schema.NullOr(EntryDetails).annotate({
    description: "what else the list says of the entry: listing date, addresses, remarks, nationalities, dates and places of birth, positions, identity documents, legal acts, a vessel's particulars. Display only, not covered by entry_hash. null: the list version screened was stored before details were kept (the next ingest of the same files adds them); absent: a check made before hits carried them, or they could not be read at the time"
  }))
}).annotate({
  identifier: "EntryListing",
  description: "What the list says of the entry, as stored from the list version screened; absent on checks made before hits carried it",
  // OFAC SDN entry 306 as data/sanctions/ofac-sdn gives it (sdn.csv of 2024-05-03, add.csv and alt.csv of 2025-12).
  examples: [{
    aliases: [{ name: "NATIONAL BANK OF CUBA", quality: "strong", kind: "aka" }, { name: "BNC", quality: "weak", kind: "weak_aka" }],
    original_script_names: [],
    countries: ["Switzerland", "Spain", "Japan", "Panama"],
    identifiers: [],
    official_url: "https://sanctionssearch.ofac.treas.gov/Details.aspx?id=306",
    details: {
      listed_on: null,
      addresses: [
        { address: "Zweierstrasse 35, Zurich CH-8022", country: "Switzerland", note: null },
        { address: "Avenida de Concha Espina 8, Madrid E-28036", country: "Spain", note: null },
        { address: "Dai-Ichi Bldg. 6th Floor, 10-2 Nihombashi, 2-chome, Chuo-ku, Tokyo 103", country: "Japan", note: null },
        { address: "Federico Boyd Avenue & 51 Street, Panama City", country: "Panama", note: null }
      ],
      remarks: ["a.k.a. 'BNC'."],
      nationalities: [],
      dates_of_birth: [],
      places_of_birth: [],
      positions: [],
      documents: [],
      legal_acts: [],
      vessel: null
    }
  }]
})
export type EntryListing = typeof EntryListing.Type

export const ScreenedPerson = Schema.Struct({
  name: Schema.String,
  role: Schema.Literals(["officer", "owner"]).annotate({ description: "as the record (or the customer) names them: an officer (a director), or an owner (significant control, beneficial owner, shareholder)" }),
  position: Schema.NullOr(Schema.String).annotate({ description: "the role as the record writes it, e.g. chairman (a declared person: director or owner); null: not given" }),
  source: optionalField(Schema.Literals(["record", "declared_by_customer"]).annotate({
    description: "record: named by the business's record (a registry or the source it came from); declared_by_customer: declared in the request's `people`, not confirmed by any registry"
  })),
  share: optionalField(Schema.Finite.annotate({ description: "a declared owner's share in per cent, as declared" })),
  result: Schema.Literals(["clear", "potential_match", "match", "unavailable"]).annotate({
    description: "this person's own screening result: the hits whose screened_name is this name (dismissed ones not counted)"
  })
}).annotate({ identifier: "ScreenedPerson", description: "An officer or owner the record names or the customer declared, screened with the business" })
