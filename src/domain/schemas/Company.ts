import { Schema } from "effect"
import { optionalField, UnitInterval } from "./stated.js"
import { ownerFields } from "../ownerSources.js"

export const CompanyStatus = Schema.Literals(["active", "dissolved", "dormant", "unknown"])

const DateString = Schema.String.annotate({ format: "date", examples: ["1992-07-30"] })
const DateTimeString = Schema.String.annotate({ format: "date-time", examples: ["2026-11-20T08:00:00.000Z"] })
const Confidence = UnitInterval

export const Identifier = Schema.Struct({
  scheme: Schema.String.annotate({
    description: "The identifier's scheme: a registry id (ng-cac), a tax scheme (NG-TIN, SN-NINEA), lei, isin, ticker (EXCHANGE:SYMBOL) or reference (our id)"
  }),
  value: Schema.String.annotate({ description: "The identifier as its source gives it" }),
  source: Schema.String.annotate({ description: "The source that gave it" })
}).annotate({ identifier: "Identifier" })

export const LeiEvidence = Schema.Struct({
  lei: Schema.String.annotate({ description: "The Legal Entity Identifier" }),
  registration_authority_id: Schema.String.annotate({ description: "GLEIF's code of the registration authority (RA list)", examples: ["RA000585"] }),
  registration_authority: Schema.optionalKey(Schema.NullOr(Schema.String)).annotate({ description: "The registry that code is" }),
  registered_as: Schema.String.annotate({ description: "The business's number at that registry, as GLEIF gives it" }),
  corroboration_level: Schema.String.annotate({ description: "How the LEI issuer corroborated the registration", examples: ["FULLY_CORROBORATED"] }),
  registration_status: Schema.String.annotate({ description: "The LEI registration's status", examples: ["ISSUED"] }),
  entity_status: Schema.String.annotate({ description: "The entity's status at GLEIF", examples: ["ACTIVE"] }),
  initial_registration_date: Schema.optionalKey(Schema.NullOr(Schema.String)),
  last_update_date: Schema.optionalKey(Schema.NullOr(Schema.String)),
  next_renewal_date: Schema.optionalKey(Schema.NullOr(Schema.String))
}).annotate({ identifier: "LeiEvidence" })

export const RegistryEvidence = Schema.Struct({
  source: Schema.String.annotate({ description: "The registry source: a live registry answer or a registry's own published file" }),
  source_url: Schema.NullOr(Schema.String),
  checked_at: DateTimeString.annotate({ description: "When the registry gave it" }),
  kind: Schema.Literals(["registry", "live"]).annotate({ description: "live: a registry's live answer; registry: a registry's published file" }),
  lei: Schema.optional(LeiEvidence).annotate({
    description: "Present when GLEIF confirmed the registration: fully corroborated against the country's registry, entity active"
  })
}).annotate({ identifier: "RegistryEvidence" })

/** Spec 2.1, with the extra fields seen in sample payloads. Values a registry does not publish are null. */
export const CompanyFields = {
  country: Schema.String.annotate({ description: "ISO-3166 alpha-2", examples: ["NG"] }),
  registration_no: Schema.NullOr(Schema.String).annotate({
    description: "Registry number in the registry's canonical form, only as a registry or a source quoting it publishes it; null when the business is known only from a source that publishes none (never made up)"
  }),
  reference_id: Schema.NullOr(Schema.String).annotate({
    description: "Our stable id of a business known only from a secondary source (a stock listing, an EITI report), null for a record with a registration number; GET /v1/company/{country}/{reference_id} serves it"
  }),
  legal_name: Schema.String,
  status: Schema.NullOr(CompanyStatus),
  entity_type: Schema.NullOr(Schema.String),
  entity_type_label: Schema.NullOr(Schema.String),
  incorporation_date: Schema.NullOr(DateString),
  registered_address: Schema.NullOr(Schema.String),
  tax_id: Schema.NullOr(Schema.String),
  listed_ticker: Schema.NullOr(Schema.String),
  source: Schema.String.annotate({ description: "The official registry or source of record" }),
  source_url: Schema.NullOr(Schema.String),
  source_kind: Schema.Literals(["live", "registry", "secondary", "synthetic"]).annotate({
    description: "How the record was obtained: live (a registry's live answer), registry (a registry's published file), secondary (a stock listing, an EITI report, public text), synthetic (a generated benchmark record: never a fact)"
  }),
  registry_url: Schema.NullOr(Schema.String).annotate({ description: "Public site of the registry" }),
  last_verified_at: DateTimeString.annotate({
    description: "When the record's source was read: the moment a live registry answered, or the date a file states for itself (published, generated, harvested); a file that states none is dated by its loading, and its source says so"
  }),
  confidence: Schema.NullOr(Confidence).annotate({
    description: "source weight (live 1.0, registry file 0.9, secondary or synthetic 0.7) x freshness of last_verified_at (1.0 within 30 days, then 0.05 less per month started, floor 0.4); each provenance entry gives its own value's"
  }),
  identifiers: Schema.Array(Identifier).annotate({
    description: "Every identifier the business's sources give (registration number, tax number, LEI, ISIN, exchange ticker, reference id), each with its scheme and source; a verdict's and the record's company include its linked records'"
  }),
  registry_evidence: Schema.NullOr(RegistryEvidence).annotate({
    description: "The registry's word that the business is registered (source and date); null: no registry said so (registered is then false)"
  })
}

