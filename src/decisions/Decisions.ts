import { Effect, Option, Context, Layer } from "effect"
import { randomUUID } from "node:crypto"
import type { Actor, PageParams } from "../access/actor.js"
import { Cursors } from "../access/Cursors.js"
import { InvalidApiKey } from "../domain/errors.js"
import { ListEntryNotFound } from "./errors.js"
import { Decision, DecisionPage } from "../domain/schemas/Decision.js"
import type { DecisionBody } from "../domain/schemas/Decision.js"
import { decisionStatusOf, hitKey } from "../domain/cases.js"
import { CasesRepo } from "../cases/CasesRepo.js"
import { companySubjectKey, decisionSubjectKeys, type DecisionKind, nameSubjectKey } from "../domain/decisions.js"
import { normalizeName } from "../domain/normalize.js"
import { numberKey } from "../domain/registrationNumbers.js"
import { Screener } from "../sanctions/Screener.js"
import { Fence } from "../tenancy/Fence.js"
import { Limits } from "../tenancy/Limits.js"
import { Audit } from "../audit/Audit.js"
import type { DecisionQuery } from "../verify/Verifier.js"
import { WebhookEvents } from "../webhooks/WebhookEvents.js"
import { type DecisionRow, DecisionsRepo } from "./DecisionsRepo.js"

/** A decision's subject: a name (in a country, or everywhere) or a company by country and number. */
export interface DecisionSubject {
  readonly name?: string | undefined
  readonly country?: string | undefined
  readonly registration_no?: string | undefined
}

const subjectKeyOf = (s: DecisionSubject) =>
  s.registration_no !== undefined && s.country !== undefined
    ? companySubjectKey(s.country, numberKey(s.registration_no))
    : nameSubjectKey(normalizeName(s.name ?? "", s.country))

export const decisionOf = (row: DecisionRow) =>
  new Decision({
    id: row.id,
    subject: row.subject as Decision["subject"],
    list: row.list as Decision["list"],
    entry_id: row.entry_id,
    entry_hash: row.entry_hash,
    decision: row.decision,
    note: row.note,
    created_at: row.created_at,
    superseded_by: row.superseded_by,
    decided_by: row.decided_by,
    approval: row.approval,
    status: decisionStatusOf(row),
    proposer: row.proposer_member === null ? null : { id: row.proposer_member, name: row.proposer_name },
    proposal_id: row.proposal_id,
    reviewed_by: row.reviewed_by,
    reviewed_at: row.reviewed_at,
    review_note: row.review_note,
    case_id: row.case_id,
    case_outcome: row.case_outcome
  })

type Entry = { readonly list: string; readonly entry_id: string }
/** A held-back entry, with the entity it belongs to (`group`: the entries proposed on one entity are one proposal). */
type Waiting = Entry & { readonly group?: number }

/** What `take` records: one decision per entry, on one subject; those of `waiting` wait for a second member. */
export interface Taking {
  readonly subject: DecisionSubject
  readonly entries: ReadonlyArray<Entry>
  /** The entries the account's four-eyes policy holds back (the caller judged their hits against `policyOf`). */
  readonly waiting: ReadonlyArray<Waiting>
  readonly decision: DecisionKind
  readonly note: string | null
  readonly caseId: string | null
}

/**
 * Reviewers' decisions on hits (issue 17): recorded against the entry as it is listed now (its content hash), they
 * belong to the key's account (or the key) and apply to every later verification of the same subject by that account:
 * a dismissed hit is still reported, marked, and no longer makes the verdict review, until the entry changes.
 * Four eyes (issue 40): a decision the account's policy holds back is `pending`, dismisses nothing and replaces
 * nothing until another member approves it (`SecondLooks`).
 */
