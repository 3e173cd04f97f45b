import { Schema } from "effect"
import { Int } from "./stated.js"
import { accessTerms, confirmables } from "../sourceAccess.js"

const Confirmable = Schema.Literals(confirmables)
const Terms = Schema.Literals(accessTerms).annotate({
  description: "free: no key; partner_only: credentials the registry issues to partners; paid: a fee per search or extract; captcha; login: an account; no_public_search: nothing online"
})
const LastAnswered = Schema.NullOr(Schema.String).annotate({
  format: "date-time",
  description: "When the source last answered a call from this server (null: not since it started, or never asked)"
})

export class RegistrySource extends Schema.Class<RegistrySource>("RegistrySource")({
  id: Schema.String,
  name: Schema.String,
  kind: Schema.Literals(["own_search", "gleif", "file"]).annotate({
    description: "own_search: the registry's own search or partner API; gleif: the Global LEI Index; file: a free file an operator loads (reference entities only)"
  }),
  live: Schema.Boolean.annotate({ description: "Asked live here now (switched on, with any credentials it needs)" }),
  terms: Schema.Array(Terms),
  confirms: Schema.Array(Confirmable).annotate({ description: "What an answer of this source can confirm" }),
  covers: Schema.String.annotate({ description: "Which businesses the source covers" }),
  evidence: Schema.String.annotate({ description: "The public material the description of the source rests on" }),
  last_answered_at: LastAnswered
}) {}

export class RegistryCoverage extends Schema.Class<RegistryCoverage>("RegistryCoverage")({
  id: Schema.String,
  country: Schema.String,
  name: Schema.String,
  identifier_scheme: Schema.String,
  url: Schema.String,
  live: Schema.Boolean,
  reachable: Schema.NullOr(Schema.Boolean).annotate({
    description: "Live registries: whether the last calls succeeded (circuit closed); null without a live adapter"
  }),
  coverage: Schema.Literals(["live", "registry_not_covered"]).annotate({
    description: "live: a live search of the registry is switched on and asked when the store has no match; registry_not_covered: no live registry here, so a verdict that finds nothing a registry confirmed is review (registry_not_covered), never not_found"
  }),
  record_count: Int,
  last_verified_at: Schema.NullOr(Schema.String).annotate({ format: "date-time" }),
  asked_live: Schema.Literals(["own_search", "gleif", "none"]).annotate({
    description: "How a business of this country is asked live when the store has no match: the registry's own search, GLEIF, or none"
  }),
  confirms_live: Schema.Array(Confirmable).annotate({ description: "What the sources asked live can confirm, together" }),
  terms: Schema.Array(Terms).annotate({ description: "The registry's own terms for a machine" }),
  access_note: Schema.String,
  last_answered_at: LastAnswered,
  sources: Schema.Array(RegistrySource).annotate({
    description: "Every source for businesses of this country: the registry's own (if any), GLEIF, and free files; where nothing is asked live, these say which free source covers which businesses"
  })
}) {}

export class RegistriesResponse extends Schema.Class<RegistriesResponse>("RegistriesResponse")({
  registries: Schema.Array(RegistryCoverage)
}) {}
