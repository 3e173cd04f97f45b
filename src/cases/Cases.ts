import { Clock, Effect, Option, Context, Layer } from "effect"
import type { Actor, Attribution } from "../access/actor.js"
import { Cursors } from "../access/Cursors.js"
import { CaseConflict, InvalidApiKey, InvalidRequest } from "../domain/errors.js"
import { CaseNotFound } from "./errors.js"
import { type CaseDecisionBody, CaseDetail, type CaseListParams, CasePage, caseCursorPayload, caseCursorPosition } from "../domain/schemas/Case.js"
import { type AuditAction, Audit } from "../audit/Audit.js"
import { type CaseMove, type CaseOutcome, type CaseStatus, caseStatuses, hitKey, moveCase, needsSecondLook, proposedOn } from "../domain/cases.js"
import { mayCloseWith } from "../domain/caseFlow.js"
import { Decisions, decisionOf } from "../decisions/Decisions.js"
import { RoleForbids } from "../accounts/errors.js"
import { can, refusalOf, type Role } from "../domain/roles.js"
import { Fence } from "../tenancy/Fence.js"
import { caseCheck, caseEvent, caseSummary, closingState, hitsOf, reasonInWords } from "./caseViews.js"
import { type EscalationTarget, escalationOf, overdueBefore } from "../domain/caseQueue.js"
import { type CaseRow, CasesRepo } from "./CasesRepo.js"

type QueueParams = typeof CaseListParams.Type

/** A close as asked: the outcome, its note, and the open reasons the closer acknowledged by name. */
export interface CloseRequest {
  readonly outcome: CaseOutcome
  readonly text: string | null
  readonly acknowledged: ReadonlyArray<string>
}

/** The statuses a queue filter names: one, or every one but closed (the default). */
const statusesOf = (status: QueueParams["status"]): ReadonlyArray<CaseStatus> =>
  status === undefined || status === "active" ? caseStatuses.filter((s) => s !== "closed") : [status]

/**
 * Cases (issue 40): the one review queue. Every verdict in review opens or joins its subject's case (in the check's
 * transaction, `CasesRepo.intake`); members (or keys) assign, comment, escalate and close them, and decide their
 * hits, each change in the audit trail and in the case's history. The console, /v1/cases and MCP all use this.
 */
