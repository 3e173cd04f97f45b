/**
 * Members' roles (issue 39), pure. Each role holds the powers of the ones below it:
 * - viewer: reads everything of the account (checks, decisions, jobs, monitors, webhooks, the audit log): an auditor;
 * - analyst: also works: verifies, re-verifies, runs batch jobs, adds and removes monitors, decides hits;
 * - admin: also manages: members (not owners), API keys, the screening lists, webhooks;
 * - owner: everything, including owners, the account's policy (second factor) and deleting the account.
 */
export const roles = ["owner", "admin", "analyst", "viewer"] as const
export type Role = typeof roles[number]

export type Power = "read" | "work" | "manage" | "own"

const rank: Readonly<Record<Role, number>> = { viewer: 0, analyst: 1, admin: 2, owner: 3 }
const needed: Readonly<Record<Power, number>> = { read: 0, work: 1, manage: 2, own: 3 }

export const isRole = (raw: unknown): raw is Role => typeof raw === "string" && (roles as ReadonlyArray<string>).includes(raw)

export const can = (role: Role, power: Power): boolean => rank[role] >= needed[power]

/** Whether a member of role `actor` may give (or take away) role `target`: owners only by owners, the rest by admins. */
export const canAssign = (actor: Role, target: Role): boolean => target === "owner" ? actor === "owner" : can(actor, "manage")

const powerWords: Readonly<Record<Power, string>> = {
  read: "read this account",
  work: "verify, decide hits or change monitors and batch jobs (analysts, admins and owners can)",
  manage: "manage members, API keys, screening lists or webhooks (admins and owners can)",
  own: "change owners, the account's policy or delete the account (owners can)"
}

/** The refusal's message for a role that lacks a power. */
export const refusalOf = (role: Role, power: Power): string => `Your role (${role}) cannot ${powerWords[power]}.`

export const roleWords: Readonly<Record<Role, string>> = {
  owner: "Owner: everything, including owners and deleting the account",
  admin: "Admin: members, API keys, screening lists and webhooks, and an analyst's work",
  analyst: "Analyst: verify, batch jobs, monitors and decisions",
  viewer: "Viewer: reads everything, changes nothing (an auditor)"
}
