import { Effect } from "effect"
import type { Attribution } from "../access/actor.js"
import { can, type Power, refusalOf, type Role } from "../domain/roles.js"
import type { AccountRow } from "./AccountsRepo.js"
import { InvalidAccountInput, RoleForbids, Throttled } from "./errors.js"

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

export const accountOf = (row: AccountRow): Account => ({
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

/** A checked form field's value, or its problem as a refusal of the input. */
export const input = <A>(checked: { readonly ok: true; readonly value: A } | { readonly ok: false; readonly problem: string }) =>
  checked.ok ? Effect.succeed(checked.value) : Effect.fail(new InvalidAccountInput({ message: checked.problem }))

/** Too many attempts: the refusal says when to try again. */
export const throttled = (seconds: number) =>
  new Throttled({ message: `Too many attempts; try again in ${seconds} s.`, retryAfterSeconds: seconds })
