import { Effect, Option, Context, Layer } from "effect"
import type { Actor, Attribution } from "../access/actor.js"
import { CaseConflict, InvalidApiKey, InvalidRequest } from "../domain/errors.js"
import { DecisionNotFound, NotTheProposer } from "./errors.js"
import { Audit } from "../audit/Audit.js"
import { CasesRepo } from "../cases/CasesRepo.js"
import { mayReview, mayWithdraw, REVIEW_NOTE_MAX, reviewNoteOf } from "../domain/cases.js"
import { Fence } from "../tenancy/Fence.js"
import { Decisions, decisionOf } from "./Decisions.js"
import { type DecisionRow, DecisionsRepo, type ProposalOutcome } from "./DecisionsRepo.js"

/** The Awaiting approval view's page: the oldest pending decisions, at most this many. */
export const AWAITING_LIMIT = 500

/**
 * Four eyes' second look (issue 52): a pending proposal (the decisions proposed together on one entity) is approved
 * or rejected once, as a whole, with a note, by a member who is not its proposer; or withdrawn by its proposer. The
 * proposer is a member, whatever door they used: a key acts for the member who made it. Each change is in the audit
 * trail and its case's history, in the transaction that makes it; of two at once exactly one changes it.
 */
export class SecondLooks extends Context.Service<SecondLooks>()("kyb/SecondLooks", {
  make: Effect.gen(function*() {
    const repo = yield* DecisionsRepo
    const cases = yield* CasesRepo
    const decisions = yield* Decisions
    const audit = yield* Audit
    const fence = yield* Fence

    const found = (accountId: string, id: string) =>
      Effect.flatMap(repo.find(accountId, id).pipe(Effect.orDie), Option.match({
        onNone: () => Effect.fail(DecisionNotFound.of(`No decision ${id} for this account.`)),
        onSome: Effect.succeed
      }))

    /** Settles the proposal in one fenced transaction: its decisions, their audit entries, events and case history. */
    const settle = Effect.fnUntraced(function*(actor: Actor & { readonly by: Attribution }, row: DecisionRow, o: ProposalOutcome) {
      const settled = yield* fence.guarded("decision_review", actor, "account", Effect.gen(function*() {
        const rows = yield* repo.settle(actor.accountId, row.proposal_id, o)
        const { plan } = yield* repo.policy(actor.accountId)
        for (const d of rows) {
          yield* audit.record(actor, {
            action: `decision.${o.outcome}`,
            object: { type: "decision", id: d.id },
            details: { list: d.list, entry_id: d.entry_id, case_id: d.case_id, proposal_id: d.proposal_id, note: o.note }
          })
          if (o.outcome !== "withdrawn") yield* decisions.announce(actor, `decision.${o.outcome}`, d, plan)
          if (d.case_id !== null) {
            yield* cases.event(d.case_id, actor.by, `decision_${o.outcome}`, o.note, { decision_id: d.id, list: d.list, entry_id: d.entry_id })
          }
        }
        return rows
      })).pipe(Effect.catchTag("AccessEnded", (ended) => Effect.fail(InvalidApiKey.of(ended.message))), Effect.catchTag("SqlError", Effect.die))
      if (settled.length === 0) {
        return yield* Effect.fail(CaseConflict.of("Another member reviewed this decision first, or its proposer withdrew it; it is no longer pending."))
      }
      yield* Effect.logInfo("proposal settled").pipe(Effect.annotateLogs({ outcome: o.outcome, decisions: settled.length }))
      return settled.map(decisionOf)
    })

    /**
     * A member's approval or rejection of a pending proposal, with a required note: refused (409) to its proposer (a
     * key acts for the member who made it), to a key, and to a role that cannot decide.
     */
    const review = Effect.fnUntraced(function*(reviewer: Actor & { readonly by: Attribution }, id: string, outcome: "approved" | "rejected", canDecide: boolean, rawNote: string | undefined) {
      const note = reviewNoteOf(rawNote)
      if (!note.ok) return yield* Effect.fail(InvalidRequest.of(note.message))
      const row = yield* found(reviewer.accountId, id)
      const allowed = mayReview(row.approval, row.proposer_member, { type: reviewer.by.type, id: reviewer.by.id, canDecide })
      if (!allowed.ok) return yield* Effect.fail(CaseConflict.of(allowed.message))
      return yield* settle(reviewer, row, { outcome, by: reviewer.by, note: note.note })
    })

    /** The member an actor acts for: the member, or the member who made its key (null: nobody known). */
    const memberOf = (actor: Actor) =>
      actor.by?.type === "member" ? Effect.succeed<string | null>(actor.by.id)
        : actor.keyId === null ? Effect.succeed<string | null>(null)
        : repo.keyMaker(actor.keyId).pipe(Effect.orDie)

    /** Its proposer takes a pending proposal back (from the console, or with a key they made); anyone else is refused (403). */
    const withdraw = Effect.fnUntraced(function*(actor: Actor, id: string, rawNote: string | undefined) {
      const by = actor.by
      if (by === null) return yield* Effect.fail(NotTheProposer.of("Only the member who proposed this decision may withdraw it."))
      const note = (rawNote ?? "").trim()
      if (note.length > REVIEW_NOTE_MAX) return yield* Effect.fail(InvalidRequest.of(`note: at most ${REVIEW_NOTE_MAX} characters`))
      const row = yield* found(actor.accountId, id)
      const allowed = mayWithdraw(row.approval, row.proposer_member, yield* memberOf(actor))
      if (!allowed.ok) return yield* Effect.fail(allowed.reason === "not_pending" ? CaseConflict.of(allowed.message) : NotTheProposer.of(allowed.message))
      return yield* settle({ ...actor, by }, row, { outcome: "withdrawn", by, note: note === "" ? null : note })
    })

    /** The account's pending decisions, oldest first (every door's: each is in the case of its subject). */
    const awaiting = (accountId: string) => repo.pending(accountId, AWAITING_LIMIT).pipe(Effect.orDie, Effect.map((rows) => rows.map(decisionOf)))

    return { review, withdraw, awaiting } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(
    Layer.provide([DecisionsRepo.Default, CasesRepo.Default, Decisions.Default, Audit.Default, Fence.Default])
  )
}
