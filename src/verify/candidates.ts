import type { CompanyDetails } from "../companies/CompanyRepo.js"
import type { CompanyJson, ResolvedCandidate } from "../search/CompanySearch.js"
import type { AskedBy, SourceAttempt } from "../domain/sourcesTried.js"
import { designates, rescore } from "./resolution.js"

/** A stored company the inputs designate. */
export interface Found {
  readonly companyId: string
  readonly company: CompanyJson
  /** Read with the row when the look-up could (by number in a country). */
  readonly details?: CompanyDetails
}

export const foundOf = (companyId: string, company: CompanyJson): Found => ({ companyId, company })

/** What resolving the inputs gave, and what could not be checked. */
export interface Resolution {
  readonly found: Found | null
  /** When nothing is resolved: the closest candidates, best first. */
  readonly candidates: ReadonlyArray<ScoredFound>
  readonly matchConfidence: number
  readonly ambiguous: boolean
  /** A live registry that had to be asked gave no usable answer. */
  readonly registryUnreachable: boolean
  /** A live registry was asked and answered (found the business or said it has none). */
  readonly registryAnswered: boolean
  /** What the live sources were asked and answered (a verdict's sources_tried). */
  readonly tried: Tried
}

/** The live sources asked for one verification: each one's answer, or why none was asked. */
export interface Tried {
  readonly asked: AskedBy
  readonly attempts: ReadonlyArray<SourceAttempt>
  /** The store held the business: no live source was asked. */
  readonly storeAnswered: boolean
  /** Every live source had answered this name within KYB_LIVE_SEARCH_TTL: none was asked now. */
  readonly withinTtl: boolean
}

/** `registry_reachable`: false when a registry asked failed, true when one asked answered, null when none was asked. */
export const registryReachable = (r: Pick<Resolution, "registryUnreachable" | "registryAnswered">): boolean | null =>
  r.registryUnreachable ? false : r.registryAnswered ? true : null

export interface ScoredFound {
  readonly score: number
  readonly found: Found
}

export const MAX_CANDIDATES = 5

/** The search cascade's candidates, re-scored for a verdict: best first. */
export const rescoredCandidates = (name: string, found: ReadonlyArray<ResolvedCandidate>) =>
  rescore(
    name,
    found.map((c) => ({
      legalName: c.company.legal_name,
      country: c.company.country,
      matchType: c.match_type,
      matchScore: c.match_score,
      found: foundOf(c.companyId, c.company)
    }))
  ).map((c) => ({
    score: c.score,
    found: c.found,
    // A whole alias or number found it; otherwise the legal name must designate the business named.
    designating: c.matchType === "alias" || c.matchType === "id" || designates(name, c.legalName)
  }))

export const unresolved = (
  tried: Tried,
  options: {
    readonly ambiguous?: boolean
    readonly unreachable?: boolean
    readonly answered?: boolean
    readonly confidence?: number
    readonly candidates?: ReadonlyArray<ScoredFound>
  } = {}
): Resolution => ({
  found: null,
  candidates: (options.candidates ?? []).slice(0, MAX_CANDIDATES),
  matchConfidence: options.confidence ?? 0,
  ambiguous: options.ambiguous ?? false,
  registryUnreachable: options.unreachable ?? false,
  registryAnswered: options.answered ?? false,
  tried
})

export const round2 = (n: number) => Math.round(n * 100) / 100
