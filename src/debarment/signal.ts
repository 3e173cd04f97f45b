import type { SanctionsHit } from "../sanctions/matching/screen.js"
import { isDebarmentList } from "../sanctions/model.js"

/** One debarment found for the screened names: the list entry hit, and who debarred it, why and for how long. */
export interface DebarmentFinding {
  readonly institution: string
  readonly grounds: string
  readonly from: string | null
  /** Last day of ineligibility; null: indefinite. */
  readonly to: string | null
  /** In force on the day of the check. */
  readonly active: boolean
  readonly list: "worldbank_debarred"
  readonly entry_id: string
  readonly name: string
  readonly matched_name: string
  readonly score: number
  readonly screened_name: string
  readonly list_version: string
  readonly entry_hash: string
  readonly explanation: SanctionsHit["explanation"]
}

export interface DebarredSignal {
  /** At least one debarment is in force: the verdict is `review` (`debarred`). */
  readonly active: boolean
  readonly debarments: ReadonlyArray<DebarmentFinding>
}

/** In force on `today` (YYYY-MM-DD): begun, and not ended before today. */
export const debarmentInForce = (period: { readonly from: string | null; readonly to: string | null }, today: string): boolean =>
  (period.from === null || period.from <= today) && (period.to === null || period.to >= today)

/**
 * The debarment signal from the hits of a debarment-list screening: null when nothing was found; an ended
 * debarment is reported (`active: false`) but does not flag the verdict.
 */
export const debarredSignal = (hits: ReadonlyArray<SanctionsHit>, today: string): DebarredSignal | null => {
  const debarments = hits.flatMap((h): ReadonlyArray<DebarmentFinding> => {
    const d = h.debarment
    const list = h.list
    if (d === undefined || !isDebarmentList(list)) return []
    return [{
      institution: d.institution,
      grounds: d.grounds,
      from: d.from,
      to: d.to,
      active: debarmentInForce(d, today),
      list,
      entry_id: h.entry_id,
      name: h.name,
      matched_name: h.matched_name,
      score: h.score,
      screened_name: h.screened_name,
      list_version: h.list_version,
      entry_hash: h.entry_hash,
      explanation: h.explanation
    }]
  })
  return debarments.length === 0 ? null : { active: debarments.some((d) => d.active), debarments }
}
