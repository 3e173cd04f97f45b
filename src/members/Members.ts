import { SqlClient, type SqlError } from "effect/sql"
import { Config, Duration, Effect, Option, Redacted, Context, Layer } from "effect"
import { randomBytes } from "node:crypto"
import type { Origin } from "../access/actor.js"
import { type Account, memberAttribution, requirePower } from "../accounts/Accounts.js"
import { InvalidAccountInput, RoleForbids } from "../accounts/errors.js"
import { loggingMailer, Mailer } from "../accounts/Mailer.js"
import { hashPassword } from "../accounts/passwords.js"
import { publicUrlConfig } from "../accounts/PublicUrlConfig.js"
import { newToken, sha256 } from "../accounts/tokens.js"
import { Audit } from "../audit/Audit.js"
import { checkEmail, checkPassword } from "../domain/accountRules.js"
import { checkDisplayName } from "../domain/displayName.js"
import { canAssign, isRole } from "../domain/roles.js"
import { Ends } from "../tenancy/Ends.js"
import { type AccessEnded, Fence } from "../tenancy/Fence.js"
import { MembersRepo } from "./MembersRepo.js"

const invalid = (message: string) => new InvalidAccountInput({ message })
const forbidden = (message: string) => new RoleForbids({ message })
/** The acting member was removed or demoted, or the account deleted, while the request was on its way: 403. */
const refusedEnded = (ended: AccessEnded) => Effect.fail(forbidden(ended.message))

const LAST_OWNER = "The account's last owner cannot be removed: make another member owner first, or delete the account."
const KEEP_AN_OWNER = "The account must keep an owner: make another member owner first."
const ADDRESS_TAKEN = "This address already signs in to an account (a person has one log-in): accept with another address, or ask to be removed there first."

const checkRole = (raw: string | undefined) =>
  isRole(raw) ? Effect.succeed(raw) : Effect.fail(invalid("role: must be owner, admin, analyst or viewer"))

const fromCheck = <A>(checked: { readonly ok: true; readonly value: A } | { readonly ok: false; readonly problem: string }) =>
  checked.ok ? Effect.succeed(checked.value) : Effect.fail(invalid(checked.problem))

/**
 * An account's members (issue 39): invited by address and role by an admin or an owner (owners only by owners),
 * through the Mailer seam (without a mail server the inviter is shown the link once); an invitation expires after
 * KYB_INVITATION_TTL (7 days), can be withdrawn, and is accepted once by choosing a name and a password. A member's
 * role can change and a member can be removed (their sessions end at once; what they did keeps their name). An
 * account always keeps an owner. Every change goes into the audit log in its transaction.
 */
