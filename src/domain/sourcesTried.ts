import type { Confirmable } from "./sourceAccess.js"

/**
 * Which sources a verification tried and what each could confirm (issue 54): per registry in scope, its own live
 * search, and GLEIF. Pure: the Verifier hands in what was asked, each live source's answer, and how the service is
 * configured; this says, per source, what was asked, the outcome, why it was not asked (or why it failed), and what
 * that source can confirm here.
 */

/** What a source was asked: a business's name or its registration number. */
export const askedBy = ["name", "number"] as const
export type AskedBy = (typeof askedBy)[number]

export const triedOutcomes = ["found", "not_found", "failed", "not_asked"] as const
export type TriedOutcome = (typeof triedOutcomes)[number]

/**
 * Why a source was not asked: not_configured (it has a live adapter here, switched off or without credentials),
 * breaker_open (failing lately: not asked until its breaker closes), no_live_source (nothing here can ask it live),
 * answered_from_store (the store already held the business: no live source is asked then), answered_within_ttl (it
 * answered this name within KYB_LIVE_SEARCH_TTL: the store holds its answer), not_searchable (what was given is not
 * something it can look up: a number without digits, a kind of number its search does not take, a name too short).
 */
export const notAskedReasons = ["not_configured", "breaker_open", "no_live_source", "answered_from_store", "answered_within_ttl", "not_searchable"] as const
export type NotAskedReason = (typeof notAskedReasons)[number]

/** Why an asked source gave no usable answer (RegistryUnavailable's reasons, the breaker's aside). */
export const failedReasons = ["transport", "http_status", "decode", "rejected", "timeout", "budget_exceeded", "unreachable"] as const
export type FailedReason = (typeof failedReasons)[number]

export const GLEIF_SOURCE = "gleif"

/** One live source's answer to one question. */
export interface SourceAttempt {
  /** A registry id, or "gleif". */
  readonly source: string
  /** The registry GLEIF was asked about ("*": every one, a name asked without a country); the registry itself otherwise. */
  readonly registry: string
  readonly asked: AskedBy
  /** circuit_open: the breaker refused the call (the source was not asked). */
  readonly answer: "found" | "not_found" | { readonly failed: FailedReason | "circuit_open" }
}

export interface SourceTried {
  readonly source: string
  readonly asked: AskedBy | null
  readonly outcome: TriedOutcome
  readonly reason: NotAskedReason | FailedReason | null
  readonly can_confirm: ReadonlyArray<Confirmable>
}

/** How a registry's own search is reached here: an adapter switched on, one switched off, or none. */
export type OwnSearch = "on" | "off" | "none"

export interface SourcesTriedInput {
  /** The registries in scope: the country's, or (no country) the resolved company's, else those whose own search is on. */
  readonly registries: ReadonlyArray<string>
  /** The registries GLEIF is asked about (default: `registries`); no country given and nothing resolved: every one. */
  readonly gleifScope?: ReadonlyArray<string>
  readonly asked: AskedBy
  readonly attempts: ReadonlyArray<SourceAttempt>
  /** The store held the business, so no live source was asked. */
  readonly storeAnswered: boolean
  /** The name was answered by every live source of its scope within the TTL, so none was asked now. */
  readonly withinTtl: boolean
  readonly ownSearch: (registry: string) => OwnSearch
  readonly gleifOn: boolean
  /** What a source can confirm for a registry's businesses (a registry's own search, or GLEIF there). */
  readonly confirms: (source: string, registry: string) => ReadonlyArray<Confirmable>
}

const order: ReadonlyArray<Confirmable> = ["registered", "status", "officers", "owners"]

const fromAttempts = (attempts: ReadonlyArray<SourceAttempt>, asked: AskedBy): Pick<SourceTried, "asked" | "outcome" | "reason"> | null => {
  if (attempts.some((a) => a.answer === "found")) return { asked, outcome: "found", reason: null }
  const failed = attempts.flatMap((a) => typeof a.answer === "object" ? [a.answer.failed] : [])
  const realFailure = failed.find((f): f is FailedReason => f !== "circuit_open")
  if (realFailure !== undefined) return { asked, outcome: "failed", reason: realFailure }
  if (attempts.some((a) => a.answer === "not_found")) return { asked, outcome: "not_found", reason: null }
  if (failed.length > 0) return { asked: null, outcome: "not_asked", reason: "breaker_open" }
  return null
}

const notAsked = (input: SourcesTriedInput): NotAskedReason =>
  input.storeAnswered ? "answered_from_store" : input.withinTtl ? "answered_within_ttl" : "not_searchable"

/** Per registry in scope its own search, then GLEIF (once, over the scope); what each was asked and answered. */
export const sourcesTried = (input: SourcesTriedInput): ReadonlyArray<SourceTried> => {
  const own = input.registries.map((registry): SourceTried => {
    const can_confirm = input.confirms(registry, registry)
    const mode = input.ownSearch(registry)
    if (mode === "none") return { source: registry, asked: null, outcome: "not_asked", reason: "no_live_source", can_confirm }
    if (mode === "off") return { source: registry, asked: null, outcome: "not_asked", reason: "not_configured", can_confirm }
    const tried = fromAttempts(input.attempts.filter((a) => a.source === registry), input.asked)
    return { source: registry, ...(tried ?? { asked: null, outcome: "not_asked", reason: notAsked(input) }), can_confirm }
  })
  const gleifScope = input.gleifScope ?? input.registries
  if (gleifScope.length === 0) return own
  const confirmsViaGleif = new Set(gleifScope.flatMap((registry) => input.confirms(GLEIF_SOURCE, registry)))
  const can_confirm = order.filter((c) => confirmsViaGleif.has(c))
  const gleif: SourceTried = !input.gleifOn
    ? { source: GLEIF_SOURCE, asked: null, outcome: "not_asked", reason: "not_configured", can_confirm }
    : {
      source: GLEIF_SOURCE,
      ...(fromAttempts(input.attempts.filter((a) => a.source === GLEIF_SOURCE && (a.registry === "*" || gleifScope.includes(a.registry))), input.asked) ??
        { asked: null, outcome: "not_asked", reason: notAsked(input) }),
      can_confirm
    }
  return [...own, gleif]
}
