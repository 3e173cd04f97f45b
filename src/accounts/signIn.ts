import { SqlClient } from "effect/sql"
import { Cause, Clock, Config, Duration, Effect, Option, Redacted } from "effect"
import { randomBytes } from "node:crypto"
import type { Origin } from "../access/actor.js"
import { Audit } from "../audit/Audit.js"
import { checkDisplayName } from "../domain/displayName.js"
import { checkEmail, checkPassword } from "../domain/accountRules.js"
import { periodOf } from "../domain/quotaWindow.js"
import { SecondFactor } from "../secondFactor/SecondFactor.js"
import { Fence } from "../tenancy/Fence.js"
import { accountOf, input, memberAttribution, throttled } from "./account.js"
import { type AccountRow, AccountsRepo } from "./AccountsRepo.js"
import { InvalidCredentials, SignupDisabled } from "./errors.js"
import { loggingMailer, Mailer } from "./Mailer.js"
import { decoyHash, hashPassword, verifyPassword } from "./passwords.js"
import { publicUrlConfig } from "./PublicUrlConfig.js"
import { Throttle } from "./Throttle.js"
import { newToken, sha256 } from "./tokens.js"
import { traced } from "../metrics/span.js"

/**
 * Getting in (part of the Accounts service): sign-up, log-in with its second step, and the sessions they start.
 * Sign-up answers the same whether or not the address has an account; failed log-ins are throttled per address and
 * per client, sign-ups per client. KYB_SIGNUP_ENABLED=false closes sign-up; KYB_SESSION_TTL is a session's life.
 */
export const makeSignIn = Effect.gen(function*() {
  const repo = yield* AccountsRepo
  const sql = yield* SqlClient.SqlClient
  const fence = yield* Fence
  const audit = yield* Audit
  const throttle = yield* Throttle
  const secondFactor = yield* SecondFactor
  // A deployment (or a test) may provide its own Mailer; without one, the logging seam.
  const mailer = Option.getOrElse(yield* Effect.serviceOption(Mailer), () => Mailer.of(loggingMailer))
  const signupEnabled = yield* Config.Boolean("KYB_SIGNUP_ENABLED").pipe(Config.withDefault(true))
  const sessionTtl = yield* Config.Duration("KYB_SESSION_TTL").pipe(Config.withDefault(Duration.days(7)))
  const publicUrl = (yield* publicUrlConfig).base
  const decoy = yield* decoyHash

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

  return { sessionTtl, signupEnabled, signUp, logIn, completeLogIn, startSession } as const
})