export class Company extends Schema.Class<Company>("Company")(CompanyFields) {}

export const Officer = Schema.Struct({
  name: Schema.String,
  role: Schema.NullOr(Schema.String),
  appointed_on: Schema.NullOr(DateString),
  resigned_on: Schema.NullOr(DateString),
  nationality: Schema.NullOr(Schema.String),
  source: Schema.String,
  last_verified_at: DateTimeString
}).annotate({ identifier: "Officer" })
export type Officer = typeof Officer.Type

export const Owner = Schema.Struct({
  name: Schema.String.annotate({ description: "the name as the source read it" }),
  name_as_registered: Schema.NullOr(Schema.String).annotate({
    description: "the name as the register itself writes it, where the source's reading differs (both are screened); null: no other spelling given"
  }),
  kind: Schema.Literals(["individual", "entity", "unknown"]).annotate({
    description: "a natural person, a legal entity, or a kind the register does not state (an arrangement, or unknown)"
  }),
  nationality: Schema.NullOr(Schema.String),
  share_pct: Schema.NullOr(Schema.Finite).annotate({ description: "shares held, direct and indirect, in percent; null: the register gives no direct holding" }),
  voting_pct: Schema.NullOr(Schema.Finite).annotate({ description: "voting rights, direct and indirect, in percent; null: the register gives no direct part" }),
  notified_on: Schema.NullOr(DateString),
  source: Schema.String,
  last_verified_at: DateTimeString,
  lei: Schema.NullOr(Schema.String).annotate({ description: "the owner's LEI, when the source names it (GLEIF's level-2 parents)" }),
  relationship: Schema.NullOr(Schema.Literals(["direct", "ultimate", "direct_and_ultimate"])).annotate({
    description: "for a parent from GLEIF's level-2 data: direct parent, ultimate parent, or both"
  }),
  sources: Schema.Array(Schema.Struct({
    source: Schema.String,
    last_verified_at: DateTimeString,
    fields: Schema.Array(Schema.Literals(ownerFields)).annotate({ description: "the fields whose value shown here this source gives itself" })
  }).annotate({ identifier: "OwnerSource" })).annotate({
    description: "every source that reports this owner, newest first, each credited with the values it holds: an owner several sources report (a GLEIF parent from the live API and from a level-2 relationship file, by its LEI) is listed once; `source` and `last_verified_at` are the newest's"
  })
}).annotate({ identifier: "Owner" })
export type Owner = typeof Owner.Type

const SourceKindField = Schema.Literals(["live", "registry", "secondary", "synthetic"])

export const FieldProvenance = Schema.Struct({
  source: Schema.String,
  source_url: Schema.NullOr(Schema.String),
  source_kind: optionalField(SourceKindField.annotate({
    description: "how this value's own source was obtained: its weight in `confidence` (absent on checks kept before it was given)"
  })),
  checked_at: DateTimeString.annotate({ description: "when this value's source was read (see last_verified_at)" }),
  confidence: Confidence.annotate({ description: "this value's own: its source's weight x the freshness of checked_at (README, Confidence)" })
}).annotate({ identifier: "FieldProvenance" })
export type FieldProvenance = typeof FieldProvenance.Type

export const LinkedRecordJson = Schema.Struct({
  registration_no: Schema.NullOr(Schema.String),
  reference_id: Schema.NullOr(Schema.String),
  legal_name: Schema.String,
  source: Schema.String,
  source_url: Schema.NullOr(Schema.String),
  source_kind: Schema.Literals(["live", "registry", "secondary", "synthetic"]),
  last_verified_at: DateTimeString,
  reason: Schema.Literals(["registration_no", "tax_id", "lei", "isin", "ticker", "name"]).annotate({
    description: "What the two records share: a registration number, a tax number, an LEI, an ISIN, a ticker on one exchange, or the same name in the same country after legal-form and spelling normalisation"
  }),
  detail: Schema.String.annotate({ description: "The shared value, e.g. NG-TIN 04059106-0001" })
}).annotate({ identifier: "LinkedRecord" })

/**
 * The record endpoint's answer: the Company, its officers, its owners and where each value came from. A struct, not a
 * class, like the officers, owners and provenance in it: the record is made as plain values from the store and checked
 * once, when the answer is encoded (a class checks its fields' types again when it is made, even with
 * `disableChecks`: two thirds of the record's schema CPU, scripts/bench/recordEncoding.ts).
 */
export const CompanyRecord = Schema.Struct({
  ...CompanyFields,
  officers: Schema.Array(Officer),
  owners: Schema.Array(Owner).annotate({
    description: "persons with significant control as a register names them (e.g. the CAC PSC register); empty: none held"
  }),
  provenance: Schema.Record(Schema.String, FieldProvenance).annotate({
    description: "Per field that has a value: its source, source page, checked date and confidence"
  }),
  linked_records: Schema.Array(LinkedRecordJson).annotate({
    description: "Records of the same business from other sources, linked to this one, each with why the link was made; they lend it their identifiers and ticker"
  })
}).annotate({ identifier: "CompanyRecord" })
export type CompanyRecord = typeof CompanyRecord.Type
