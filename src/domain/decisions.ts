import { normalizeName } from "./normalize.js"
import { numberKey } from "./registrationNumbers.js"

/**
 * A reviewer's decisions on sanctions hits, applied to a screening (pure). A `false_positive` decision dismisses the
 * hit it names (list and entry id) for its subject, but only while the entry is unchanged: its content hash must be
 * the one the decision was taken on, so an amended listing comes back for review. A `confirmed` decision is shown on
 * the hit and changes nothing else.
 */
export type DecisionKind = "false_positive" | "confirmed"

export interface DecisionRule {
  readonly id: string
  readonly list: string
  readonly entry_id: string
  readonly entry_hash: string
  readonly decision: DecisionKind
  readonly created_at: string
}

export interface DecidedHit {
  readonly list: string
  readonly entry_id: string
  readonly entry_hash: string
  readonly score: number
}

export interface HitDecision {
  readonly id: string
  readonly decision: DecisionKind
}

/** The decision in force for a hit: the newest on this entry whose hash is the hit's. */
export const decisionFor = (hit: DecidedHit, rules: ReadonlyArray<DecisionRule>): HitDecision | null => {
  const applicable = rules
    .filter((r) => r.list === hit.list && r.entry_id === hit.entry_id && r.entry_hash === hit.entry_hash)
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a.id < b.id ? 1 : -1))
  const rule = applicable[0]
  return rule === undefined ? null : { id: rule.id, decision: rule.decision }
}

export type Outcome = "clear" | "potential_match" | "match"

/** The screening outcome over the hits not dismissed (`matchAt`: the score of a strong hit). */
export const outcomeOf = (hits: ReadonlyArray<DecidedHit & { readonly dismissed: boolean }>, matchAt: number): Outcome => {
  const live = hits.filter((h) => !h.dismissed)
  if (live.length === 0) return "clear"
  return Math.max(...live.map((h) => h.score)) >= matchAt ? "match" : "potential_match"
}

/** Each hit with its decision (or null) and whether it is dismissed. */
export const applyDecisions = <H extends DecidedHit>(hits: ReadonlyArray<H>, rules: ReadonlyArray<DecisionRule>) =>
  hits.map((hit) => {
    const decision = decisionFor(hit, rules)
    return { ...hit, decision, dismissed: decision?.decision === "false_positive" }
  })

/** The subject a decision names, as a key: a name normalised, or a company by country and number (any separators). */
export const nameSubjectKey = (normalizedName: string) => `name:${normalizedName}`
export const companySubjectKey = (country: string, numberKey: string) => `company:${country.toUpperCase()}:${numberKey}`

/** The subjects whose decisions apply to a verification: the name as given, and the resolved company by its legal name and number. */
export const verificationSubjectKeys = (
  inputName: string | undefined,
  company: { readonly legal_name: string; readonly country: string; readonly registration_no: string } | null
): ReadonlyArray<string> => [
  ...(inputName === undefined ? [] : [nameSubjectKey(normalizeName(inputName))]),
  ...(company === null
    ? []
    : [nameSubjectKey(normalizeName(company.legal_name)), companySubjectKey(company.country, numberKey(company.registration_no))])
]
