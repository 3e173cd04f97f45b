import { Schema } from "effect"
import { reviewReasonOrder } from "../reviewReasons.js"
import { CompanyFields } from "./Company.js"
import { EntryListing, ScreenedPerson } from "./Listing.js"
import { SourceTried } from "./SourcesTried.js"
import { DeclaredPerson, MAX_DECLARED_PEOPLE } from "./KnownFacts.js"
import { CountryCode, requiringOneOf, TextInput } from "./params.js"
import { NonNegativeInt, optionalField, stated } from "./stated.js"

const inputFields = {
  name: optionalField(TextInput("name", 200, "The business's name (this, registration_no or both)")),
  registration_no: optionalField(TextInput("registration_no", 64, "The registration number, any separator style")),
  country: optionalField(CountryCode)
}
const bodyFields = {
  ...inputFields,
  people: optionalField(Schema.Array(DeclaredPerson).check(
    Schema.isMaxLength(MAX_DECLARED_PEOPLE, { message: `must hold at most ${MAX_DECLARED_PEOPLE} people` })
  ).annotate({
    description: "People the customer declared, each screened as a person (`people_screened`)"
  }))
}
const oneOfNameOrNumber = (input: { readonly name?: string | undefined; readonly registration_no?: string | undefined }) =>
  input.name !== undefined || input.registration_no !== undefined
    ? true
    : "one of name or registration_no is required"

export const VerifyQuery = Schema.Struct(inputFields).check(Schema.makeFilter(oneOfNameOrNumber))
export const VerifyBody = Schema.Struct(bodyFields).annotate(stated({
  ...requiringOneOf(Schema.Struct(bodyFields), [["name"], ["registration_no"]])
  // The description stays off the document, as the Effect 3 generator left it.
})).check(Schema.makeFilter(oneOfNameOrNumber, { identifier: "VerifyRequest" }))
export type VerifyInput = typeof VerifyBody.Type

export const VerdictResult = Schema.Literals(["verified", "review", "not_found"])
export type VerdictResult = typeof VerdictResult.Type

/** The review reasons, in priority order, as the verdict policy defines them (one list: `src/domain/reviewReasons.ts`). */
export const ReviewReason = Schema.Literals(reviewReasonOrder)
export type ReviewReason = typeof ReviewReason.Type

export const SanctionsList = Schema.Literals(["ofac_sdn", "ofac_consolidated", "un_sc", "uk_ofsi", "uk_invban", "eu_fsf"])

export const ScreenedFrom = Schema.Literals(["input", "legal_name", "alias", "former_name", "officer", "owner", "declared_owner", "declared_director"]).annotate({
  description: "Which name produced the hit: the name as given, the record's legal name, alias or former name, a person it names, or a person the customer declared (`people`)"
})

export const HitExplanation = Schema.Struct({
  summary: Schema.String,
  factors: Schema.Array(Schema.Struct({
    factor: Schema.String.annotate({ description: "e.g. word_agrees, word_only_in_listed_name, location_conflict" }),
    effect: Schema.Finite.annotate({ description: "share of the score it added (positive) or cost (negative); 0 for rules" }),
    detail: Schema.String
  }))
}).annotate({ identifier: "HitExplanation", description: "Why the hit scored what it did" })

export class SanctionsHit extends Schema.Class<SanctionsHit>("SanctionsHit")({
  list: SanctionsList,
  entry_id: Schema.String,
  name: Schema.String,
  matched_name: Schema.String,
  score: Schema.Finite,
  programs: Schema.Array(Schema.String),
  entity_type: Schema.String,
  listed_on: Schema.NullOr(Schema.String),
  list_version: Schema.String,
  screened_name: Schema.String,
  screened_from: ScreenedFrom,
  entry_hash: Schema.String.annotate({ description: "SHA-256 of the list entry's content; changes when the entry changes" }),
  listing: optionalField(EntryListing),
  decision: Schema.NullOr(Schema.Struct({
    id: Schema.String,
    decision: Schema.Literals(["false_positive", "confirmed"])
  })).annotate({ description: "the reviewer's decision in force on this hit for this subject (POST /v1/decisions), or null" }),
  dismissed: Schema.Boolean.annotate({
    description: "a false positive by a reviewer's decision: still reported, but not counted in `sanctions.result` nor in the verdict"
  }),
  explanation: HitExplanation,
  linked: Schema.Array(Schema.Struct({
    list: SanctionsList,
    entry_id: Schema.String,
    name: Schema.String,
    list_version: Schema.String,
    entry_hash: Schema.String,
    link: Schema.String.annotate({ description: "how the two entries were linked, e.g. the name both lists give" })
  })).annotate({
    description: "the other lists' entries that are the same entity (each also reported as a hit of its own, its explanation saying how it was linked)"
  })
}) {}

