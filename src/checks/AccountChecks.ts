import { Effect, Option, Schema, Context, Layer } from "effect"
import { CheckNotFound } from "./errors.js"
import { InvalidRequest } from "../domain/errors.js"
import { Quota } from "../access/Quota.js"
import type { Actor } from "../access/actor.js"
import { Audit } from "../audit/Audit.js"
import { VerifyBody } from "../domain/schemas/Verdict.js"
import { DecisionKind, DecisionBody } from "../domain/schemas/Decision.js"
import { SanctionsList } from "../domain/schemas/Verdict.js"
import { Decisions, decisionOf } from "../decisions/Decisions.js"
import { CasesRepo } from "../cases/CasesRepo.js"
import { hitsOf } from "../cases/caseViews.js"
import { needsSecondLook, proposedOn } from "../domain/cases.js"
import { type CheckFilters, AccountChecksRepo } from "./AccountChecksRepo.js"
import { Checks, toCheck } from "./Checks.js"
import { Cursors } from "../access/Cursors.js"

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** A reviewer's decision on one hit of a check, as the console sends it. */
export interface HitDecisionInput {
  readonly list: string
  readonly entryId: string
  readonly decision: string
  readonly reason: string
}

/**
 * The checks of an account, for its analysts: the same stored checks, decisions and verifier as `/v1`, filtered and
 * paged; a decision on a hit names the check's subject as it was sent.
 */
export class AccountChecks extends Context.Service<AccountChecks>()("kyb/AccountChecks", {
  make: Effect.gen(function*() {
    const repo = yield* AccountChecksRepo
    const checks = yield* Checks
    const decisions = yield* Decisions
    const cases = yield* CasesRepo
    const quota = yield* Quota
    const audit = yield* Audit
    const cursors = yield* Cursors

    const search = Effect.fnUntraced(function*(accountId: string, filters: CheckFilters, cursor: string | undefined, limit = 25) {
      const pager = yield* cursors.bind({
        list: "console_checks",
        accountId,
        filters: { result: filters.result, from: filters.from?.toISOString(), until: filters.until?.toISOString(), key_id: filters.keyId, name: filters.name }
      })
      const rows = yield* repo.page(accountId, filters, yield* pager.after(cursor), limit + 1).pipe(Effect.orDie)
      const { shown, nextCursor } = pager.page(rows, limit)
      return { checks: shown.map((row) => ({ check: toCheck(row), keyId: row.key_id })), nextCursor }
    })

    const find = Effect.fnUntraced(function*(accountId: string, id: string) {
      const row = UUID.test(id.toLowerCase()) ? yield* repo.find(accountId, id.toLowerCase()).pipe(Effect.orDie) : Option.none()
      if (Option.isNone(row)) return yield* Effect.fail(CheckNotFound.of(`No check ${id} for this account.`))
      return row.value
    })

    const get = (accountId: string, id: string) => Effect.map(find(accountId, id), (row) => ({ check: toCheck(row), keyId: row.key_id }))

    /**
     * A verification made from the console (no key): one unit of the account's month first (`Quota.spend`, the path
     * every console door takes; 429 when none is left), then the same verifier as `/v1`. `what` names the door.
     */
    const verifyFromConsole = (actor: Actor, input: typeof VerifyBody.Type, what = "a verification") =>
      Effect.andThen(quota.spend({ accountId: actor.accountId, keyId: null }, 1, what), Effect.map(
        checks.verifyIf(input, { ...actor, keyId: null }, Effect.succeed(true), (verdict) =>
          // in the audit log with the check it made (a person's verification; a key's are its checks)
          Effect.as(audit.record(actor, { action: "check.verified", object: { type: "check", id: verdict.check_id ?? "" }, details: { name: input.name ?? null, result: verdict.result } }), verdict)),
        Option.getOrThrow
      ))

    /** The check's inputs, as sent, verified again now: a new check of the account, made from the console (no key), in the audit log with it. */
    const verifyAgain = Effect.fnUntraced(function*(actor: Actor, id: string) {
      const accountId = actor.accountId
      const row = yield* find(accountId, id)
      const input = yield* Schema.decodeUnknownEffect(VerifyBody)(row.input).pipe(
        Effect.mapError(() => InvalidRequest.of("This check's inputs can no longer be verified as they were sent."))
      )
      yield* quota.spend({ accountId, keyId: null }, 1, "verifying again")
      const made = yield* checks.verifyIf(input, { ...actor, keyId: null }, Effect.succeed(true), (verdict) =>
        Effect.as(audit.record(actor, { action: "check.reverified", object: { type: "check", id: verdict.check_id ?? "" }, details: { previous_check_id: row.id } }), verdict))
      return Option.getOrThrow(made)
    })

    const decide = Effect.fnUntraced(function*(actor: Actor, id: string, input: HitDecisionInput) {
      const row = yield* find(actor.accountId, id)
      const reason = input.reason.trim()
      if (reason === "") return yield* Effect.fail(InvalidRequest.of("reason: is required: say why the hit is decided so"))
      if (!Schema.is(DecisionKind)(input.decision)) return yield* Effect.fail(InvalidRequest.of("decision: must be false_positive or confirmed"))
      if (!Schema.is(SanctionsList)(input.list)) return yield* Effect.fail(InvalidRequest.of(`list: must be one of ${SanctionsList.literals.join(", ")}`))
      const body = yield* Schema.decodeUnknownEffect(DecisionBody)({ ...row.input, list: input.list, entry_id: input.entryId, decision: input.decision, note: reason }).pipe(
        Effect.mapError(() => InvalidRequest.of("reason: must be at most 2000 characters"))
      )
      // Four eyes judged on the hit as this check reported it (its score and names).
      const hit = hitsOf(row.verdict).find((h) => h.list === input.list && h.entry_id === input.entryId)
      const { policy } = yield* decisions.policyOf(actor.accountId)
      const pending = hit === undefined ? policy.enabled && body.decision === "false_positive" : needsSecondLook(policy, body.decision, proposedOn(hit))
      const entry = [{ list: body.list, entry_id: body.entry_id }]
      const [made] = yield* decisions.take({ ...actor, keyId: null }, {
        subject: body, entries: pending ? [] : entry, waiting: pending ? entry : [], decision: body.decision, note: reason,
        caseId: Option.getOrNull(yield* cases.forCheck(actor.accountId, id).pipe(Effect.orDie))
      })
      return decisionOf(made!)
    })

    /** The check as its evidence shows it now: with the decisions on its subject, its case and the four-eyes policy. */
    const evidence = (accountId: string, id: string) =>
      Effect.flatMap(find(accountId, id), (row) => Effect.map(checks.withEvidence(row), (check) => ({ check, keyId: row.key_id })))

    return { search, get, find, verifyFromConsole, verifyAgain, decide, evidence } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([AccountChecksRepo.Default, CasesRepo.Default, Decisions.Default, Quota.Default, Audit.Default, Cursors.Default]))
}
