import { SqlClient } from "effect/sql"
import { Cause, Clock, Config, Duration, Effect, Option, Redacted, Context, Layer } from "effect"
import { randomBytes } from "node:crypto"
import { ApiKeys } from "../access/ApiKeys.js"
import type { Attribution, Origin } from "../access/actor.js"
import { Audit, type AuditActor } from "../audit/Audit.js"
import { can, type Power, refusalOf, type Role } from "../domain/roles.js"
import { checkDisplayName } from "../domain/displayName.js"
import { checkEmail, checkGrace, checkLabel, checkPassword, ROTATION_GRACE } from "../domain/accountRules.js"
import { checkScope } from "../domain/keyScope.js"
import { dayOf, monthlyQuota, periodOf, resetOf } from "../domain/quotaWindow.js"
import { SecondFactor } from "../secondFactor/SecondFactor.js"
import { Fence } from "../tenancy/Fence.js"
import { type AccountRow, AccountsRepo } from "./AccountsRepo.js"
import { AccountEnded, InvalidAccountInput, InvalidCredentials, KeyInGrace, KeyNotFound, RoleForbids, SignupDisabled, Throttled } from "./errors.js"
import { loggingMailer, Mailer } from "./Mailer.js"
import { decoyHash, hashPassword, verifyPassword } from "./passwords.js"
import { publicUrlConfig } from "./PublicUrlConfig.js"
import { reauthenticate } from "./reauthenticate.js"
import { Throttle } from "./Throttle.js"
import { newToken, sha256 } from "./tokens.js"
import { traced } from "../metrics/span.js"

/** The signed-in member and their account as pages and answers show them (never a password hash). */
export interface Account {
  readonly id: string
  /** The signed-in member's address. */
  readonly email: string
  readonly plan: AccountRow["plan"]
  readonly emailVerified: boolean
  /** `name`: how records name them (their display name, or their address while they have none). */
  readonly member: { readonly id: string; readonly name: string; readonly displayName: string | null; readonly role: Role }
}

const accountOf = (row: AccountRow): Account => ({
  id: row.id,
  email: row.email,
  plan: row.plan,
  emailVerified: row.email_verified,
  member: { id: row.member_id, name: row.member_name, displayName: row.member_display_name, role: row.role }
})

/** The member acting, credited as API objects carry it. */
export const memberAttribution = (account: Account): Extract<Attribution, { readonly type: "member" }> =>
  ({ type: "member", id: account.member.id, name: account.member.name, display_name: account.member.displayName })

/** Refused unless the signed-in member's role has the power. */
export const requirePower = (account: Account, power: Power) =>
  can(account.member.role, power) ? Effect.void : Effect.fail(new RoleForbids({ message: refusalOf(account.member.role, power) }))

const input = <A>(checked: { readonly ok: true; readonly value: A } | { readonly ok: false; readonly problem: string }) =>
  checked.ok ? Effect.succeed(checked.value) : Effect.fail(new InvalidAccountInput({ message: checked.problem }))

const throttled = (seconds: number) =>
  new Throttled({ message: `Too many attempts; try again in ${seconds} s.`, retryAfterSeconds: seconds })

const CHART_DAYS = 30

/**
 * Self-serve accounts (issue 16): sign-up with an e-mail address and a password (no card), sessions, password
 * change, deletion (its keys revoked at once), and the keys and usage the dashboard shows. Passwords are hashed with
 * scrypt, session and verification tokens stored as SHA-256; failed log-ins are throttled per address and per client,
 * sign-ups per client. Sign-up answers the same whether or not the address has an account. KYB_SIGNUP_ENABLED=false
 * closes sign-up.
 */
