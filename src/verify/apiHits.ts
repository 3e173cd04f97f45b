import { SanctionsHit } from "../domain/schemas/Verdict.js"
import { typedValues } from "../domain/schemas/trusted.js"
import type { HitDecision } from "../domain/decisions.js"
import type { ScreeningResult } from "../sanctions/matching/screen.js"
import { isDebarmentList } from "../sanctions/model.js"

/** A screened hit with the reviewer's decision applied (`applyDecisions`). */
export type DecidedScreenHit = ScreeningResult["hits"][number] & { readonly decision: HitDecision | null; readonly dismissed: boolean }

/**
 * The hits as the API reports them (a verdict's `sanctions.hits`, a screening's `hits`): every sanctions hit with its
 * list facts, decision and explanation; debarment entries are a signal of their own, never a sanctions hit.
 */
export const sanctionsHitsOf = (hits: ReadonlyArray<DecidedScreenHit>): ReadonlyArray<SanctionsHit> =>
  hits.flatMap((h) => {
    const list = h.list
    return isDebarmentList(list) ? [] : [new SanctionsHit({
      list,
      entry_id: h.entry_id,
      name: h.name,
      matched_name: h.matched_name,
      score: h.score,
      programs: [...h.programs],
      entity_type: h.entity_type,
      listed_on: h.listed_on,
      list_version: h.list_version,
      screened_name: h.screened_name,
      screened_from: h.screened_from,
      entry_hash: h.entry_hash,
      listing: h.listing,
      decision: h.decision,
      dismissed: h.dismissed,
      explanation: h.explanation,
      linked: h.linked.flatMap((l) => isDebarmentList(l.list) ? [] : [{ ...l, list: l.list }])
    }, typedValues)]
  })
