import { Effect, Option, Context, Layer } from "effect"
import { randomUUID } from "node:crypto"
import type { Attribution } from "../access/actor.js"
import { joinCase } from "../domain/caseFlow.js"
import { WebhookEvents } from "../webhooks/WebhookEvents.js"
import type { CaseIntake as Intake } from "./caseOfCheck.js"
import { CaseJoinsRepo } from "./CaseJoinsRepo.js"
import { CasesRepo } from "./CasesRepo.js"

export type IntakeResult =
  | { readonly change: "none" }
  | { readonly change: "opened" | "joined" | "reopened"; readonly caseId: string }

/**
 * Checks following their business into its case (issue 55), in the transaction that keeps the check: a verdict in
 * review opens its subject's case; every verdict joins the one its subject has (`joinCase` decides, on the case row
 * locked). A closed case opened again says so in its history and with a `case.reopened` event for webhooks.
 */
export class CaseIntake extends Context.Service<CaseIntake>()("kyb/CaseIntake", {
  make: Effect.gen(function*() {
    const joins = yield* CaseJoinsRepo
    const cases = yield* CasesRepo
    const webhooks = yield* WebhookEvents

    const intake = Effect.fnUntraced(function*(c: Intake, by: Attribution | null, keyId: string | null) {
      const arriving = { position: { at: c.at.getTime(), id: c.checkId }, inReview: c.inReview, findings: c.findings }
      let held = yield* joins.held(c.accountId, [c.subjectKey])
      // same subject, same company once resolved: the case its name opened before the business was resolved
      if (Option.isNone(held) && c.nameKeys.length > 0) {
        held = yield* joins.held(c.accountId, c.nameKeys)
        if (Option.isSome(held)) yield* joins.rekey(held.value.id, c.subjectKey, c.subject)
      }
      if (Option.isNone(held)) {
        if (joinCase(null, arriving).type === "none") return { change: "none" } satisfies IntakeResult
        const opened = yield* joins.open(c)
        if (Option.isSome(opened)) {
          yield* cases.event(opened.value, by, "opened", null, { check_id: c.checkId, reasons: c.findings.reasons })
          return { change: "opened", caseId: opened.value } satisfies IntakeResult
        }
        // another check of the subject opened it meanwhile (its transaction is committed now): join that one
        held = yield* joins.held(c.accountId, [c.subjectKey])
      }
      if (Option.isNone(held)) return yield* Effect.die(new Error(`case of ${c.subjectKey} neither opened nor found`))
      const joining = joinCase(held.value.state, arriving)
      if (joining.type !== "join") return yield* Effect.die(new Error("a held case is always joined"))
      const caseId = held.value.id
      yield* joins.join(caseId, c, joining)
      yield* cases.event(caseId, by, joining.reopens ? "reopened" : "check_joined", null, {
        check_id: c.checkId,
        result: c.result,
        reasons: c.findings.reasons,
        latest: joining.latest,
        ...(joining.reopens ? { new_reasons: joining.brought.reasons, new_hits: joining.brought.hits } : {})
      })
      if (!joining.reopens) return { change: "joined", caseId } satisfies IntakeResult
      const id = randomUUID()
      const plan = yield* joins.announce({
        id,
        accountId: c.accountId,
        keyId,
        type: "case.reopened",
        data: {
          case: { id: caseId, status: "open", subject: held.value.subject, reasons: joining.current.reasons, reopened_at: c.at.toISOString() },
          check_id: c.checkId,
          decision_id: null,
          new_reasons: joining.brought.reasons,
          new_hits: joining.brought.hits
        }
      })
      if (Option.isSome(plan)) yield* webhooks.enqueue({ id, accountId: c.accountId, plan: plan.value, type: "case.reopened" })
      return { change: "reopened", caseId } satisfies IntakeResult
    })

    return { intake } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([CaseJoinsRepo.Default, CasesRepo.Default, WebhookEvents.Default]))
}