export class Cases extends Context.Service<Cases>()("kyb/Cases", {
  make: Effect.gen(function*() {
    const repo = yield* CasesRepo
    const audit = yield* Audit
    const fence = yield* Fence
    const decisions = yield* Decisions
    const cursors = yield* Cursors

    const queue = (accountId: string, params: QueueParams) =>
      Effect.gen(function*() {
        const limit = params.limit ?? 25
        const sort = params.sort ?? "age"
        const pager = yield* cursors.bind({
          list: "cases",
          accountId,
          filters: {
            status: params.status, reason: params.reason, list: params.list, assignee: params.assignee, min_age_days: params.min_age_days, pending: params.pending, sort,
            waiting_for: params.waiting_for, overdue: params.overdue
          }
        })
        const hours = yield* repo.serviceLevel(accountId).pipe(Effect.orDie)
        const now = yield* Clock.currentTimeMillis
        const payload = yield* pager.open(params.cursor)
        const after = payload === null ? null : caseCursorPosition(payload)
        if (payload !== null && after === null) return yield* Effect.fail(InvalidRequest.of("cursor: must be a next_cursor this list gave"))
        const rows = yield* repo.queue(accountId, {
          statuses: statusesOf(params.status),
          reason: params.reason ?? null,
          list: params.list ?? null,
          assignee: params.assignee ?? null,
          minAgeDays: params.min_age_days ?? null,
          pendingOnly: params.pending === "true",
          waitingFor: params.waiting_for ?? null,
          // with no service level nothing is overdue: the filter keeps no case
          openedBefore: params.overdue === "true" ? overdueBefore(hours, now) ?? new Date(0) : null
        }, sort, after, limit + 1).pipe(Effect.orDie)
        const shown = rows.slice(0, limit)
        const last = shown.at(-1)
        return new CasePage({
          service_hours: hours,
          cases: shown.map((r) => caseSummary(r, now, hours)),
          next_cursor: rows.length > limit && last !== undefined
            ? pager.sealText(caseCursorPayload(sort === "age" ? last.opened_key : sort === "score" ? last.best_score : last.reasons.length, last.id))
            : null
        })
      })

    const found = (accountId: string, id: string) =>
      Effect.flatMap(repo.find(accountId, id).pipe(Effect.orDie), Option.match({
        onNone: () => Effect.fail(CaseNotFound.of(`No case ${id} for this account.`)),
        onSome: Effect.succeed
      }))

    const get = (accountId: string, id: string) =>
      Effect.gen(function*() {
        const row = yield* found(accountId, id)
        const [checks, history, taken, hours] = yield* Effect.all([repo.checks(id, 50), repo.events(id), decisions.ofCase(accountId, id), repo.serviceLevel(accountId)]).pipe(Effect.orDie)
        return new CaseDetail({
          case: caseSummary(row, yield* Clock.currentTimeMillis, hours),
          checks: checks.map(caseCheck),
          decisions: taken.map(decisionOf),
          history: history.map(caseEvent)
        })
      })

    /**
     * A change to a case in one fenced transaction with the case row locked: `change` runs on it as it is now; its
     * audit entry is in the same transaction (a bulk action makes one of these per case: all or nothing per case).
     */
    const changeOnly = <A>(actor: Actor, id: string, action: AuditAction, change: (row: CaseRow) => Effect.Effect<A, CaseConflict | InvalidRequest, never>,
      details: (a: A) => Readonly<Record<string, string | number | boolean | null>>) =>
      Effect.gen(function*() {
        // the case is read (and locked) inside the transaction only: a bulk action makes one of these per case
        return yield* fence.guarded("case", actor, "account", Effect.gen(function*() {
          const row = yield* repo.find(actor.accountId, id, true)
          if (Option.isNone(row)) return yield* Effect.fail(CaseNotFound.of(`No case ${id} for this account.`))
          const a = yield* change(row.value)
          yield* audit.record(actor, { action, object: { type: "case", id }, details: details(a) })
          return a
        })).pipe(Effect.catchTag("AccessEnded", (ended) => Effect.fail(InvalidApiKey.of(ended.message))), Effect.catchTag("SqlError", Effect.die))
      })

    /** The change, then the case as it is after. */
    const changing = <A>(actor: Actor, id: string, action: AuditAction, change: (row: CaseRow) => Effect.Effect<A, CaseConflict | InvalidRequest, never>,
      details: (a: A) => Readonly<Record<string, string | number | boolean | null>>) =>
      Effect.andThen(changeOnly(actor, id, action, change, details), get(actor.accountId, id))

    const moveOnly = (actor: Actor, id: string, m: CaseMove, action: AuditAction, kind: string,
      guard: (row: CaseRow) => Effect.Effect<void, CaseConflict | InvalidRequest> = () => Effect.void, extra: Readonly<Record<string, string>> = {}) =>
      changeOnly(actor, id, action, (row) =>
        Effect.gen(function*() {
          if (row.status !== "closed") yield* guard(row)
          const next = moveCase(row.status, m)
          if (!next.ok) return yield* Effect.fail(CaseConflict.of(next.message))
          yield* repo.update(id, m.type === "close"
            ? { status: next.status, outcome: next.outcome, outcomeText: next.outcomeText, closedBy: actor.by }
            : { status: next.status }).pipe(Effect.orDie)
          yield* repo.event(id, actor.by, kind, null, { from: row.status, to: next.status, ...(next.outcome === null ? {} : { outcome: next.outcome }), ...extra }).pipe(Effect.orDie)
          return { from: row.status, to: next.status, outcome: next.outcome, text: next.outcomeText }
        }), (a) => ({ from: a.from, to: a.to, outcome: a.outcome, text: a.text, ...extra }))

    /** Give the case to a member (null: nobody); giving it to oneself starts the work on an open case. */
    const assignOnly = (actor: Actor, id: string, assignee: string | null) =>
      changeOnly(actor, id, "case.assigned", (row) =>
        Effect.gen(function*() {
          if (row.status === "closed") return yield* Effect.fail(CaseConflict.of("The case is closed; nothing to hold."))
          const member = assignee === null ? Option.none() : yield* repo.member(actor.accountId, assignee).pipe(Effect.orDie)
          if (assignee !== null && Option.isNone(member)) return yield* Effect.fail(CaseConflict.of(`${assignee} is not a member of this account.`))
          const start = assignee !== null && row.status === "open"
          yield* repo.update(id, { assigneeId: assignee, ...(start ? { status: "in_progress" as const } : {}) }).pipe(Effect.orDie)
          const name = Option.match(member, { onNone: () => null, onSome: (m) => m.name })
          yield* repo.event(id, actor.by, "assigned", null, { assignee, assignee_name: name, ...(start ? { from: "open", to: "in_progress" } : {}) }).pipe(Effect.orDie)
          return { assignee, name }
        }), (a) => ({ assignee: a.assignee, assignee_name: a.name }))
    const assign = (actor: Actor, id: string, assignee: string | null) => Effect.andThen(assignOnly(actor, id, assignee), get(actor.accountId, id))

    /** A member takes the case: assigned to themselves. */
    const takeCase = (actor: Actor & { readonly by: Attribution & { readonly type: "member" } }, id: string) => assign(actor, id, actor.by.id)

    const comment = (actor: Actor, id: string, text: string) =>
      changing(actor, id, "case.commented", () =>
        Effect.gen(function*() {
          const body = text.trim()
          if (body === "" || body.length > 4000) return yield* Effect.fail(InvalidRequest.of("text: must be 1 to 4000 characters"))
          yield* repo.event(id, actor.by, "commented", body, {}).pipe(Effect.orDie)
          return body.length
        }), (length) => ({ length }))

    /**
     * Escalate: with a reason, to a member (who then holds the case) or to a role (its members find it waiting for
     * them), from the console and the API alike.
     */
    const escalate = (actor: Actor, id: string, to: { readonly reason: string; readonly to: EscalationTarget }) =>
      changing(actor, id, "case.escalated", (row) =>
        Effect.gen(function*() {
          const next = moveCase(row.status, { type: "escalate" })
          if (!next.ok) return yield* Effect.fail(CaseConflict.of(next.message))
          const target = to.to
          const member = target.type === "member" ? yield* repo.member(actor.accountId, target.id).pipe(Effect.orDie) : Option.none()
          if (target.type === "member" && Option.isNone(member)) return yield* Effect.fail(CaseConflict.of(`${target.id} is not a member of this account.`))
          const memberId = target.type === "member" ? target.id : null
          const role = target.type === "role" ? target.role : null
          const words = Option.match(member, { onNone: () => role === null ? null : `every ${role}`, onSome: (m) => m.name })
          yield* repo.update(id, { status: next.status, escalatedTo: { member: memberId, role }, ...(memberId === null ? {} : { assigneeId: memberId }) }).pipe(Effect.orDie)
          yield* repo.event(id, actor.by, "escalated", to.reason, { from: row.status, to: next.status, escalated_to: words, member: memberId, role }).pipe(Effect.orDie)
          return { from: row.status, to: next.status, escalated_to: words, reason: to.reason }
        }), (a) => a)
    /**
     * Closes the case with its outcome and a note (issue 55): `cleared` only with each open reason other than a
     * sanctions match acknowledged, "resolved by a later check" only when its latest check resolved it. Alone (a bulk
     * close makes one per case), or answering the case as it is after.
     */
    /** An escalation as asked (the console's form, the API's body): a reason and a target, or 400 saying which is wrong. */
    const escalateAsked = (actor: Actor, id: string, reason: string | undefined, to: string | undefined) => {
      const asked = escalationOf(reason, to)
      return asked.ok ? escalate(actor, id, asked) : Effect.fail(InvalidRequest.of(asked.message))
    }

    const closeOnly = (actor: Actor, id: string, c: CloseRequest) =>
      moveOnly(actor, id, { type: "close", outcome: c.outcome, text: c.text }, "case.closed", "closed", (row) => {
        const allowed = mayCloseWith({ outcome: c.outcome, note: c.text, acknowledged: c.acknowledged }, closingState(row), reasonInWords)
        return allowed.ok ? Effect.void
          : Effect.fail(allowed.reason === "note_required" ? InvalidRequest.of(allowed.message) : CaseConflict.of(allowed.message))
      }, c.acknowledged.length === 0 ? {} : { acknowledged: c.acknowledged.join(",") })
    const close = (actor: Actor, id: string, c: CloseRequest) => Effect.andThen(closeOnly(actor, id, c), get(actor.accountId, id))

    /**
     * Decides hits of the case's latest check that reports them, each with the entries linked to it on other lists
     * (one entity, decided once). Under the account's four-eyes policy, a false positive on a group whose best hit
     * scores at or above the threshold, or matches a name exactly, waits for a second member.
     */
    const decideOnly = (actor: Actor, id: string, body: typeof CaseDecisionBody.Type) =>
      Effect.gen(function*() {
        const row = yield* found(actor.accountId, id)
        if (row.status === "closed") return yield* Effect.fail(CaseConflict.of("The case is closed; it opens again when a check brings something new."))
        const checks = yield* repo.checks(id, 50).pipe(Effect.orDie)
        const reported = checks.flatMap((c) => hitsOf(c.verdict))
        const { policy } = yield* decisions.policyOf(actor.accountId)
        const groups = yield* Effect.forEach(body.hits, (wanted) => {
          const hit = reported.find((h) => h.list === wanted.list && h.entry_id === wanted.entry_id)
          if (hit === undefined) return Effect.fail(CaseConflict.of(`The case's checks report no hit ${wanted.list} ${wanted.entry_id}.`))
          const entries = [{ list: hit.list, entry_id: hit.entry_id }, ...hit.linked.map((l) => ({ list: l.list, entry_id: l.entry_id }))]
          const scores = [hit, ...reported.filter((h) => entries.some((e) => hitKey(e) === hitKey(h)))]
          const pending = scores.some((h) => needsSecondLook(policy, body.decision, proposedOn(h)))
          return Effect.succeed({ entries, pending })
        })
        const subject = row.subject["registration_no"] !== undefined && row.subject["country"] !== undefined
          ? { country: row.subject["country"], registration_no: row.subject["registration_no"] }
          : { name: row.subject["name_given"] ?? row.subject["name"] ?? "", ...(row.subject["country"] === undefined ? {} : { country: row.subject["country"] }) }
        const unique = <E extends { readonly list: string; readonly entry_id: string }>(list: ReadonlyArray<E>) =>
          [...new Map(list.map((e) => [hitKey(e), e])).values()]
        // each entity held back (a hit with its linked entries) is one proposal: reviewed once, as a whole
        const waiting = unique(groups.flatMap((g, group) => g.pending ? g.entries.map((e) => ({ ...e, group })) : []))
        const direct = unique(groups.filter((g) => !g.pending).flatMap((g) => g.entries)).filter((e) => !waiting.some((w) => hitKey(w) === hitKey(e)))
        return yield* decisions.take(actor, { subject, entries: direct, waiting, decision: body.decision, note: body.note, caseId: id })
      })
    const decide = (actor: Actor, id: string, body: typeof CaseDecisionBody.Type) => Effect.andThen(decideOnly(actor, id, body), get(actor.accountId, id))

    const openCount = (accountId: string) => repo.openCount(accountId).pipe(Effect.orDie)

    /** Proposals waiting for a second look this member may give (their own left out): the menu's count. */
    const awaitingCount = (accountId: string, memberId: string) => decisions.awaitingCount(accountId, memberId)

    /** Four eyes (item 4): whether a false positive on a strong match waits for a second member, and from which score. */
    const reviewPolicy = (accountId: string) => Effect.map(decisions.policyOf(accountId), (p) => p.policy)

    /** Set by an owner or an admin, in one fenced transaction with its audit entry. */
    const setReviewPolicy = (actor: Actor, role: Role, policy: { readonly enabled: boolean; readonly threshold: number }) =>
      Effect.gen(function*() {
        if (!can(role, "manage")) return yield* new RoleForbids({ message: refusalOf(role, "manage") })
        if (!(Number.isFinite(policy.threshold) && policy.threshold >= 0.5 && policy.threshold <= 1)) {
          return yield* Effect.fail(InvalidRequest.of("threshold: must be a score from 0.5 to 1"))
        }
        yield* fence.guarded("review_policy", actor, "account", Effect.andThen(
          repo.setReviewPolicy(actor.accountId, policy, actor.by),
          audit.record(actor, { action: "account.review_policy_changed", object: { type: "account", id: actor.accountId }, details: { four_eyes: policy.enabled, threshold: policy.threshold } })
        )).pipe(Effect.catchTag("AccessEnded", (ended) => Effect.fail(InvalidApiKey.of(ended.message))), Effect.catchTag("SqlError", Effect.die))
      })

    return { queue, get, assign, assignOnly, takeCase, comment, escalate, escalateAsked, close, closeOnly, decide, decideOnly, openCount, awaitingCount, reviewPolicy, setReviewPolicy } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([CasesRepo.Default, Fence.Default, Audit.Default, Decisions.Default, Cursors.Default]))
}
