import { SqlClient } from "effect/sql"
import { Clock, Effect, Option } from "effect"
import { ApiKeys } from "../access/ApiKeys.js"
import type { Origin } from "../access/actor.js"
import { Audit, type AuditActor } from "../audit/Audit.js"
import { checkGrace, checkLabel, ROTATION_GRACE } from "../domain/accountRules.js"
import { checkScope } from "../domain/keyScope.js"
import { dayOf, monthlyQuota, periodOf, resetOf } from "../domain/quotaWindow.js"
import { Fence } from "../tenancy/Fence.js"
import { type Account, input, memberAttribution, requirePower } from "./account.js"
import { AccountsRepo } from "./AccountsRepo.js"
import { AccountEnded, KeyInGrace, KeyNotFound, RoleForbids } from "./errors.js"

const CHART_DAYS = 30

/**
 * An account's keys and usage (part of the Accounts service): keys made, revoked and rotated by a member whose role
 * may manage them, each change in the account's audit chain, and the dashboard's overview.
 */
export const makeAccountKeys = Effect.gen(function*() {
  const repo = yield* AccountsRepo
  const sql = yield* SqlClient.SqlClient
  const fence = yield* Fence
  const keys = yield* ApiKeys
  const audit = yield* Audit

  const issue = (options: Parameters<typeof keys.create>[0]) =>
    keys.create(options).pipe(
      Effect.catchTag("SqlError", Effect.die),
      Effect.catchTag("AccessEnded", (ended) =>
        Effect.fail(ended.reason === "member" ? new RoleForbids({ message: ended.message }) : new AccountEnded({ message: ended.message })))
    )

  const actorOf = (account: Account, origin?: Origin): AuditActor => ({ accountId: account.id, by: memberAttribution(account), origin })

  const createKey = (account: Account, rawLabel: string | undefined, rawScope?: unknown, origin?: Origin) =>
    Effect.gen(function*() {
      yield* requirePower(account, "manage")
      const label = yield* input(checkLabel(rawLabel))
      const scope = yield* input(checkScope(rawScope))
      // a test's pause point before the transaction (a pause inside it would hold the embedded database's one connection)
      yield* fence.pause("key", account.id)
      const created = yield* sql.withTransaction(Effect.tap(
        issue({ plan: account.plan, quota: null, label, accountId: account.id, scope, createdBy: memberAttribution(account), member: account.member }),
        (made) => audit.record(actorOf(account, origin), { action: "key.created", object: { type: "key", id: made.id }, details: { label, scope } })
      )).pipe(Effect.catchTag("SqlError", Effect.die)) // an ended account stays AccountEnded (401), not a defect
      yield* Effect.logInfo("key created").pipe(Effect.annotateLogs({ account_id: account.id, key_id: created.id }))
      return created
    })

  const revokeKey = (account: Account, keyId: string, origin?: Origin) =>
    Effect.gen(function*() {
      yield* requirePower(account, "manage")
      const revoked = yield* sql.withTransaction(Effect.gen(function*() {
        if (!(yield* repo.revokeKey(account.id, keyId, 0, memberAttribution(account)))) return false
        yield* audit.record(actorOf(account, origin), { action: "key.revoked", object: { type: "key", id: keyId } })
        return true
      })).pipe(Effect.orDie)
      if (!revoked) return yield* new KeyNotFound({ message: "No such active key on this account." })
      yield* Effect.logInfo("key revoked").pipe(Effect.annotateLogs({ account_id: account.id, key_id: keyId }))
    })

  /**
   * A new secret with the same label; the old one keeps working for the grace period the user picked. The grace is
   * set once: a key already rotated (in its grace period) cannot be rotated again (409 key_in_grace; rotate the new
   * key, or revoke this one). One transaction, the account row held first: two rotations of a key queue.
   */
  const rotateKey = (account: Account, keyId: string, rawGrace: string | undefined, origin?: Origin) =>
    Effect.gen(function*() {
      yield* requirePower(account, "manage")
      const grace = yield* input(checkGrace(rawGrace))
      const { created } = yield* sql.withTransaction(Effect.gen(function*() {
        yield* fence.end(account.id).pipe(Effect.orDie)
        yield* fence.heldMember(account.id, account.member).pipe(Effect.catchTags({ SqlError: Effect.die, AccessEnded: (e) => Effect.fail(new RoleForbids({ message: e.message })) }))
        const old = yield* repo.holdForRotation(account.id, keyId)
        if (Option.isNone(old)) return yield* new KeyNotFound({ message: "No such active key on this account." })
        if (old.value.in_grace) {
          return yield* new KeyInGrace({
            message: `This key was rotated already and stops at ${old.value.revoked_at ?? "the end of its grace period"}; ` +
              "its grace period is not set again. Rotate the new key, or revoke this one now."
          })
        }
        const created = yield* issue({ plan: account.plan, quota: null, label: old.value.label, accountId: account.id, scope: old.value.scope, createdBy: memberAttribution(account) })
        yield* repo.revokeKey(account.id, keyId, ROTATION_GRACE[grace] / 1000, memberAttribution(account))
        yield* audit.record(actorOf(account, origin), { action: "key.rotated", object: { type: "key", id: keyId }, details: { new_key_id: created.id, grace } })
        return { created }
      })).pipe(Effect.catchTag("SqlError", Effect.die))
      yield* Effect.logInfo("key rotated").pipe(Effect.annotateLogs({ account_id: account.id, key_id: keyId, new_key_id: created.id, grace }))
      return { ...created, grace, replaced: keyId }
    })

  const overview = (account: Account) =>
    Effect.gen(function*() {
      const now = new Date(yield* Clock.currentTimeMillis)
      const period = periodOf(now)
      const since = dayOf(new Date(now.getTime() - (CHART_DAYS - 1) * 86_400_000))
      return {
        account,
        quota: monthlyQuota(account.plan, null),
        used: yield* repo.usedThisMonth(account.id, period),
        resetsAt: resetOf(now),
        keys: yield* repo.keysOf(account.id, period),
        daily: yield* repo.daily(account.id, since),
        chartFrom: since,
        chartDays: CHART_DAYS
      }
    })

  return { createKey, revokeKey, rotateKey, overview } as const
})
