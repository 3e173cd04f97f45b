import { Schema } from "effect"
import { confirmables } from "../sourceAccess.js"
import { askedBy, failedReasons, notAskedReasons, triedOutcomes } from "../sourcesTried.js"

/** A source a verification tried (issue 54): what it was asked, what it answered, and what it can confirm. */
export const SourceTried = Schema.Struct({
  source: Schema.String.annotate({ description: "The registry's own live search (its id, e.g. ng-cac) or gleif" }),
  asked: Schema.NullOr(Schema.Literals(askedBy)).annotate({ description: "What it was asked: the name or the registration number; null when not asked" }),
  outcome: Schema.Literals(triedOutcomes).annotate({
    description: "found: it holds the business (GLEIF: confirmed it against the registry); not_found: it answered without it; failed: it gave no usable answer (reason); not_asked: see reason"
  }),
  reason: Schema.NullOr(Schema.Literals([...notAskedReasons, ...failedReasons])).annotate({
    description: "Why not asked: not_configured (switched off or no credentials), breaker_open (failing lately), no_live_source (nothing here can ask it live), answered_from_store (the store held the business), answered_within_ttl (it answered this name lately; the store holds its answer), not_searchable (what was given is not something it can look up). Why failed: transport, http_status, decode, rejected, timeout, budget_exceeded, unreachable. Null when found or not_found"
  }),
  can_confirm: Schema.Array(Schema.Literals(confirmables)).annotate({
    description: "What an answer of this source can confirm for a business of this registry (GLEIF confirms registered only where its registration-authority code for the register is known)"
  })
}).annotate({ identifier: "SourceTried", description: "A live source in the verification's scope: what it was asked, its outcome, and what it can confirm" })
