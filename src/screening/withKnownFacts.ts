import { type KnownFacts, scoreWithFacts, weighKnownFacts } from "../domain/knownFacts.js"
import { THRESHOLDS } from "../sanctions/matching/scoring.js"
import type { ScreeningResult } from "../sanctions/matching/screen.js"

type Hit = ScreeningResult["hits"][number]

const signed = (n: number) => `${n >= 0 ? "+" : ""}${n.toFixed(2)}`

/**
 * The hits of one name with what the caller knows of it weighed in (`weighKnownFacts`): each hit's score moved by the
 * facts' effects (never below the review threshold for a hit that reached it), its explanation given one factor per
 * fact and a summary that says them; best first again. Hits of other names (`applies` false) pass unchanged.
 */
export const withKnownFacts = (hits: ReadonlyArray<Hit>, known: KnownFacts, applies: (hit: Hit) => boolean = () => true): ReadonlyArray<Hit> =>
  hits.map((hit) => {
    if (!applies(hit)) return hit
    const factors = weighKnownFacts(known, { entity_type: hit.entity_type, identifiers: hit.listing.identifiers, details: hit.listing.details })
    if (factors.length === 0) return hit
    const score = scoreWithFacts(hit.score, factors, THRESHOLDS.review)
    const said = factors.map((f) => `${f.detail} (${signed(f.effect)})`).join("; ")
    return {
      ...hit,
      score,
      explanation: {
        summary: `${hit.explanation.summary}; what the caller knows: ${said}; score ${score}`,
        factors: [...hit.explanation.factors, ...factors]
      }
    }
  }).sort((a, b) => b.score - a.score)