export class Accounts extends Context.Service<Accounts>()("kyb/Accounts", {
  make: Effect.gen(function*() {
    const repo = yield* AccountsRepo
    const sql = yield* SqlClient.SqlClient
    const fence = yield* Fence
    const keys = yield* ApiKeys
    const audit = yield* Audit
    const throttle = yield* Throttle
    const secondFactor = yield* SecondFactor
    // A deployment (or a test) may provide its own Mailer; without one, the logging seam.
    const mailer = Option.getOrElse(yield* Effect.serviceOption(Mailer), () => Mailer.of(loggingMailer))
    const signupEnabled = yield* Config.Boolean("KYB_SIGNUP_ENABLED").pipe(Config.withDefault(true))
    const sessionTtl = yield* Config.Duration("KYB_SESSION_TTL").pipe(Config.withDefault(Duration.days(7)))
    const publicUrl = (yield* publicUrlConfig).base
    const decoy = yield* decoyHash
    const issue = (options: Parameters<typeof keys.create>[0]) =>
      keys.create(options).pipe(
        Effect.catchTag("SqlError", Effect.die),
        Effect.catchTag("AccessEnded", (ended) =>
          Effect.fail(ended.reason === "member" ? new RoleForbids({ message: ended.message }) : new AccountEnded({ message: ended.message })))
      )

    /**
     * A session of the member's `generation` (the one their password was checked against); None when it moved on.
     * `recorded` (the log-in's audit entry) commits with it. A test's pause point comes first, outside the transaction
     * (a pause inside it would hold the embedded database's one connection).
     */
    const startSession = (accountId: string, memberId: string, generation: number, recorded: Effect.Effect<void> = Effect.void) =>
      Effect.gen(function*() {
        yield* fence.pause("session", accountId)
        const token = newToken()
        const made = yield* sql.withTransaction(Effect.tap(repo.insertSession(sha256(token), accountId, memberId, generation, Duration.toSeconds(sessionTtl)),
          (ok) => (ok ? recorded : Effect.void))).pipe(Effect.orDie)
        return made ? Option.some(Redacted.make(token)) : Option.none()
      })

    /**
     * The answer is the same whether or not the address has an account (no enumeration): the account is made if it
     * had none, and the rest is said by e-mail (a verification link, or "you already have an account"). The client's
     * sign-up unit is taken before the work, whatever the outcome, and given back only when the database could not do
     * the work; bad input is refused before that.
     */
    const signUp = (form: { readonly email: string; readonly name: string | undefined; readonly password: string; readonly client: string }) =>
      Effect.gen(function*() {
        if (!signupEnabled) return yield* new SignupDisabled({ message: "Sign-up is closed on this server; ask its operator for a key." })
        const email = yield* input(checkEmail(form.email))
        // required, as the form says: a sign-up without a name (no field, or blank) is refused with the name's 400
        const name = yield* input(checkDisplayName(form.name))
        const password = yield* input(checkPassword(form.password, email.email))
        const wait = yield* throttle.take("signup_client", form.client)
        if (wait > 0) return yield* throttled(wait)
        return yield* createAccount(email, name, password).pipe(
          // a unit pays for an attempt processed: one the database could not finish (a 503 page) is given back; a
          // client hanging up is not (what it started may have been made)
          Effect.onError((cause) =>
            Cause.hasInterruptsOnly(cause) ? Effect.void : Effect.ignore(Effect.sandbox(throttle.giveBack("signup_client", form.client))))
        )
      }).pipe(traced("Accounts.signUp"))

    const createAccount = (email: { readonly email: string; readonly lower: string }, name: string | null, password: string) =>
      Effect.gen(function*() {
        yield* throttle.prune
        const suffix = randomBytes(8).toString("hex")
        const id = "acc_" + suffix
        const period = periodOf(new Date(yield* Clock.currentTimeMillis))
        const created = yield* repo.insertAccount({ id, memberId: "mem_" + suffix, email: email.email, lower: email.lower, name, passwordHash: yield* hashPassword(password), plan: "free" }, period)
        if (created) {
          const verification = newToken()
          yield* repo.insertVerification(sha256(verification), id)
          yield* mailer.sendVerification({ accountId: id, to: email.email, link: `${publicUrl}/verify-email?token=${verification}` })
          yield* Effect.logInfo("account created").pipe(Effect.annotateLogs({ account_id: id }))
        } else {
          const held = yield* repo.byEmail(email.lower)
          if (Option.isSome(held)) {
            yield* mailer.sendAccountExists({ accountId: held.value.id, to: held.value.email, link: `${publicUrl}/login` })
          }
        }
        return { email: email.email }
      })

    /** A log-in's event in the chain of the account whose address was typed (a failure names no actor: whoever typed it is not known). */
    const logInEvent = (login: AccountRow, origin: Origin | undefined, event: {
      readonly action: "member.logged_in" | "member.login_failed"
      readonly details: Readonly<Record<string, string | boolean>>
    }) =>
      audit.record({ accountId: login.id, by: event.action === "member.logged_in" ? memberAttribution(accountOf(login)) : null, origin }, {
        action: event.action, object: { type: "member", id: login.member_id }, outcome: event.action === "member.logged_in" ? "succeeded" : "refused", details: event.details
      })

    /**
     * A unit of the address's and of the client's failure budget is taken before the password is checked (one
     * statement each), so concurrent guesses cannot exceed the limit; a log-in that succeeds gives both back.
     */
    const logIn = (form: { readonly email: string; readonly password: string; readonly client: string; readonly origin?: Origin }) =>
      Effect.gen(function*() {
        const lower = form.email.trim().toLowerCase()
        const waitAddress = yield* throttle.take("login_email", lower)
        if (waitAddress > 0) return yield* throttled(waitAddress)
        const waitClient = yield* throttle.take("login_client", form.client)
        if (waitClient > 0) {
          yield* throttle.giveBack("login_email", lower)
          return yield* throttled(waitClient)
        }
        const found = yield* repo.byEmail(lower)
        // Verified against a decoy when there is no such account: the answer takes as long either way.
        const matches = yield* verifyPassword(form.password, Option.match(found, { onNone: () => decoy, onSome: (a) => a.password_hash }))
        if (Option.isNone(found) || !matches) {
          // Recorded only for an address that has an account (an unknown one has no chain to go in, and a stranger
          // must not fill one): at most KYB_LOGIN_FAILURES_PER_ADDRESS an address a window, as the throttle allows.
          if (Option.isSome(found)) yield* logInEvent(found.value, form.origin, { action: "member.login_failed", details: { reason: "wrong_password" } })
          else yield* Effect.logInfo("log-in refused: no account has this address")
          return yield* new InvalidCredentials({ message: "The e-mail address or the password is wrong." })
        }
        // A member with a second factor (or one the account requires) meets a challenge first: the password's units go
        // back, and each code typed takes its own (SecondFactor.complete).
        const challenge = yield* secondFactor.challengeFor({ accountId: found.value.id, memberId: found.value.member_id, generation: found.value.session_generation, email: found.value.email })
        if (Option.isSome(challenge)) {
          yield* throttle.giveBack("login_email", lower)
          yield* throttle.giveBack("login_client", form.client)
          return { kind: "challenge" as const, challenge: challenge.value }
        }
        // The session is made only if the account is still live and its password still the one checked (a deletion or
        // a password change that committed meanwhile wins): the same answer as a wrong password.
        const session = yield* startSession(found.value.id, found.value.member_id, found.value.session_generation,
          logInEvent(found.value, form.origin, { action: "member.logged_in", details: { second_factor: false } }))
        if (Option.isNone(session)) return yield* new InvalidCredentials({ message: "The e-mail address or the password is wrong." })
        yield* throttle.giveBack("login_email", lower)
        yield* throttle.giveBack("login_client", form.client)
        yield* Effect.logInfo("signed in").pipe(Effect.annotateLogs({ account_id: found.value.id }))
        return { kind: "session" as const, account: accountOf(found.value), session: session.value }
      }).pipe(traced("Accounts.logIn"))

    /** The second step of a log-in: a right code starts the session (and an enrolment's recovery codes are shown once). */
    const completeLogIn = (form: { readonly challenge: string; readonly code: string | undefined; readonly client: string; readonly origin?: Origin }) =>
      Effect.gen(function*() {
        const done = yield* secondFactor.complete(form.challenge, form.code, form.client, form.origin)
        const session = yield* startSession(done.accountId, done.memberId, done.generation,
          audit.record({ accountId: done.accountId, by: done.member, origin: form.origin }, {
            action: "member.logged_in", object: { type: "member", id: done.memberId }, details: { second_factor: true }
          }))
        if (Option.isNone(session)) return yield* new InvalidCredentials({ message: "This log-in has expired or was already used: log in again." })
        yield* Effect.logInfo("signed in with a second factor").pipe(Effect.annotateLogs({ account_id: done.accountId, member_id: done.memberId }))
        return { session: session.value, recoveryCodes: done.recoveryCodes }
      }).pipe(traced("Accounts.completeLogIn"))

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
    const changePassword = (signedIn: Account, form: { readonly current: string; readonly next: string }) =>
      Effect.gen(function*() {
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
    const deleteAccount = (signedIn: Account, password: string) =>
      Effect.gen(function*() {
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

    return {
      sessionTtl, signupEnabled, signUp, logIn, completeLogIn, fromSession, logOut, changePassword, deleteAccount, verifyEmail,
      createKey, revokeKey, rotateKey, overview, startSession
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([AccountsRepo.Default, ApiKeys.Default, Throttle.Default, Fence.Default, Audit.Default, SecondFactor.Default]))
}
