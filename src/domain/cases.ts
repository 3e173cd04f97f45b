/**
 * Cases (issue 40), pure: what a verdict in `review` becomes for the team that works the queue. One case per subject
 * of an account (the business resolved, or the name and country given); its status moves open → in progress →
 * (escalated) → closed with an outcome, and a closed case opens again when a later check brings something new.
 * Four eyes: which decisions need a second member, and who may give it.
 */
import { normalizeName } from "./normalize.js"

export const caseStatuses = ["open", "in_progress", "escalated", "closed"] as const
export type CaseStatus = typeof caseStatuses[number]

export const caseOutcomes = ["cleared", "confirmed_match", "rejected_business", "resolved_by_later_check", "other"] as const
export type CaseOutcome = typeof caseOutcomes[number]

export const isCaseOutcome = (raw: unknown): raw is CaseOutcome => typeof raw === "string" && (caseOutcomes as ReadonlyArray<string>).includes(raw)

/** What a member does to a case's status (assigning and commenting leave it where it is, taking starts the work). */
export type CaseMove =
  | { readonly type: "start" }
  | { readonly type: "escalate" }
  | { readonly type: "close"; readonly outcome: CaseOutcome; readonly text: string | null }
  | { readonly type: "reopen" }

export type MoveResult =
  | { readonly ok: true; readonly status: CaseStatus; readonly outcome: CaseOutcome | null; readonly outcomeText: string | null }
  | { readonly ok: false; readonly message: string }

const refused = (message: string): MoveResult => ({ ok: false, message })
const to = (status: CaseStatus, outcome: CaseOutcome | null = null, outcomeText: string | null = null): MoveResult =>
  ({ ok: true, status, outcome, outcomeText })

export const OUTCOME_TEXT_MAX = 2000

/** The status a move leads to from `status`, or why it cannot be made. */
export const moveCase = (status: CaseStatus, move: CaseMove): MoveResult => {
  switch (move.type) {
    case "start":
      return status === "open" ? to("in_progress")
        : status === "closed" ? refused("The case is closed; it opens again when a check brings something new.")
        : refused(`The case is already ${statusWords[status].toLowerCase()}.`)
    case "escalate":
      return status === "open" || status === "in_progress" ? to("escalated")
        : refused(status === "closed" ? "A closed case cannot be escalated." : "The case is already escalated.")
    case "close": {
      if (status === "closed") return refused("The case is already closed.")
      const text = move.text?.trim() ?? ""
      if (text === "") return refused(move.outcome === "other" ? "An outcome of other needs a text saying what it was." : "Closing a case needs a note saying why.")
      if (text.length > OUTCOME_TEXT_MAX) return refused(`The outcome's text is ${text.length} characters; at most ${OUTCOME_TEXT_MAX}.`)
      return to("closed", move.outcome, text === "" ? null : text)
    }
    case "reopen":
      return status === "closed" ? to("open") : refused("Only a closed case opens again.")
  }
}

export const statusWords: Readonly<Record<CaseStatus, string>> = {
  open: "Open",
  in_progress: "In progress",
  escalated: "Escalated",
  closed: "Closed"
}

export const outcomeWords: Readonly<Record<CaseOutcome, string>> = {
  cleared: "Cleared: no match, the business may proceed",
  confirmed_match: "Confirmed match",
  rejected_business: "Business rejected",
  resolved_by_later_check: "Resolved by a later check: its latest check clears every reason",
  other: "Other"
}

/**
 * The subject a case is about, as a key: the business resolved (country and its number as the record gives it, or
 * its reference id), else the name as read (trimmed, spaces collapsed) lower-cased, with the country given (none:
 * "-"). sql/0300_cases.sql computes the same key for the checks it backfills.
 */
export const caseSubjectKey = (subject: {
  readonly company: { readonly country: string; readonly id: string } | null
  readonly name: string | null
  readonly country: string | null
}): string | null =>
  subject.company !== null
    ? `company:${subject.company.country.toUpperCase()}:${subject.company.id}`
    : subject.name === null || subject.name === ""
    ? null
    : `name:${(subject.country ?? "-").toUpperCase()}:${subject.name.toLowerCase()}`

/** What a check brings to its case: the reasons it is in review and the hits (list and entry) it reports undecided. */
export interface CaseFindings {
  readonly reasons: ReadonlyArray<string>
  readonly hits: ReadonlyArray<string>
}

/** A hit as a case remembers it. */
export const hitKey = (hit: { readonly list: string; readonly entry_id: string }) => `${hit.list}:${hit.entry_id}`

/** The findings of a case after a check joins it: everything seen so far (in first-seen order). */
export const mergeFindings = (seen: CaseFindings, check: CaseFindings): CaseFindings => ({
  reasons: [...new Set([...seen.reasons, ...check.reasons])],
  hits: [...new Set([...seen.hits, ...check.hits])]
})

/** An account's four-eyes policy: on by default; which false positives need a second member. */
export interface FourEyesPolicy {
  readonly enabled: boolean
  /** A false positive on a hit scored at or above this needs a second member. */
  readonly threshold: number
}

