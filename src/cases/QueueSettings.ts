import { Effect, Context, Layer } from "effect"
import type { Actor } from "../access/actor.js"
import { RoleForbids } from "../accounts/errors.js"
import { InvalidApiKey, InvalidRequest } from "../domain/errors.js"
import { Audit } from "../audit/Audit.js"
import { SAVED_FILTERS_MAX, savedFilterOf, serviceHoursOf } from "../domain/caseQueue.js"
import { can, refusalOf, type Role } from "../domain/roles.js"
import { Fence } from "../tenancy/Fence.js"
import { CasesRepo } from "./CasesRepo.js"
import { QueueSettingsRepo } from "./QueueSettingsRepo.js"

/**
 * What the queue is measured and filtered by (issue 55 item 4): the account's service level (hours a case may stay
 * open; an owner sets it, audited) and each member's saved filters (their own, named).
 */
export class QueueSettings extends Context.Service<QueueSettings>()("kyb/QueueSettings", {
  make: Effect.gen(function*() {
    const cases = yield* CasesRepo
    const repo = yield* QueueSettingsRepo
    const audit = yield* Audit
    const fence = yield* Fence

    const serviceLevel = (accountId: string) => cases.serviceLevel(accountId).pipe(Effect.orDie)

    /** Only an owner sets it, in one fenced transaction with its audit entry (the hours before and after). */
    const setServiceLevel = (actor: Actor, role: Role, raw: string | undefined) =>
      Effect.gen(function*() {
        if (!can(role, "own")) return yield* new RoleForbids({ message: refusalOf(role, "own") })
        const hours = serviceHoursOf(raw)
        if (!hours.ok) return yield* Effect.fail(InvalidRequest.of(hours.message))
        yield* fence.guarded("service_level", actor, "account", Effect.gen(function*() {
          const before = yield* cases.serviceLevel(actor.accountId)
          yield* cases.setServiceLevel(actor.accountId, hours.hours, actor.by)
          yield* audit.record(actor, {
            action: "account.service_level_changed", object: { type: "account", id: actor.accountId }, details: { hours_before: before, hours: hours.hours }
          })
        })).pipe(Effect.catchTag("AccessEnded", (ended) => Effect.fail(InvalidApiKey.of(ended.message))), Effect.catchTag("SqlError", Effect.die))
        return hours.hours
      })

    /** The live members of the account (whom a case may be given or escalated to). */
    const members = (accountId: string) => cases.members(accountId).pipe(Effect.orDie)

    const savedFilters = (accountId: string, memberId: string) => repo.savedFilters(accountId, memberId).pipe(Effect.orDie)

    /** Saves the queue's filters as they are now under a name (the same name again replaces it); at most SAVED_FILTERS_MAX. */
    const saveFilter = (accountId: string, memberId: string, rawName: string | undefined, params: Readonly<Record<string, string | undefined>>) =>
      Effect.gen(function*() {
        const filter = savedFilterOf(rawName, params)
        if (!filter.ok) return yield* Effect.fail(InvalidRequest.of(filter.message))
        const held = yield* repo.savedFilters(accountId, memberId).pipe(Effect.orDie)
        if (!held.some((f) => f.name === filter.name) && held.length >= SAVED_FILTERS_MAX) {
          return yield* Effect.fail(InvalidRequest.of(`name: at most ${SAVED_FILTERS_MAX} saved filters; remove one first`))
        }
        yield* repo.saveFilter(accountId, memberId, filter.name, filter.query).pipe(Effect.orDie)
        return filter
      })

    const removeFilter = (accountId: string, memberId: string, id: string) => repo.removeFilter(accountId, memberId, id).pipe(Effect.orDie)

    return { serviceLevel, setServiceLevel, members, savedFilters, saveFilter, removeFilter } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([CasesRepo.Default, QueueSettingsRepo.Default, Audit.Default, Fence.Default]))
}
