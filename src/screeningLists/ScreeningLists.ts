import { SqlClient } from "effect/sql"
import { Effect, Context, Layer } from "effect"
import type { AuditActor } from "../audit/Audit.js"
import { Audit } from "../audit/Audit.js"
import type { ListId } from "../sanctions/model.js"
import { describeLists, effectiveLists } from "./choice.js"
import { ScreeningListsRepo } from "./ScreeningListsRepo.js"

/**
 * Which lists a customer screens against: every list by default; an account may choose (an EU bank adds EU and UK,
 * a customer under US law keeps OFAC). Checks, batches and monitors of the account's keys screen exactly these.
 */
export class ScreeningLists extends Context.Service<ScreeningLists>()("kyb/ScreeningLists", {
  make: Effect.gen(function*() {
    const repo = yield* ScreeningListsRepo
    const audit = yield* Audit
    const sql = yield* SqlClient.SqlClient
    return {
      /** The lists the account screens against. */
      listsOf: (accountId: string) => Effect.map(repo.ofAccount(accountId), effectiveLists),
      forAccount: (accountId: string) => Effect.map(repo.ofAccount(accountId), (stored) => describeLists(effectiveLists(stored), stored !== null)),
      /** The account's choice, recorded in the audit log with it. */
      set: (actor: AuditActor, lists: ReadonlyArray<ListId> | null) => {
        const accountId = actor.accountId
        const stored = sql.withTransaction(Effect.andThen(
          repo.set(accountId, lists),
          audit.record(actor, { action: "lists.changed", object: { type: "account", id: accountId }, details: { lists: lists === null ? "every list" : lists.join(",") } })
        )).pipe(Effect.orDie)
        return Effect.andThen(stored, Effect.map(repo.ofAccount(accountId), (stored) => describeLists(effectiveLists(stored), stored !== null)))
      }
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([ScreeningListsRepo.Default, Audit.Default]))
}