export const DEFAULT_FOUR_EYES: FourEyesPolicy = { enabled: true, threshold: 0.95 }

/** The hit a decision is proposed on, as far as the policy looks at it. */
export interface ProposedOn {
  readonly score: number
  /** The name screened and the entry's name that matched, both normalised the same way. */
  readonly screenedName: string
  readonly matchedName: string
}

/** A reported hit as the policy looks at it: its score, and the two names normalised as the service normalises names. */
export const proposedOn = (hit: { readonly score: number; readonly screened_name: string; readonly matched_name: string }): ProposedOn =>
  ({ score: hit.score, screenedName: normalizeName(hit.screened_name), matchedName: normalizeName(hit.matched_name) })

/**
 * Whether a decision needs a second member: a `false_positive` on a hit scored at or above the threshold, or on an
 * exact name match (whatever its score). A `confirmed` match never waits: it only makes the verdict stricter.
 */
export const needsSecondLook = (policy: FourEyesPolicy, decision: "false_positive" | "confirmed", hit: ProposedOn): boolean =>
  policy.enabled && decision === "false_positive" &&
  (hit.score >= policy.threshold || (hit.screenedName !== "" && hit.screenedName === hit.matchedName))

export const approvalStates = ["not_needed", "pending", "approved", "rejected", "withdrawn"] as const
export type ApprovalState = typeof approvalStates[number]

/** Whether a decision in this state counts (dismisses a hit): one that needed no approval, or was approved. */
export const inForceApproval = (state: ApprovalState): boolean => state === "not_needed" || state === "approved"

/** What a decision is now, one word for every door (API `status`, console, print, MCP). */
export const decisionStatuses = ["in_force", "pending", "rejected", "withdrawn", "superseded"] as const
export type DecisionStatus = typeof decisionStatuses[number]

export const decisionStatusOf = (d: { readonly approval: ApprovalState; readonly superseded_by: string | null }): DecisionStatus =>
  d.approval === "pending" || d.approval === "rejected" || d.approval === "withdrawn" ? d.approval
    : d.superseded_by !== null ? "superseded" : "in_force"

export const decisionStatusWords: Readonly<Record<DecisionStatus, string>> = {
  in_force: "in force",
  pending: "pending: not in force",
  rejected: "rejected",
  withdrawn: "withdrawn by its proposer",
  superseded: "superseded"
}

type Refusal<R extends string> = { readonly ok: false; readonly reason: R; readonly message: string }

/**
 * Whether `reviewer` (a member) may approve or reject a decision in state `state`, proposed by `proposer` (the member
 * whose proposal it is: the one who made it, or who made the key it was made with; null: nobody known): only a
 * pending one, never by its proposer (whatever door or key they use), never by a key (a second look is a person's),
 * and only with the power to decide hits.
 */
export const mayReview = (
  state: ApprovalState,
  proposer: string | null,
  reviewer: { readonly type: "member" | "key"; readonly id: string; readonly canDecide: boolean }
): { readonly ok: true } | Refusal<"not_pending" | "own" | "not_a_member" | "role"> => {
  if (state !== "pending") return { ok: false, reason: "not_pending", message: `The decision is ${state.replace("_", " ")}, not waiting for a second look.` }
  if (reviewer.type !== "member") return { ok: false, reason: "not_a_member", message: "A second look is a member's: approve or reject in the console." }
  if (proposer !== null && proposer === reviewer.id) {
    return { ok: false, reason: "own", message: "You proposed this decision (yourself or with a key you made); another member must approve or reject it." }
  }
  if (!reviewer.canDecide) return { ok: false, reason: "role", message: "Your role cannot decide hits (analysts, admins and owners can)." }
  return { ok: true }
}

/** Whether `member` (the member acting, or who made the key acting; null: none) may withdraw a proposal: its proposer only, while it is pending. */
export const mayWithdraw = (state: ApprovalState, proposer: string | null, member: string | null): { readonly ok: true } | Refusal<"not_pending" | "not_yours"> => {
  if (state !== "pending") return { ok: false, reason: "not_pending", message: `The decision is ${state.replace("_", " ")}, no longer waiting: there is nothing to withdraw.` }
  if (proposer === null || member !== proposer) return { ok: false, reason: "not_yours", message: "Only the member who proposed this decision may withdraw it." }
  return { ok: true }
}

export const REVIEW_NOTE_MAX = 2000

/** A second look's note, trimmed: required, at most REVIEW_NOTE_MAX characters. */
export const reviewNoteOf = (raw: string | undefined): { readonly ok: true; readonly note: string } | { readonly ok: false; readonly message: string } => {
  const note = (raw ?? "").trim()
  if (note === "") return { ok: false, message: "note: say why you approve or reject it" }
  if (note.length > REVIEW_NOTE_MAX) return { ok: false, message: `note: at most ${REVIEW_NOTE_MAX} characters` }
  return { ok: true, note }
}