export class Decisions extends Context.Service<Decisions>()("kyb/Decisions", {
  make: Effect.gen(function*() {
    const repo = yield* DecisionsRepo
    const audit = yield* Audit
    const cursors = yield* Cursors
    const limits = yield* Limits
    const fence = yield* Fence
    const screener = yield* Screener
    const webhooks = yield* WebhookEvents
    const cases = yield* CasesRepo

    const policyOf = (accountId: string) => repo.policy(accountId).pipe(Effect.orDie)

    const announce = (actor: Actor, type: "decision.pending" | "decision.approved" | "decision.rejected", row: DecisionRow, plan: Parameters<typeof webhooks.enqueue>[0]["plan"]) =>
      Effect.gen(function*() {
        const id = randomUUID()
        yield* repo.event({ id, accountId: actor.accountId, keyId: actor.keyId, type, data: { decision: decisionOf(row), case_id: row.case_id } })
        yield* webhooks.enqueue({ id, accountId: actor.accountId, plan, type })
      })

    /**
     * A closed case opened again by a pending decision on its subject: the same `case.reopened` event a later
     * check's reopening raises (CaseIntake), the decision in place of the check, its hit the new one.
     */
    const caseReopened = (actor: Actor, plan: Parameters<typeof webhooks.enqueue>[0]["plan"],
      kase: { readonly id: string; readonly subject: Readonly<Record<string, string>>; readonly reasons: ReadonlyArray<string>; readonly at: Date },
      decisionId: string, hit: string) =>
      Effect.gen(function*() {
        const id = randomUUID()
        yield* repo.event({
          id, accountId: actor.accountId, keyId: actor.keyId, type: "case.reopened",
          data: {
            case: { id: kase.id, status: "open", subject: kase.subject, reasons: kase.reasons, reopened_at: kase.at.toISOString() },
            check_id: null, decision_id: decisionId, new_reasons: [], new_hits: [hit]
          }
        })
        yield* webhooks.enqueue({ id, accountId: actor.accountId, plan, type: "case.reopened" })
      })

    /**
     * Records the decisions in one transaction (all or none), each in the audit trail and in its case's history;
     * pending ones announced, each in the case of its subject (opened if none), those on one entity one proposal.
     */
    const take = (actor: Actor, t: Taking) =>
      Effect.gen(function*() {
        const proposals = new Map<number, string>()
        const proposalOf = (group: number | undefined) => {
          const known = proposals.get(group ?? 0) ?? randomUUID()
          proposals.set(group ?? 0, known)
          return known
        }
        const all = [...t.entries.map((e) => ({ ...e, pending: false, proposal: null })), ...t.waiting.map((e) => ({ ...e, pending: true, proposal: proposalOf(e.group) }))]
        const entries = yield* Effect.forEach(all, (e) =>
          Effect.flatMap(screener.entry(e.list, e.entry_id), Option.match({
            onNone: () => Effect.fail(ListEntryNotFound.of(`No entry ${e.entry_id} on the active version of ${e.list}.`)),
            onSome: (found) => Effect.succeed({ ...e, entry_hash: found.entry_hash })
          })))
        const subject = {
          ...(t.subject.name === undefined ? {} : { name: t.subject.name }),
          ...(t.subject.country === undefined ? {} : { country: t.subject.country.toUpperCase() }),
          ...(t.subject.registration_no === undefined ? {} : { registration_no: t.subject.registration_no })
        }
        const rows = yield* fence.guarded("decision", actor, "account", Effect.gen(function*() {
          const { plan } = yield* repo.policy(actor.accountId)
          const made: Array<DecisionRow> = []
          let caseId = t.caseId
          for (const entry of entries) {
            yield* limits.admit(actor.accountId, "decisions")
            const id = randomUUID()
            if (entry.pending && caseId === null) {
              const held = yield* cases.ofSubject(actor.accountId, subject, hitKey(entry), actor.by, id)
              caseId = held.id
              if (held.reopened !== null) yield* caseReopened(actor, plan, { id: held.id, ...held.reopened }, id, hitKey(entry))
            }
            yield* audit.record(actor, {
              action: "decision.recorded",
              object: { type: "decision", id },
              details: {
                decision: t.decision, note: t.note, list: entry.list, entry_id: entry.entry_id, approval: entry.pending ? "pending" : "not_needed", case_id: caseId,
                subject: t.subject.name ?? `${t.subject.country ?? ""} ${t.subject.registration_no ?? ""}`.trim()
              }
            })
            const row = yield* repo.insert({
              id, accountId: actor.accountId, keyId: actor.keyId, decidedBy: actor.by, subject, subjectKey: subjectKeyOf(t.subject),
              list: entry.list, entryId: entry.entry_id, entryHash: entry.entry_hash, decision: t.decision, note: t.note,
              // a name's decision applies in the country it names; a company's subject names its country already
              scopeCountry: t.subject.registration_no === undefined && t.subject.country !== undefined ? t.subject.country.toUpperCase() : null,
              approval: entry.pending ? "pending" : "not_needed",
              caseId: entry.pending ? caseId : t.caseId,
              proposalId: entry.proposal ?? id
            })
            if (entry.pending) yield* announce(actor, "decision.pending", row, plan)
            if (row.case_id !== null) {
              yield* cases.event(row.case_id, actor.by, entry.pending ? "decision_proposed" : "decision_recorded", t.note,
                { decision_id: row.id, decision: row.decision, list: row.list, entry_id: row.entry_id })
            }
            made.push(row)
          }
          return made
        })).pipe(Effect.catchTag("AccessEnded", (ended) => Effect.fail(InvalidApiKey.of(ended.message))))
        yield* Effect.logInfo("decisions recorded").pipe(Effect.annotateLogs({ decisions: rows.length, decision: t.decision, pending: t.waiting.length }))
        return rows
      }).pipe(Effect.catchTag("SqlError", Effect.die))

    /**
     * A decision recorded directly (POST /v1/decisions): the hit's score is not known here, so under a four-eyes
     * policy a false positive recorded this way always waits for a second member.
     */
    const record = (actor: Actor, body: typeof DecisionBody.Type) =>
      Effect.gen(function*() {
        const { policy } = yield* policyOf(actor.accountId)
        const entry = [{ list: body.list, entry_id: body.entry_id }]
        const pending = policy.enabled && body.decision === "false_positive"
        const rows = yield* take(actor, {
          subject: body, entries: pending ? [] : entry, waiting: pending ? entry : [], decision: body.decision, note: body.note ?? null, caseId: null
        })
        return decisionOf(rows[0]!)
      })

    const ofCase = (accountId: string, caseId: string) => repo.ofCase(accountId, caseId).pipe(Effect.orDie)

    const list = (accountId: string, params: PageParams & { readonly in_force?: boolean | undefined }) =>
      cursors.readPage({ list: "decisions", accountId, filters: { in_force: params.in_force ?? false } }, params, 50,
        (query) => repo.list(accountId, { ...query, inForce: params.in_force ?? false }).pipe(Effect.orDie)).pipe(
        Effect.map(({ shown, nextCursor }) => new DecisionPage({ decisions: shown.map(decisionOf), next_cursor: nextCursor }))
      )

    /** For the Verifier: the account's decisions that may apply to a verification. */
    const lookupFor = (accountId: string) => (query: DecisionQuery) =>
      repo.applicable(accountId, query.subjectKeys, [...new Set(query.entries.map((e) => e.entry_id))], query.country).pipe(Effect.orDie)

    /**
     * The decisions on a check's subject, newest first: the name as sent (in its country, and as a verification looks
     * it up) and the business it resolved, by its legal name and number.
     */
    const onCheck = (accountId: string, input: Readonly<Record<string, string>>, company: Parameters<typeof decisionSubjectKeys>[1]) => {
      const keyed = (country: string | undefined) =>
        decisionSubjectKeys(input["name"], company, { normalize: (n) => normalizeName(n, country), numberOf: numberKey })
      const keys = [...new Set([...keyed(undefined), ...keyed(input["country"])])]
      return repo.onSubjects(accountId, keys, 200).pipe(Effect.orDie, Effect.map((rows) => rows.map(decisionOf)))
    }

    /** The four-eyes policy now, with who changed it last and when (null: never changed). */
    const policyInForce = (accountId: string) =>
      Effect.all([policyOf(accountId), repo.policyChange(accountId).pipe(Effect.orDie)]).pipe(
        Effect.map(([{ policy }, change]) => ({ ...policy, changedBy: change.by, changedAt: change.at }))
      )

    const awaitingCount = (accountId: string, memberId: string) => repo.pendingFor(accountId, memberId).pipe(Effect.orDie)

    return { record, take, awaitingCount, policyOf, ofCase, list, lookupFor, onCheck, policyInForce, announce } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([DecisionsRepo.Default, CasesRepo.Default, Limits.Default, Fence.Default, Audit.Default, WebhookEvents.Default, Cursors.Default]))
}
