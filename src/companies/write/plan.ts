import { fromObservation, mergeObservation } from "./merge.js"
import type { Confidence } from "./merge.js"
import type { CompanyState, Observation } from "./state.js"

export const companyKey = (c: { readonly registry_id: string; readonly registration_key: string }) =>
  `${c.registry_id}\u0000${c.registration_key}`

export interface BatchPlan {
  readonly inserted: number
  readonly updated: number
  readonly unchanged: number
  /** New companies, final state after every observation of the batch. */
  readonly inserts: ReadonlyArray<CompanyState>
  /** Held companies whose state changed. */
  readonly updates: ReadonlyArray<CompanyState>
}

/**
 * Folds a batch of observations, in order, into the held companies. Each observation counts once: inserted
 * (first sight of the company), updated (the state changed) or unchanged.
 */
export const planBatch = (
  observations: ReadonlyArray<Observation>,
  held: ReadonlyMap<string, CompanyState>,
  confidence: Confidence
): BatchPlan => {
  const working = new Map<string, CompanyState>()
  let inserted = 0
  let updated = 0
  let unchanged = 0
  for (const observation of observations) {
    const key = companyKey(observation)
    const current = working.get(key) ?? held.get(key)
    if (current === undefined) {
      working.set(key, fromObservation(observation, confidence))
      inserted++
      continue
    }
    const next = mergeObservation(current, observation, confidence)
    if (next.content_hash === current.content_hash) {
      unchanged++
    } else {
      working.set(key, next)
      updated++
    }
  }
  const inserts: Array<CompanyState> = []
  const updates: Array<CompanyState> = []
  for (const [key, state] of working) {
    const before = held.get(key)
    if (before === undefined) inserts.push(state)
    else if (before.content_hash !== state.content_hash) updates.push(state)
  }
  return { inserted, updated, unchanged, inserts, updates }
}