export class SanctionsScreening extends Schema.Class<SanctionsScreening>("SanctionsScreening")({
  screened: Schema.Boolean,
  result: Schema.Literals(["clear", "potential_match", "match", "unavailable"]),
  hits: Schema.Array(SanctionsHit)
}) {}

export const DebarmentFinding = Schema.Struct({
  institution: Schema.String.annotate({ description: "who debarred, e.g. World Bank" }),
  grounds: Schema.String.annotate({ description: "as the institution writes them, e.g. Fraudulent Practices, Cross Debarment: AfDB" }),
  from: Schema.NullOr(Schema.String).annotate({ description: "first day of ineligibility (YYYY-MM-DD)" }),
  to: Schema.NullOr(Schema.String).annotate({ description: "last day of ineligibility (YYYY-MM-DD); null: indefinite" }),
  active: Schema.Boolean.annotate({ description: "in force on the day of the check; an ended debarment is reported, not flagged" }),
  list: Schema.Literal("worldbank_debarred"),
  entry_id: Schema.String,
  name: Schema.String,
  matched_name: Schema.String,
  score: Schema.Finite,
  screened_name: Schema.String,
  list_version: Schema.String,
  entry_hash: Schema.String,
  explanation: HitExplanation
}).annotate({ identifier: "DebarmentFinding" })

export const DebarredSignal = Schema.Struct({
  active: Schema.Boolean.annotate({ description: "a debarment is in force: the verdict is review (debarred)" }),
  debarments: Schema.Array(DebarmentFinding)
}).annotate({
  identifier: "DebarredSignal",
  description: "Debarment (World Bank ineligible firms and individuals): its own signal, never a sanctions hit; null when none was found or the debarment list is not screened"
})

export class Signals extends Schema.Class<Signals>("Signals")({
  listed: Schema.Boolean,
  has_government_contracts: Schema.Boolean,
  has_trademarks: Schema.Boolean,
  active: Schema.Boolean,
  registry_reachable: Schema.NullOr(Schema.Boolean).annotate({
    description: "true: a live registry was asked for this verdict and answered; false: one asked failed; null: none was asked (the store answered, or no live registry covers the country)"
  }),
  sanctions_hit: Schema.Boolean,
  officer_sanctions_hit: Schema.Boolean.annotate({ description: "a person the record names (officer or owner) is on a list" }),
  officers_screened: Schema.Finite.annotate({ description: "people the record names that were screened; 0: none held" }),
  debarred: Schema.NullOr(DebarredSignal)
}) {}

export class VerdictCompany extends Schema.Class<VerdictCompany>("VerdictCompany")(CompanyFields) {}

export class VerdictCandidate extends Schema.Class<VerdictCandidate>("VerdictCandidate")({
  legal_name: Schema.String,
  country: Schema.String,
  registration_no: Schema.NullOr(Schema.String).annotate({ description: "null: known only from a secondary source (see reference_id)" }),
  reference_id: Schema.NullOr(Schema.String).annotate({ description: "our id of a business known only from a secondary source" }),
  score: Schema.Finite
}) {}

export const KnownSource = Schema.Struct({
  source: Schema.String.annotate({ description: "a source that names the business: a registry, a stock listing, an EITI report ..." }),
  source_url: Schema.NullOr(Schema.String),
  kind: Schema.Literals(["live", "registry", "secondary", "synthetic"]).annotate({
    description: "live or registry: a registry's answer or published file; secondary: a listing, a report; synthetic: a generated test record (never a fact)"
  }),
  as_of: Schema.String.annotate({ format: "date-time", description: "when that source last said so" })
}).annotate({ identifier: "KnownSource" })

const Day = Schema.String.annotate({ format: "date", examples: ["2026-11-20"] })

export const MaxAgeDays = Schema.NullOr(NonNegativeInt).annotate({
  description: "The age limit applied (KYB_LISTS_MAX_AGE_DAYS); null: no limit set by the operator (nothing is stale, the age is still given)"
})

/**
 * How a list version is dated and confirmed (issue 53): what the publication states, where the files came from, and
 * the publisher's own confirmation. On a stored check, fields other than published_on are absent when the check was
 * made before they were kept.
 */
