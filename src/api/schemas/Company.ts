import { Schema } from "effect"

export const CompanyStatus = Schema.Literal("active", "dissolved", "dormant", "unknown")

const DateString = Schema.String.annotations({ format: "date", examples: ["1992-07-30"] })
const DateTimeString = Schema.String.annotations({ format: "date-time", examples: ["2026-11-20T08:00:00.000Z"] })
const Confidence = Schema.Number.pipe(Schema.between(0, 1))

/** Spec 2.1, with the extra fields seen in sample payloads. Values a registry does not publish are null. */
export const CompanyFields = {
  country: Schema.String.annotations({ description: "ISO-3166 alpha-2", examples: ["NG"] }),
  registration_no: Schema.String.annotations({ description: "Registry number in the registry's canonical form" }),
  legal_name: Schema.String,
  status: Schema.NullOr(CompanyStatus),
  entity_type: Schema.NullOr(Schema.String),
  entity_type_label: Schema.NullOr(Schema.String),
  incorporation_date: Schema.NullOr(DateString),
  registered_address: Schema.NullOr(Schema.String),
  tax_id: Schema.NullOr(Schema.String),
  listed_ticker: Schema.NullOr(Schema.String),
  source: Schema.String.annotations({ description: "The official registry or source of record" }),
  source_url: Schema.NullOr(Schema.String),
  registry_url: Schema.NullOr(Schema.String).annotations({ description: "Public site of the registry" }),
  last_verified_at: DateTimeString,
  confidence: Schema.NullOr(Confidence)
}

export class Company extends Schema.Class<Company>("Company")(CompanyFields) {}

export class Officer extends Schema.Class<Officer>("Officer")({
  name: Schema.String,
  role: Schema.NullOr(Schema.String),
  appointed_on: Schema.NullOr(DateString),
  resigned_on: Schema.NullOr(DateString),
  nationality: Schema.NullOr(Schema.String),
  source: Schema.String,
  last_verified_at: DateTimeString
}) {}

export class Owner extends Schema.Class<Owner>("Owner")({
  name: Schema.String,
  kind: Schema.Literal("individual", "entity", "unknown").annotations({
    description: "a natural person, a legal entity, or a kind the register does not state (an arrangement, or unknown)"
  }),
  nationality: Schema.NullOr(Schema.String),
  share_pct: Schema.NullOr(Schema.Number).annotations({ description: "shares held, direct and indirect, in percent" }),
  voting_pct: Schema.NullOr(Schema.Number).annotations({ description: "voting rights, direct and indirect, in percent" }),
  notified_on: Schema.NullOr(DateString),
  source: Schema.String,
  last_verified_at: DateTimeString
}) {}

export class FieldProvenance extends Schema.Class<FieldProvenance>("FieldProvenance")({
  source: Schema.String,
  source_url: Schema.NullOr(Schema.String),
  checked_at: DateTimeString,
  confidence: Confidence
}) {}

/** The record endpoint's answer: the Company, its officers, its owners and where each value came from. */
export class CompanyRecord extends Schema.Class<CompanyRecord>("CompanyRecord")({
  ...CompanyFields,
  officers: Schema.Array(Officer),
  owners: Schema.Array(Owner).annotations({
    description: "persons with significant control as a register names them (e.g. the CAC PSC register); empty: none held"
  }),
  provenance: Schema.Record({ key: Schema.String, value: FieldProvenance }).annotations({
    description: "Per field that has a value: its source, source page, checked date and confidence"
  })
}) {}
