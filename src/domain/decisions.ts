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
  /** The country a name's decision was recorded for (it applies there only); null or absent: everywhere. */
  readonly scope_country?: string | null
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

const scoped = (r: DecisionRule) => (r.scope_country ?? null) !== null

/**
 * The decision in force for a hit, among the rules that apply to the verification (those of its country and those
 * without one): on this entry, whose hash is the hit's; one recorded for the country before one for everywhere; the
 * newest first.
 */
export const decisionFor = (hit: DecidedHit, rules: ReadonlyArray<DecisionRule>): HitDecision | null => {
  const applicable = rules
    .filter((r) => r.list === hit.list && r.entry_id === hit.entry_id && r.entry_hash === hit.entry_hash)
    .sort((a, b) =>
      scoped(a) !== scoped(b) ? (scoped(a) ? -1 : 1)
      : a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a.id < b.id ? 1 : -1
    )
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

/**
 * The subjects a verification's decisions are looked up by: the name as given, and the resolved company by its legal
 * name and by its number (`normalize` and `numberOf` are the service's own name and number keys).
 */
export const decisionSubjectKeys = (
  name: string | undefined,
  company: {
    readonly legal_name: string
    readonly country: string
    readonly registration_no: string | null
    readonly reference_id?: string | null
  } | null,
  keys: { readonly normalize: (name: string) => string; readonly numberOf: (registrationNo: string) => string }
): ReadonlyArray<string> => [
  ...(name === undefined ? [] : [nameSubjectKey(keys.normalize(name))]),
  ...(company === null
    ? []
    : [
      nameSubjectKey(keys.normalize(company.legal_name)),
      // A reference entity (no registration number) is named by its reference id.
      ...[company.registration_no ?? company.reference_id ?? null].flatMap((id) => id === null ? [] : [companySubjectKey(company.country, keys.numberOf(id))])
    ])
]
