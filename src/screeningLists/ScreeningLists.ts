import { SqlClient } from "effect/sql"
import { Effect, Context, Layer } from "effect"
import type { AuditActor } from "../audit/Audit.js"
import { Audit } from "../audit/Audit.js"
import { isDebarmentList, type ListId, listDisplayName, listOrder } from "../sanctions/model.js"
import { ScreeningListsRepo } from "./ScreeningListsRepo.js"

/** A stored choice read back: known lists only, in list order; none stored (or none known left): every list. */
export const effectiveLists = (stored: ReadonlyArray<string> | null): ReadonlyArray<ListId> => {
  const chosen = stored === null ? [] : listOrder.filter((l) => stored.includes(l))
  return chosen.length === 0 ? listOrder : chosen
}

/** Reads a requested choice: `null` (every list) or a non-empty array of known list ids. */
export const readChoice = (value: unknown): { readonly lists: ReadonlyArray<ListId> | null } | { readonly error: string } => {
  const message = `lists: must be null (every list) or a non-empty array of list ids (${listOrder.join(", ")})`
  if (value === null) return { lists: null }
  if (!Array.isArray(value) || value.length === 0 || value.length > listOrder.length * 2) return { error: message }
  const unknown = value.filter((v) => typeof v !== "string" || !(listOrder as ReadonlyArray<string>).includes(v))
  if (unknown.length > 0) return { error: message }
  return { lists: listOrder.filter((l) => value.includes(l)) }
}

/** The lists as an account sees them: each with its name, its kind and whether the account screens it. */
export const describeLists = (lists: ReadonlyArray<ListId>, custom: boolean) => ({
  custom,
  lists: listOrder.map((id) => ({
    id,
    name: listDisplayName[id],
    kind: isDebarmentList(id) ? "debarment" : "sanctions",
    screened: lists.includes(id)
  }))
})

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
