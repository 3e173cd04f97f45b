/**
 * Cases follow the business (issue 55), pure: which case a check joins, whether it opens a closed case again, what
 * the case's reasons are now, and what closing it needs (a note; for `cleared`, an acknowledgement of every open
 * reason that is not a sanctions match).
 */
import type { CaseFindings, CaseOutcome, CaseStatus } from "./cases.js"

/** Where a check stands among a case's checks: by when it was made, then by id (as the case page orders them). */
export interface CheckPosition {
  readonly at: number
  readonly id: string
}

const later = (a: CheckPosition, b: CheckPosition): boolean => a.at > b.at || (a.at === b.at && a.id > b.id)

/** A case as a joining check reads it (locked): its status, its latest check, what that check found, everything seen. */
export interface HeldCase {
  readonly status: CaseStatus
  readonly latest: CheckPosition | null
  /** The findings of its latest check (a case opened by a decision, without a check: what the decision named). */
  readonly current: CaseFindings
  /** Every reason and hit its checks (and decisions) ever brought. */
  readonly seen: CaseFindings
}

/** A kept verification of the case's subject: in review or not, when, and what it found (undecided hits). */
export interface ArrivingCheck {
  readonly position: CheckPosition
  readonly inReview: boolean
  readonly findings: CaseFindings
}

export type Joining =
  /** No case and nothing to review: the check stands alone. */
  | { readonly type: "none" }
  | { readonly type: "open"; readonly current: CaseFindings; readonly seen: CaseFindings }
  | {
    readonly type: "join"
    /** The check is the case's latest now: its findings are the case's current ones. */
    readonly latest: boolean
    /** A closed case opens again: the check brings a hit or a reason its latest check did not have. */
    readonly reopens: boolean
    /** What the check brings that the latest check did not have (empty unless it is the latest). */
    readonly brought: CaseFindings
    readonly current: CaseFindings
    readonly seen: CaseFindings
  }

const union = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) => [...new Set([...a, ...b])]
const missingFrom = (have: ReadonlyArray<string>, wanted: ReadonlyArray<string>) => wanted.filter((w) => !have.includes(w))

/**
 * What a check does to its subject's case. Every check of the subject joins the case it has (verified or not, open
 * or closed); only a check in review opens one. The case's current findings are its latest check's: an older check
 * arriving late (two at once) joins without changing them. A closed case opens again when its latest check brings a
 * hit or a reason the one before it did not have: a reason that went away and came back is news to whoever closed it.
 */
export const joinCase = (held: HeldCase | null, check: ArrivingCheck): Joining => {
  if (held === null) return check.inReview ? { type: "open", current: check.findings, seen: check.findings } : { type: "none" }
  const seen = { reasons: union(held.seen.reasons, check.findings.reasons), hits: union(held.seen.hits, check.findings.hits) }
  const latest = held.latest === null || later(check.position, held.latest)
  if (!latest) return { type: "join", latest, reopens: false, brought: { reasons: [], hits: [] }, current: held.current, seen }
  const brought = { reasons: missingFrom(held.current.reasons, check.findings.reasons), hits: missingFrom(held.current.hits, check.findings.hits) }
  const reopens = held.status === "closed" && (brought.reasons.length > 0 || brought.hits.length > 0)
  return { type: "join", latest, reopens, brought, current: check.findings, seen }
}

/** The reason a hit decision answers; every other reason open on a case needs its own acknowledgement to clear it. */
export const SANCTIONS_REASON = "sanctions_match"

/** The current reasons that closing as `cleared` must acknowledge one by one: all but a sanctions match. */
export const reasonsToAcknowledge = (current: ReadonlyArray<string>): ReadonlyArray<string> => current.filter((r) => r !== SANCTIONS_REASON)

/**
 * Whether "resolved by a later check" is an outcome to offer: the case has a latest check and it clears every reason
 * and hit (a check in review always gives a reason, so the check that opened a case never resolves it).
 */
export const resolvedByLaterCheck = (c: { readonly latest: CheckPosition | null; readonly current: CaseFindings }): boolean =>
  c.latest !== null && c.current.reasons.length === 0 && c.current.hits.length === 0

/** The outcomes a case may close with now (every one but "resolved by a later check" unless its latest check resolved it). */
export const outcomesOffered = (outcomes: ReadonlyArray<CaseOutcome>, resolved: boolean): ReadonlyArray<CaseOutcome> =>
  outcomes.filter((o) => o !== "resolved_by_later_check" || resolved)

export type CloseRefusal =
  | { readonly ok: false; readonly reason: "note_required"; readonly message: string }
  | { readonly ok: false; readonly reason: "not_resolved"; readonly message: string }
  | { readonly ok: false; readonly reason: "unacknowledged"; readonly message: string; readonly reasons: ReadonlyArray<string> }

/**
 * Whether a close may go ahead: every outcome needs a note (why, for whoever reads the case later); "resolved by a
 * later check" only when the latest check resolved it; `cleared` only with each open reason other than a sanctions
 * match named in `acknowledged` (a reason that arrived after the page was read is not acknowledged by it).
 * `words`: a reason in words, for the refusal that names them.
 */
export const mayCloseWith = (
  close: { readonly outcome: CaseOutcome; readonly note: string | null; readonly acknowledged: ReadonlyArray<string> },
  state: { readonly resolved: boolean; readonly current: ReadonlyArray<string> },
  words: (reason: string) => string
): { readonly ok: true } | CloseRefusal => {
  if ((close.note ?? "").trim() === "") {
    return { ok: false, reason: "note_required", message: "text: closing a case needs a note saying why (it stays in the case's history and the audit trail)" }
  }
  if (close.outcome === "resolved_by_later_check" && !state.resolved) {
    return { ok: false, reason: "not_resolved", message: "The case's latest check does not clear every reason and hit: it is not resolved by a later check." }
  }
  if (close.outcome !== "cleared") return { ok: true }
  const open = reasonsToAcknowledge(state.current).filter((r) => !close.acknowledged.includes(r))
  if (open.length === 0) return { ok: true }
  return {
    ok: false,
    reason: "unacknowledged",
    reasons: open,
    message: `Clearing this case leaves open reasons its latest check gave; name each in acknowledged_reasons to confirm you considered it: ${
      open.map((r) => `${r} (${words(r)})`).join("; ")}.`
  }
}
