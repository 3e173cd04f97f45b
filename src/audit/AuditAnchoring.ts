import { Effect, Schedule, Context, Layer } from "effect"
import { Audit } from "./Audit.js"

/**
 * Anchors the account chains' heads into the chain of chain heads (sql/0340), every KYB_AUDIT_ANCHOR_EVERY (10 s).
 *
 * Why a periodic task and not the audited write itself: the chain of chain heads is one chain over every account, so
 * appending to it needs one lock; taken by every audited write (as it was), every audited write of every account
 * queued behind that single row until the writer committed. Now a write locks only its own account's head, and this
 * task alone takes the global lock, anchoring every head that moved since its last pass in one transaction. What
 * this gives up: entries younger than one pass are not anchored yet, so someone with the database's keys who cuts or
 * rewrites a tail within that window is found only by the account chain itself or by an export taken earlier. The
 * task is itself verified: `kyb audit verify` reports a chain whose entries stayed unanchored longer than ten passes
 * (at least a minute), i.e. a task that stopped or an entry appended behind the service's back. Any number of
 * instances may run it: the lock makes them take turns, and each head is anchored once.
 */
export class AuditAnchoring extends Context.Service<AuditAnchoring>()("kyb/AuditAnchoring", {
  make: Effect.gen(function*() {
    const audit = yield* Audit
    yield* Effect.forkScoped(Effect.repeat(
      audit.anchorPending.pipe(Effect.catchCause((cause) => Effect.logWarning("the audit chains' heads could not be anchored; retrying", cause))),
      Schedule.spaced(audit.anchorEvery)
    ))
    return { anchorPending: audit.anchorPending } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide(Audit.Default))
}
