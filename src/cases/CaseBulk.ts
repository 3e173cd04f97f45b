import { Effect, Context, Layer } from "effect"
import type { Actor, Attribution } from "../access/actor.js"
import { CaseNotFound } from "./errors.js"
import { InvalidApiKey, InvalidRequest } from "../domain/errors.js"
import { CaseBulkAnswer, type CaseBulkBody, CaseBulkResult } from "../domain/schemas/CaseBulk.js"
import { bulkIdsOf } from "../domain/caseQueue.js"
import { hitKey } from "../domain/cases.js"
import { Decisions } from "../decisions/Decisions.js"
import { SecondLooks } from "../decisions/SecondLooks.js"
import { Cases } from "./Cases.js"

type BulkBody = typeof CaseBulkBody.Type
type Entry = { readonly list: string; readonly entry_id: string }

/** The failures a case may answer with: its own (refused, not found); anything else (access ended) ends the whole action. */
type Outcome = { readonly result: CaseBulkResult["result"]; readonly message: string | null; readonly decisionIds: ReadonlyArray<string> }
const changed = (decisionIds: ReadonlyArray<string> = []): Outcome => ({ result: "changed", message: null, decisionIds })

const perCase = <E extends { readonly message: string }, R>(change: Effect.Effect<Outcome, E, R>): Effect.Effect<Outcome, InvalidApiKey, R> =>
  change.pipe(Effect.catch((e): Effect.Effect<Outcome, InvalidApiKey> =>
    e instanceof CaseNotFound ? Effect.succeed({ result: "not_found", message: e.message, decisionIds: [] })
      : e instanceof InvalidApiKey ? Effect.fail(e)
      : Effect.succeed({ result: "refused", message: e.message, decisionIds: [] })))

/**
 * Bulk actions on the queue (issue 55 item 4): one change applied to several cases, each case in its own transaction
 * with its own audit entry and history (all or nothing per case), each answered: changed, proposed (four eyes),
 * refused with the reason, or not found. Four eyes applies per decision exactly as on one case: a bulk decision is a
 * decision per case, judged against that case's hit; a bulk second look is refused, case by case, to the proposer.
 */
export class CaseBulk extends Context.Service<CaseBulk>()("kyb/CaseBulk", {
  make: Effect.gen(function*() {
    const cases = yield* Cases
    const decisions = yield* Decisions
    const secondLooks = yield* SecondLooks

    const answer = (action: string, ids: ReadonlyArray<string>, outcomes: ReadonlyArray<Outcome>) => {
      const results = outcomes.map((o, i) => new CaseBulkResult({ case_id: ids[i]!, result: o.result, message: o.message, decision_ids: o.decisionIds }))
      const done = results.filter((r) => r.result === "changed" || r.result === "proposed").length
      return Effect.as(
        Effect.logInfo("bulk case action").pipe(Effect.annotateLogs({ action, cases: ids.length, changed: done })),
        new CaseBulkAnswer({ action, results, changed: done, refused: results.length - done })
      )
    }

    const apply = Effect.fnUntraced(function*(actor: Actor, body: BulkBody) {
      const ids = bulkIdsOf(body.case_ids)
      if (!ids.ok) return yield* Effect.fail(InvalidRequest.of(ids.message))
      const one = (id: string): Effect.Effect<Outcome, InvalidApiKey> => {
        switch (body.action) {
          case "assign": return perCase(Effect.as(cases.assignOnly(actor, id, body.assignee), changed()))
          case "close": return perCase(Effect.as(cases.closeOnly(actor, id, { outcome: body.outcome, text: body.text, acknowledged: body.acknowledged_reasons ?? [] }), changed()))
          case "decide":
            return perCase(Effect.map(cases.decideOnly(actor, id, { hits: [body.entry], decision: body.decision, note: body.note.trim() }), (rows): Outcome => ({
              result: rows.some((r) => r.approval === "pending") ? "proposed" : "changed",
              message: null,
              decisionIds: rows.map((r) => r.id)
            })))
        }
      }
      const outcomes = yield* Effect.forEach(ids.ids, one)
      return yield* answer(body.action, ids.ids, outcomes)
    })

    /**
     * A member's second look on the same entry across cases (the console's bulk approve or reject): per case, the
     * pending proposal on that entry is reviewed as on its own, so its proposer is refused there, whatever the others.
     */
    const review = Effect.fnUntraced(function*(reviewer: Actor & { readonly by: Attribution }, caseIds: ReadonlyArray<string>, entry: Entry, outcome: "approved" | "rejected", canDecide: boolean, note: string | undefined) {
      const ids = bulkIdsOf(caseIds)
      if (!ids.ok) return yield* Effect.fail(InvalidRequest.of(ids.message))
      const outcomes = yield* Effect.forEach(ids.ids, (id) =>
        perCase(Effect.gen(function*() {
          yield* cases.get(reviewer.accountId, id)
          const pending = (yield* decisions.ofCase(reviewer.accountId, id)).find((d) => d.approval === "pending" && hitKey(d) === hitKey(entry))
          if (pending === undefined) return { result: "refused" as const, message: `No decision on ${entry.list} ${entry.entry_id} waits for a second look on this case.`, decisionIds: [] }
          const settled = yield* secondLooks.review(reviewer, pending.id, outcome, canDecide, note)
          return changed(settled.map((d) => d.id))
        })))
      return yield* answer(outcome === "approved" ? "approve" : "reject", ids.ids, outcomes)
    })

    return { apply, review } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([Cases.Default, Decisions.Default, SecondLooks.Default]))
}
