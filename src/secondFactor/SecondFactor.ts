import { SqlClient } from "effect/sql"
import { Clock, Config, Duration, Effect, Option, Redacted, Context, Layer } from "effect"
import { randomBytes } from "node:crypto"
import { Secret, TOTP } from "otpauth"
import type { Origin } from "../access/actor.js"
import { AccountsRepo } from "../accounts/AccountsRepo.js"
import { InvalidAccountInput, InvalidCredentials, RoleForbids, Throttled } from "../accounts/errors.js"
import { reauthenticate } from "../accounts/reauthenticate.js"
import { Throttle } from "../accounts/Throttle.js"
import { newToken, sha256 } from "../accounts/tokens.js"
import { Audit } from "../audit/Audit.js"
import { can, refusalOf, type Role } from "../domain/roles.js"
import { acceptedStep, RECOVERY_CODES, recoveryCodeOf, TOTP_DIGITS, TOTP_PERIOD_SECONDS, TOTP_WINDOW, typedCode } from "../domain/secondFactor.js"
import { open, seal } from "./secretBox.js"
import { type FactorRow, SecondFactorRepo } from "./SecondFactorRepo.js"

/** The signed-in member as this service needs them. */
export interface Member {
  readonly id: string
  readonly email: string
  readonly member: { readonly id: string; readonly name: string; readonly displayName?: string | null; readonly role: Role }
}

/** An enrolment as the member's authenticator app takes it: the secret (base32) and the otpauth:// URI. */
export interface Enrolment {
  readonly secret: Redacted.Redacted<string>
  readonly uri: Redacted.Redacted<string>
}

const invalid = (message: string) => new InvalidAccountInput({ message })
const WRONG_CODE = "The code is not right: type the 6 digits your app shows now, or one of your recovery codes."
const wrongCode = () => new InvalidCredentials({ message: WRONG_CODE })
const OWN_FACTOR_FIRST = "Turn on your own second factor before requiring one of every member."
const expired = () => new InvalidCredentials({ message: "This log-in has expired or was already used: log in again." })

const totpOf = (secret: string, label: string) =>
  new TOTP({ issuer: "KYB Africa", label, algorithm: "SHA1", digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) })

/**
 * Members' second factor (issue 39): TOTP (RFC 6238, via otpauth) turned on by the member, confirmed with a code, with
 * ten recovery codes shown once (kept as SHA-256, each usable once); the account's policy can require it of every
 * member (a member without one enrols at log-in). A log-in whose password is right becomes a challenge; each code
 * typed takes a unit of the same per-address and per-client log-in budgets as a password, given back when it is right.
 * A code is accepted once (the last accepted step is kept). Every change, and each recovery code used, is in the audit log.
 */
