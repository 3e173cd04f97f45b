import { SqlClient } from "effect/sql"
import { Clock, Effect, Option, Context, Layer } from "effect"
import { ApiKeys } from "../access/ApiKeys.js"
import type { Origin } from "../access/actor.js"
import { Audit } from "../audit/Audit.js"
import { checkPassword } from "../domain/accountRules.js"
import { periodOf } from "../domain/quotaWindow.js"
import { SecondFactor } from "../secondFactor/SecondFactor.js"
import { Fence } from "../tenancy/Fence.js"
import { type Account, accountOf, input, memberAttribution, requirePower } from "./account.js"
import { makeAccountKeys } from "./accountKeys.js"
import { AccountsRepo } from "./AccountsRepo.js"
import { InvalidCredentials } from "./errors.js"
import { hashPassword } from "./passwords.js"
import { reauthenticate } from "./reauthenticate.js"
import { makeSignIn } from "./signIn.js"
import { Throttle } from "./Throttle.js"
import { sha256 } from "./tokens.js"

export { type Account, memberAttribution, requirePower } from "./account.js"

/**
 * Self-serve accounts (issue 16): sign-up with an e-mail address and a password (no card), sessions, password
 * change, deletion (its keys revoked at once), and the keys and usage the dashboard shows. Passwords are hashed with
 * scrypt, session and verification tokens stored as SHA-256; failed log-ins are throttled per address and per client,
 * sign-ups per client. Sign-up answers the same whether or not the address has an account. KYB_SIGNUP_ENABLED=false
 * closes sign-up. Getting in is `signIn.ts`, the keys and usage `accountKeys.ts`; a member's own account here.
 */
export class Accounts extends Context.Service<Accounts>()("kyb/Accounts", {
  make: Effect.gen(function*() {
    const repo = yield* AccountsRepo
    const sql = yield* SqlClient.SqlClient
    const audit = yield* Audit
    const throttle = yield* Throttle
    const getIn = yield* makeSignIn
    const keyWork = yield* makeAccountKeys
    const startSession = getIn.startSession

    const fromSession = (token: string) =>
      token === "" ? Effect.succeed(Option.none<Account>()) : Effect.map(repo.bySession(sha256(token)), Option.map(accountOf))

    /** The session ends, and the member's chain says so (in the same transaction). */
    const logOut = (token: string, origin?: Origin) =>
      token === "" ? Effect.void : sql.withTransaction(Effect.gen(function*() {
        const signedIn = yield* repo.bySession(sha256(token))
        yield* repo.deleteSession(sha256(token))
        if (Option.isSome(signedIn)) {
          const account = accountOf(signedIn.value)
          yield* audit.record({ accountId: account.id, by: memberAttribution(account), origin }, { action: "member.logged_out", object: { type: "member", id: account.member.id } })
        }
      })).pipe(Effect.orDie)

    /**
     * Every session of the member ends (the one in use too), and every session issued before the change commits (a
     * log-in in flight with the old password) can never be used: the member's session generation moves on. A new one
     * is returned.
     */
    const changePassword = Effect.fnUntraced(function*(signedIn: Account, form: { readonly current: string; readonly next: string }) {
      const memberId = signedIn.member.id
      const account = yield* repo.byMember(memberId)
      yield* reauthenticate(throttle, Option.getOrUndefined(account), form.current, "The current password is wrong.")
      const next = yield* input(checkPassword(form.next, Option.getOrThrow(account).email))
      const hash = yield* hashPassword(next)
      const generation = yield* sql.withTransaction(Effect.tap(
        repo.setPassword(memberId, hash),
        audit.record({ accountId: signedIn.id, by: memberAttribution(signedIn) }, { action: "member.password_changed", object: { type: "member", id: memberId } })
      )).pipe(Effect.orDie)
      const session = Option.isNone(generation) ? Option.none() : yield* startSession(signedIn.id, memberId, generation.value)
      if (Option.isNone(session)) return yield* new InvalidCredentials({ message: "This member or account has been removed." })
      yield* Effect.logInfo("password changed").pipe(Effect.annotateLogs({ account_id: signedIn.id, member_id: memberId }))
      return session.value
    })

    /** The owner's own password confirms it; every member's sessions end with it. */
    const deleteAccount = Effect.fnUntraced(function*(signedIn: Account, password: string) {
      yield* requirePower(signedIn, "own")
      const accountId = signedIn.id
      yield* reauthenticate(throttle, Option.getOrUndefined(yield* repo.byMember(signedIn.member.id)), password, "The password is wrong.")
      const period = periodOf(new Date(yield* Clock.currentTimeMillis))
      yield* sql.withTransaction(Effect.andThen(
        repo.deleteAccount(accountId, period),
        audit.record({ accountId, by: memberAttribution(signedIn) }, { action: "account.deleted", object: { type: "account", id: accountId } })
      )).pipe(Effect.orDie)
      yield* Effect.logInfo("account deleted; its keys revoked").pipe(Effect.annotateLogs({ account_id: accountId }))
    })

    const verifyEmail = (token: string) => repo.verifyEmail(sha256(token))

    return { ...getIn, fromSession, logOut, changePassword, deleteAccount, verifyEmail, ...keyWork } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([AccountsRepo.Default, ApiKeys.Default, Throttle.Default, Fence.Default, Audit.Default, SecondFactor.Default]))
}