export const ListDating = Schema.Struct({
  published_on: Schema.NullOr(Day).annotate({ description: "The day the list's publisher published this version; null: the publication states none" }),
  dated_by: Schema.NullOr(Schema.Literals(["publication", "operator"])).annotate({
    description: "How published_on was established: publication (the publication states it: the UN, EU and UK files' own date, OFAC's XML Publish_Date), operator (given when the files were loaded, `--published-on`); null: no date"
  }),
  fetched_from: Schema.NullOr(Schema.String).annotate({
    description: "The address this version's files were fetched from (`kyb lists update`); null: files loaded by the operator (`kyb ingest sanctions`)"
  }),
  confirmed_on: Schema.NullOr(Day).annotate({
    description: "The last day the publisher's own address served this version as current; null: never confirmed by the publisher (a copy served elsewhere never confirms)"
  }),
  confirmed_from: Schema.NullOr(Schema.String).annotate({ description: "The publisher's address that confirmed it on confirmed_on" })
})

export const ScreenedList = Schema.Struct({
  list: Schema.Literals(["ofac_sdn", "ofac_consolidated", "un_sc", "uk_ofsi", "uk_invban", "eu_fsf", "worldbank_debarred"]),
  name: Schema.String.annotate({ description: "The list's name, e.g. OFAC SDN" }),
  version: Schema.String.annotate({ description: "The version screened: its publication date, or a hash label when none is known" }),
  published_on: ListDating.fields.published_on,
  dated_by: optionalField(ListDating.fields.dated_by),
  fetched_from: optionalField(ListDating.fields.fetched_from),
  confirmed_on: optionalField(ListDating.fields.confirmed_on),
  confirmed_from: optionalField(ListDating.fields.confirmed_from),
  as_of: Schema.NullOr(Day).annotate({
    description: "The day this version is known current on: the later of published_on and confirmed_on"
  }),
  age_days: Schema.NullOr(NonNegativeInt).annotate({
    description: "Whole days from as_of to the check (UTC): the age the limit was applied to; null when no date is known"
  }),
  max_age_days: optionalField(MaxAgeDays),
  stale: Schema.Boolean.annotate({
    description: "Older than the operator's KYB_LISTS_MAX_AGE_DAYS (or of unknown date): the verdict is review with lists_stale"
  })
}).annotate({ identifier: "ScreenedList", description: "A list version screened, with how current it was at the check" })

export const NameScreened = Schema.Struct({
  name: Schema.String,
  from: ScreenedFrom,
  screened_as: Schema.Array(Schema.Literals(["individual", "entity", "vessel", "aircraft"])).annotate({
    description: "individual: against the lists' persons (people, and a business name that reads as a person's or a sole trader's); entity and vessel: against organisations and vessels"
  })
}).annotate({ identifier: "NameScreened", description: "A name screened and the kinds of listed entries it was screened against" })

export class Verdict extends Schema.Class<Verdict>("Verdict")({
  result: VerdictResult,
  registered: Schema.Boolean.annotate({
    description: "true only when a registry said so (a live registry answer or a registry's own published file), named in company.registry_evidence with its source and date; a business known only from secondary sources is false, with review_reason registration_unconfirmed"
  }),
  match_confidence: Schema.Finite,
  company: Schema.NullOr(VerdictCompany),
  candidates: Schema.Array(VerdictCandidate).annotate({
    description: "When no company is resolved: the closest stored companies, best first, for a reviewer to pick from"
  }),
  sanctions: SanctionsScreening,
  data_confidence: Schema.NullOr(Schema.Finite),
  signals: Signals,
  sources: Schema.Array(Schema.String),
  known_from: Schema.Array(KnownSource).annotate({
    description: "Every source the resolved business is known from (its record and the records linked to it), with its kind and date; empty when none was resolved"
  }),
  sources_tried: optionalField(Schema.Array(SourceTried).annotate({
    description: "The live sources in the verification's scope (each registry's own search, and GLEIF): what each was asked, its outcome (or why it was not asked) and what it can confirm; absent on checks made before it was kept"
  })),
  lists: Schema.Array(ScreenedList).annotate({
    description: "Each list screened (the account's choice) with its publication date and age; any stale one makes the verdict review (lists_stale)"
  }),
  people_screened: optionalField(Schema.Array(ScreenedPerson).annotate({
    description: "Each officer and owner the record names, screened with the business, with their own result; absent on checks made before it was kept"
  })),
  names_screened: optionalField(Schema.Array(NameScreened).annotate({
    description: "Each name screened (the business's, the people's), with the kinds of listed entries it was screened against; absent on checks made before it was kept"
  })),
  review_reason: Schema.NullOr(ReviewReason),
  review_reasons: Schema.Array(ReviewReason),
  checked_at: Schema.String.annotate({ format: "date-time" }),
  check_id: Schema.NullOr(Schema.String).annotate({
    description: "The stored check of this verdict (GET /v1/checks/{id}); null only when the verifier is used as a library"
  })
}) {}