export class SecondFactor extends Context.Service<SecondFactor>()("kyb/SecondFactor", {
  make: Effect.gen(function*() {
    const repo = yield* SecondFactorRepo
    const accounts = yield* AccountsRepo
    const audit = yield* Audit
    const throttle = yield* Throttle
    const sql = yield* SqlClient.SqlClient
    const challengeTtl = yield* Config.Duration("KYB_LOGIN_CHALLENGE_TTL").pipe(Config.withDefault(Duration.minutes(10)))
    // The secret must be read back to check a code (a hash would not do): it is sealed under the server's key. Kept
    // outside the database (KYB_SECRETS_KEY), a copy of the database alone does not open it; without one, a key is
    // made and kept in server_secrets (a warning says so), which keeps secrets out of exports but not from a full copy.
    const configured = yield* Config.option(Config.Redacted("KYB_SECRETS_KEY"))
    let held: string | null = Option.getOrNull(Option.map(configured, Redacted.value))
    const serverKey = Effect.suspend(() =>
      held !== null ? Effect.succeed(held) : repo.storedKey(randomBytes(32).toString("base64url")).pipe(
        Effect.tap(({ made }) => made ? Effect.logWarning("KYB_SECRETS_KEY is not set: a key sealing second-factor secrets was made and kept in the database; set one to keep it elsewhere") : Effect.void),
        Effect.map(({ value }) => (held = value))
      ))
    const inTransaction = <A, E, R>(effect: Effect.Effect<A, E, R>) => sql.withTransaction(effect).pipe(Effect.catchTag("SqlError", Effect.die))
    const actor = (m: Member, origin?: Origin) => ({ accountId: m.id, by: { type: "member" as const, id: m.member.id, name: m.member.name, display_name: m.member.displayName ?? null }, origin })

    const factorOf = (memberId: string) =>
      Effect.flatMap(repo.factor(memberId), Option.match({ onNone: () => Effect.fail(invalid("This member has been removed.")), onSome: Effect.succeed }))

    const freshEnrolment = Effect.fnUntraced(function*(memberId: string, label: string) {
      const secret = new Secret({ size: 20 }).base32
      yield* repo.setPending(memberId, seal(yield* serverKey, memberId, secret))
      return { secret: Redacted.make(secret), uri: Redacted.make(totpOf(secret, label).toString()) } satisfies Enrolment
    })

    const pendingOf = (row: FactorRow, label: string) =>
      Effect.map(serverKey, (key) => {
        const secret = row.totp_pending === null ? null : open(key, row.member_id, row.totp_pending)
        return secret === null ? Option.none<Enrolment>() : Option.some({ secret: Redacted.make(secret), uri: Redacted.make(totpOf(secret, label).toString()) })
      })

    /** The step a TOTP code of `sealed` matches now (after the last accepted), or null. */
    const matchingStep = Effect.fnUntraced(function*(row: FactorRow, sealed: string | null, code: string) {
      const secret = sealed === null ? null : open(yield* serverKey, row.member_id, sealed)
      if (secret === null) return null
      const now = yield* Clock.currentTimeMillis
      const delta = totpOf(secret, "").validate({ token: code, timestamp: now, window: TOTP_WINDOW })
      return delta === null ? null : acceptedStep(now, delta, row.totp_last_step)
    })

    /** Turns the pending secret on: fresh recovery codes, shown this once. */
    const turnOn = Effect.fnUntraced(function*(row: FactorRow, step: number, by: ReturnType<typeof actor>) {
      const codes = Array.from({ length: RECOVERY_CODES }, () => recoveryCodeOf(randomBytes(10)))
      yield* repo.enable(row.member_id, row.totp_pending!, step, codes.map(sha256))
      yield* audit.record(by, { action: "member.second_factor_on", object: { type: "member", id: row.member_id } })
      return codes
    })

    const status = Effect.fnUntraced(function*(m: Member) {
      const row = yield* factorOf(m.member.id)
      return { enabled: row.enabled, required: row.required, recoveryLeft: row.recovery_left, pending: row.enabled ? Option.none() : yield* pendingOf(row, m.email) }
    }, Effect.catchTag("SqlError", Effect.die))

    const start = Effect.fnUntraced(function*(m: Member) {
      const row = yield* factorOf(m.member.id)
      if (row.enabled) return yield* invalid("Your second factor is already on: turn it off first to set up another device.")
      return yield* freshEnrolment(m.member.id, m.email)
    }, Effect.catchTag("SqlError", Effect.die))

    const confirm = (m: Member, rawCode: string | undefined, origin?: Origin) =>
      inTransaction(Effect.gen(function*() {
        const row = yield* factorOf(m.member.id)
        if (row.enabled) return yield* invalid("Your second factor is already on.")
        const code = typedCode(rawCode)
        const step = code.kind === "totp" ? yield* matchingStep(row, row.totp_pending, code.code) : null
        if (row.totp_pending === null) return yield* invalid("Set up your second factor first.")
        if (step === null) return yield* invalid("The code is not right: type the 6 digits your app shows now.")
        return yield* turnOn(row, step, actor(m, origin))
      }))

    const turnOff = Effect.fnUntraced(function*(m: Member, password: string | undefined, origin?: Origin) {
      yield* reauthenticate(throttle, Option.getOrUndefined(yield* accounts.byMember(m.member.id)), password ?? "", "The password is wrong.")
      yield* inTransaction(Effect.gen(function*() {
        const row = yield* factorOf(m.member.id)
        if (!row.enabled) return yield* invalid("Your second factor is not on.")
        if (row.required) return yield* invalid("This account requires a second factor of every member: it cannot be turned off.")
        yield* repo.disable(m.member.id)
        yield* audit.record(actor(m, origin), { action: "member.second_factor_off", object: { type: "member", id: m.member.id } })
      }))
    })

    /** Admins and owners; turning it on needs their own factor on (no one locks the account out), and ends the sessions of members without one. */
    const setPolicy = Effect.fnUntraced(function*(m: Member, required: boolean, origin?: Origin) {
      if (!can(m.member.role, "manage")) return yield* new RoleForbids({ message: refusalOf(m.member.role, "manage") })
      return yield* inTransaction(Effect.gen(function*() {
        const row = yield* factorOf(m.member.id)
        if (required && !row.enabled) return yield* invalid(OWN_FACTOR_FIRST)
        const ended = yield* repo.setPolicy(m.id, required)
        yield* audit.record(actor(m, origin), { action: "account.policy_changed", object: { type: "account", id: m.id }, details: { require_second_factor: required, sessions_ended: ended } })
        return ended
      })).pipe(Effect.tapError((error) => error.message === OWN_FACTOR_FIRST
        ? audit.record(actor(m, origin), { action: "access.refused", object: { type: "account", id: m.id }, outcome: "refused", details: { refused: "require_second_factor", reason: "own_factor_off" } })
        : Effect.void))
    })

    /** After a right password: the challenge to meet before a session (none when the member has no factor and none is required). */
    const challengeFor = Effect.fnUntraced(function*(login: { readonly accountId: string; readonly memberId: string; readonly generation: number; readonly email: string }) {
      const found = yield* repo.factor(login.memberId)
      if (Option.isNone(found) || (!found.value.enabled && !found.value.required)) return Option.none()
      const purpose = found.value.enabled ? "verify" as const : "enrol" as const
      const token = newToken()
      yield* repo.insertChallenge(sha256(token), { accountId: login.accountId, memberId: login.memberId, generation: login.generation, purpose, ttlSeconds: Duration.toSeconds(challengeTtl) })
      const enrolment = purpose === "enrol" ? Option.some(yield* freshEnrolment(login.memberId, login.email)) : Option.none()
      return Option.some({ token: Redacted.make(token), purpose, enrolment })
    }, Effect.orDie)

    /** The enrolment a challenge shows again (a wrong code typed). */
    const challengeEnrolment = Effect.fnUntraced(function*(token: string) {
      const row = yield* repo.challenge(sha256(token))
      return Option.isNone(row) || row.value.purpose !== "enrol" ? Option.none<Enrolment>() : yield* pendingOf(row.value, row.value.email_lower ?? "")
    }, Effect.orDie)

    /** Meets a challenge with a code: the member to start a session for, and recovery codes to show once (an enrolment). */
    const complete = Effect.fnUntraced(function*(token: string, rawCode: string | undefined, client: string, origin?: Origin) {
      const tokenHash = sha256(token)
      const seen = yield* repo.challenge(tokenHash).pipe(Effect.orDie)
      if (Option.isNone(seen)) return yield* expired()
      const address = seen.value.email_lower ?? ""
      for (const [scope, subject] of [["login_email", address], ["login_client", client]] as const) {
        const wait = yield* throttle.take(scope, subject)
        if (wait > 0) {
          if (scope === "login_client") yield* throttle.giveBack("login_email", address)
          return yield* new Throttled({ message: `Too many attempts; try again in ${wait} s.`, retryAfterSeconds: wait })
        }
      }
      const done = yield* inTransaction(Effect.gen(function*() {
        const found = yield* repo.challenge(tokenHash)
        if (Option.isNone(found)) return yield* expired()
        const row = found.value
        const code = typedCode(rawCode)
        const by = { accountId: row.account_id, by: null, origin }
        let recoveryCodes: ReadonlyArray<string> | null = null
        if (row.purpose === "enrol") {
          const step = code.kind === "totp" ? yield* matchingStep(row, row.totp_pending, code.code) : null
          if (step === null || row.totp_pending === null) return yield* wrongCode()
          recoveryCodes = yield* turnOn(row, step, { ...by, by: yield* memberAttributionOf(row.member_id) })
        } else if (code.kind === "totp") {
          const step = yield* matchingStep(row, row.totp_secret, code.code)
          if (step === null) return yield* wrongCode()
          yield* repo.markStep(row.member_id, step)
        } else if (code.kind === "recovery" && (yield* repo.spendRecovery(row.member_id, sha256(code.code)))) {
          // which code is not said (not even its hash): who, from where, and how many are left
          yield* audit.record({ ...by, by: yield* memberAttributionOf(row.member_id) }, {
            action: "member.recovery_code_used", object: { type: "member", id: row.member_id }, details: { recovery_codes_left: row.recovery_left - 1 }
          })
        } else {
          return yield* wrongCode()
        }
        yield* repo.endChallenge(tokenHash)
        return { accountId: row.account_id, memberId: row.member_id, member: yield* memberAttributionOf(row.member_id), generation: row.generation, recoveryCodes }
      })).pipe(Effect.tapError((error) => error.message === WRONG_CODE ? failedCode(seen.value, origin) : Effect.void))
      yield* throttle.giveBack("login_email", address)
      yield* throttle.giveBack("login_client", client)
      return done
    })

    /** A wrong code typed at log-in, in the member's chain (never the code): bounded by the same throttle as the code. */
    const failedCode = (challenge: { readonly account_id: string; readonly member_id: string; readonly purpose: string }, origin: Origin | undefined) =>
      audit.record({ accountId: challenge.account_id, by: null, origin }, {
        action: "member.second_factor_failed", object: { type: "member", id: challenge.member_id }, outcome: "refused", details: { purpose: challenge.purpose }
      })

    const memberAttributionOf = (memberId: string) =>
      Effect.map(sql<{ name: string; display_name: string | null }>`SELECT name, display_name FROM members WHERE id = ${memberId}`,
        (rows) => ({ type: "member" as const, id: memberId, name: rows[0]?.name ?? "", display_name: rows[0]?.display_name ?? null }))

    return { status, start, confirm, turnOff, setPolicy, challengeFor, challengeEnrolment, complete } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([SecondFactorRepo.Default, AccountsRepo.Default, Audit.Default, Throttle.Default]))
}