export class Members extends Context.Service<Members>()("kyb/Members", {
  make: Effect.gen(function*() {
    const repo = yield* MembersRepo
    const audit = yield* Audit
    const sql = yield* SqlClient.SqlClient
    const mailer = Option.getOrElse(yield* Effect.serviceOption(Mailer), () => Mailer.of(loggingMailer))
    const ttl = yield* Config.Duration("KYB_INVITATION_TTL").pipe(Config.withDefault(Duration.days(7)))
    const publicUrl = yield* publicUrlConfig
    // said once, at start (the service is built with the server)
    if (publicUrl.warning !== null) yield* Effect.logWarning(publicUrl.warning)
    const actor = (account: Account, origin?: Origin) => ({ accountId: account.id, by: memberAttribution(account), origin })
    const fence = yield* Fence
    const ends = yield* Ends
    const inTransaction = <A, E>(effect: Effect.Effect<A, E | SqlError.SqlError>) => sql.withTransaction(effect).pipe(Effect.catchTag("SqlError", Effect.die))
    /** In the change's transaction: the account held live, the acting member still in it with the role they were admitted with. */
    const held = (account: Account) =>
      fence.hold({ accountId: account.id, keyId: null, member: account.member }).pipe(Effect.catchTag("AccessEnded", refusedEnded))
    /**
     * A member's removal or role change is an end: the account row exclusively first (every fenced write in flight
     * finishes or waits), then the acting member checked as still in it, in their role.
     */
    const ending = (account: Account) =>
      Effect.andThen(fence.end(account.id), fence.heldMember(account.id, account.member)).pipe(Effect.catchTag("AccessEnded", refusedEnded))

    const overview = (account: Account) =>
      Effect.all({ members: repo.members(account.id), invitations: repo.pendingInvitations(account.id), keysShown: repo.keysShownTo(account.id, null) }).pipe(Effect.orDie)

    /** The link is returned to show the inviter only when no mail server sends it (`shown`). */
    const invite = Effect.fnUntraced(function*(account: Account, form: { readonly email: string | undefined; readonly role: string | undefined }, origin?: Origin) {
      yield* requirePower(account, "manage")
      const email = yield* fromCheck(checkEmail(form.email ?? ""))
      const role = yield* checkRole(form.role)
      if (!canAssign(account.member.role, role)) return yield* forbidden("Only an owner can invite an owner.")
      const token = newToken()
      const id = "inv_" + randomBytes(8).toString("hex")
      // Whether the address already signs in elsewhere is not said here (anyone who signs up could ask): the
      // invitation is made alike, and acceptance settles it (one log-in per person).
      yield* fence.pause("invite", account.id)
      yield* inTransaction(Effect.gen(function*() {
        yield* held(account)
        yield* repo.insertInvitation({
          id, tokenHash: sha256(token), accountId: account.id, email: email.email, lower: email.lower, role, invitedBy: memberAttribution(account),
          ttlSeconds: Duration.toSeconds(ttl)
        })
        yield* audit.record(actor(account, origin), { action: "member.invited", object: { type: "invitation", id }, details: { email: email.email, role } })
      }))
      const link = `${publicUrl.base}/invitations/accept?token=${token}`
      yield* mailer.sendInvitation({ accountId: account.id, to: email.email, link, role })
      return { id, email: email.email, role, link: mailer.delivers ? null : Redacted.make(link) }
    })

    const withdraw = Effect.fnUntraced(function*(account: Account, invitationId: string, origin?: Origin) {
      yield* requirePower(account, "manage")
      const done = yield* inTransaction(Effect.gen(function*() {
        yield* held(account)
        const withdrawn = yield* repo.withdraw(account.id, invitationId)
        if (Option.isNone(withdrawn)) return false
        yield* audit.record(actor(account, origin), { action: "invitation.withdrawn", object: { type: "invitation", id: invitationId }, details: { email: withdrawn.value.email } })
        return true
      }))
      if (!done) return yield* invalid("No open invitation with this id on your account.")
    })

    /** Accepts an open invitation: the new member (the caller signs them in). */
    const accept = Effect.fnUntraced(function*(token: string, form: { readonly name: string | undefined; readonly password: string | undefined }, origin?: Origin) {
      const name = yield* fromCheck(checkDisplayName(form.name))
      const joined = yield* inTransaction(Effect.gen(function*() {
        const invitation = yield* repo.openInvitation(sha256(token))
        if (Option.isNone(invitation)) return yield* invalid("This invitation is not valid: it was used, withdrawn or has expired.")
        const { account_id: accountId, email, email_lower: lower, role } = invitation.value
        const password = yield* fromCheck(checkPassword(form.password ?? "", email))
        // Two invitations to one address accepted at once queue on the address: the second sees the first's member.
        yield* repo.lockAddress(lower)
        if (yield* repo.addressTaken(lower)) return yield* invalid(ADDRESS_TAKEN)
        const memberId = "mem_" + randomBytes(8).toString("hex")
        yield* repo.insertMember({ id: memberId, accountId, email, lower, name, role, passwordHash: yield* hashPassword(password) }).pipe(
          // a sign-up with the address (which takes no lock) committed meanwhile: the same refusal
          Effect.catchReason("SqlError", "UniqueViolation", () => Effect.fail(invalid(ADDRESS_TAKEN)))
        )
        yield* repo.markAccepted(invitation.value.id, memberId)
        yield* audit.record({ accountId, by: { type: "member", id: memberId, name, display_name: name }, origin }, {
          action: "member.joined", object: { type: "member", id: memberId }, details: { invitation_id: invitation.value.id, role }
        })
        return { accountId, memberId, email }
      }))
      return joined
    })

    /**
     * The signed-in member gives (or changes) their display name: records made from now on name them by it; what
     * they did before keeps the name it was recorded with. Audited with the name before and after.
     */
    const rename = Effect.fnUntraced(function*(account: Account, rawName: string | undefined, origin?: Origin) {
      const name = yield* fromCheck(checkDisplayName(rawName))
      if (name === account.member.displayName) return name
      yield* inTransaction(Effect.gen(function*() {
        yield* held(account)
        yield* repo.setDisplayName(account.member.id, name)
        yield* audit.record(actor(account, origin), {
          action: "member.renamed", object: { type: "member", id: account.member.id }, details: { from: account.member.displayName, to: name }
        })
      }))
      return name
    })

    /** What removing a member would do, for the confirmation: the member, and the working keys they were shown. */
    const removal = Effect.fnUntraced(function*(account: Account, memberId: string) {
      yield* requirePower(account, "manage")
      const view = yield* overview(account)
      const member = view.members.find((m) => m.id === memberId && m.removed_at === null)
      if (member === undefined) return yield* invalid("No such member on your account.")
      if (!canAssign(account.member.role, member.role)) return yield* forbidden("Only an owner can remove an owner.")
      return { member, keys: view.keysShown.filter((k) => k.member_id === memberId && k.live) }
    })

    /** The target's current and new role must both be the actor's to give; the last owner stays an owner. */
    const changeRole = Effect.fnUntraced(function*(account: Account, memberId: string, rawRole: string | undefined, origin?: Origin) {
      yield* requirePower(account, "manage")
      const role = yield* checkRole(rawRole)
      yield* fence.pause("member_role", account.id)
      yield* inTransaction(Effect.gen(function*() {
        yield* ending(account)
        const target = yield* found(account, memberId)
        if (!canAssign(account.member.role, target.role) || !canAssign(account.member.role, role)) {
          return yield* forbidden("Only an owner can make or unmake an owner.")
        }
        if (target.role === "owner" && role !== "owner" && (yield* repo.owners(account.id)) <= 1) return yield* invalid(KEEP_AN_OWNER)
        yield* repo.setRole(memberId, role)
        yield* audit.record(actor(account, origin), {
          action: "member.role_changed", object: { type: "member", id: memberId }, details: { name: target.name, from: target.role, to: role }
        })
      })).pipe(Effect.tapError((error) => lastOwnerRefused(account, memberId, "role_change", error, origin)))
    })

    /**
     * Their sessions end in the same transaction; what they did keeps their name. Unless `keepKeys`, the keys whose
     * secret they were shown (made or rotated by them) stop too. Answers those keys, and which were stopped.
     */
    const remove = Effect.fnUntraced(function*(account: Account, memberId: string, origin?: Origin, options: { readonly keepKeys?: boolean } = {}) {
      yield* requirePower(account, "manage")
      yield* fence.pause("member_remove", account.id)
      const removed = yield* inTransaction(Effect.gen(function*() {
        yield* ending(account)
        const target = yield* found(account, memberId)
        if (!canAssign(account.member.role, target.role)) return yield* forbidden("Only an owner can remove an owner.")
        if (target.role === "owner" && (yield* repo.owners(account.id)) <= 1) return yield* invalid(LAST_OWNER)
        yield* repo.remove(memberId)
        const shown = yield* repo.keysShownTo(account.id, memberId)
        const revoked = options.keepKeys === true ? [] : yield* repo.revokeKeysShownTo(account.id, memberId, memberAttribution(account))
        if (revoked.length > 0) yield* ends.afterRevocation(account.id)
        yield* audit.record(actor(account, origin), {
          action: "member.removed", object: { type: "member", id: memberId },
          details: { name: target.name, role: target.role, keys_shown: shown.map((k) => k.id).join(","), keys_revoked: revoked.join(",") }
        })
        return { name: target.name, keys: shown.map((k) => ({ id: k.id, label: k.label, revoked: revoked.includes(k.id), live: k.live && !revoked.includes(k.id) })) }
      })).pipe(Effect.tapError((error) => lastOwnerRefused(account, memberId, "removal", error, origin)))
      yield* Effect.logInfo("member removed; their sessions ended").pipe(Effect.annotateLogs({ account_id: account.id, member_id: memberId, keys_revoked: removed.keys.filter((k) => k.revoked).length }))
      return removed
    })

    /** The last owner kept: the refusal is in the log (its own transaction; the change's rolled back). */
    const lastOwnerRefused = (account: Account, memberId: string, refused: string, error: { readonly message: string }, origin?: Origin) =>
      error.message === LAST_OWNER || error.message === KEEP_AN_OWNER
        ? audit.record(actor(account, origin), { action: "access.refused", object: { type: "member", id: memberId }, outcome: "refused", details: { refused, reason: "last_owner" } })
        : Effect.void

    const found = (account: Account, memberId: string) =>
      Effect.flatMap(repo.liveMember(account.id, memberId), Option.match({
        onNone: () => Effect.fail(invalid("No such member on your account.")),
        onSome: (row) => Effect.succeed(row)
      }))

    return { overview, invite, withdraw, accept, rename, changeRole, removal, remove, invitationTtl: ttl, publicUrl } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([MembersRepo.Default, Audit.Default, Fence.Default, Ends.Default]))
}

