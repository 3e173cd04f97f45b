/**
 * The case queue at volume (issue 55 item 4), pure: the service level a case's age is measured against, what a bulk
 * action may name, where an escalation goes, and which saved filter a member may keep.
 */

const HOUR = 3_600_000

/** An owner's service level: at most this many hours from (re)opening to closing; null: none set. */
export const SERVICE_HOURS_MIN = 1
export const SERVICE_HOURS_MAX = 8760

/** The service level as sent (a form's text or a number): a whole number of hours from 1 to 8760, or none (empty). */
export const serviceHoursOf = (raw: string | number | null | undefined):
  { readonly ok: true; readonly hours: number | null } | { readonly ok: false; readonly message: string } => {
  const text = raw === null || raw === undefined ? "" : String(raw).trim()
  if (text === "") return { ok: true, hours: null }
  const hours = Number(text)
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(hours) || hours < SERVICE_HOURS_MIN || hours > SERVICE_HOURS_MAX) {
    return { ok: false, message: `hours: a whole number of hours from ${SERVICE_HOURS_MIN} to ${SERVICE_HOURS_MAX}, or empty for none` }
  }
  return { ok: true, hours }
}

/** A case's age against the service level: hours open, hours left (negative: past it), overdue. Closed cases are never overdue. */
export interface ServiceStanding {
  readonly ageHours: number
  readonly dueAt: Date | null
  readonly overdue: boolean
}

export const serviceStanding = (openedAt: Date, closed: boolean, hours: number | null, now: number): ServiceStanding => {
  const ageHours = Math.max(0, Math.floor((now - openedAt.getTime()) / HOUR))
  if (hours === null) return { ageHours, dueAt: null, overdue: false }
  const dueAt = new Date(openedAt.getTime() + hours * HOUR)
  return { ageHours, dueAt, overdue: !closed && dueAt.getTime() <= now }
}

/** The instant before which a case opened is overdue now (null: no service level, nothing is). */
export const overdueBefore = (hours: number | null, now: number): Date | null => hours === null ? null : new Date(now - hours * HOUR)

/** Age in words against the level: "5 h of 24 h", "30 h of 24 h: overdue", or "2 d" with none set. */
export const standingWords = (s: ServiceStanding, hours: number | null): string =>
  hours === null
    ? s.ageHours < 48 ? `${s.ageHours} h` : `${Math.floor(s.ageHours / 24)} d`
    : `${s.ageHours} h of ${hours} h${s.overdue ? ": overdue" : ""}`

/** How many cases one bulk action may name (the page shows at most 100; the API takes more for scripts). */
export const BULK_MAX = 500

/** The case ids of a bulk action, each once, in the order given; or why they cannot be taken. */
export const bulkIdsOf = (ids: ReadonlyArray<string>):
  { readonly ok: true; readonly ids: ReadonlyArray<string> } | { readonly ok: false; readonly message: string } => {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return { ok: false, message: "case_ids: choose at least one case" }
  if (unique.length > BULK_MAX) return { ok: false, message: `case_ids: at most ${BULK_MAX} cases at once (${unique.length} given)` }
  return { ok: true, ids: unique }
}

/** Where an escalation goes: a member (who then holds the case) or every member of a role. */
export type EscalationTarget = { readonly type: "member"; readonly id: string } | { readonly type: "role"; readonly role: EscalationRole }
export const escalationRoles = ["owner", "admin", "analyst"] as const
export type EscalationRole = typeof escalationRoles[number]

export const ESCALATION_REASON_MAX = 2000

/**
 * An escalation as a form or a body gives it: a reason (required) and a target, `mem_…` or `role:<role>`.
 */
export const escalationOf = (rawReason: string | undefined, rawTarget: string | undefined):
  { readonly ok: true; readonly reason: string; readonly to: EscalationTarget } | { readonly ok: false; readonly message: string } => {
  const reason = (rawReason ?? "").trim()
  if (reason === "") return { ok: false, message: "reason: say why the case needs someone else" }
  if (reason.length > ESCALATION_REASON_MAX) return { ok: false, message: `reason: at most ${ESCALATION_REASON_MAX} characters` }
  const target = (rawTarget ?? "").trim()
  if (target.startsWith("role:")) {
    const role = target.slice(5)
    return (escalationRoles as ReadonlyArray<string>).includes(role)
      ? { ok: true, reason, to: { type: "role", role: role as EscalationRole } }
      : { ok: false, message: "to: a role must be owner, admin or analyst" }
  }
  if (/^mem_[A-Za-z0-9_-]{1,64}$/.test(target)) return { ok: true, reason, to: { type: "member", id: target } }
  return { ok: false, message: "to: a member (mem_…) or a role (role:owner, role:admin, role:analyst)" }
}

export const SAVED_FILTERS_MAX = 20
export const SAVED_FILTER_NAME_MAX = 60

/** The queue's filters a saved filter keeps (its query string, nothing else: never a cursor). */
export const savedFilterKeys = ["status", "reason", "list", "assignee", "pending", "waiting_for", "overdue", "sort"] as const

/** A saved filter as a member names it: its name trimmed, and the query string of only the filters it may keep. */
export const savedFilterOf = (rawName: string | undefined, params: Readonly<Record<string, string | undefined>>):
  { readonly ok: true; readonly name: string; readonly query: string } | { readonly ok: false; readonly message: string } => {
  const name = (rawName ?? "").trim().replace(/\s+/g, " ")
  if (name === "") return { ok: false, message: "name: give the filter a name" }
  if (name.length > SAVED_FILTER_NAME_MAX) return { ok: false, message: `name: at most ${SAVED_FILTER_NAME_MAX} characters` }
  const query = new URLSearchParams(savedFilterKeys.flatMap((k) => {
    const v = params[k]
    return v === undefined || v === "" ? [] : [[k, v] as [string, string]]
  })).toString()
  return { ok: true, name, query }
}
