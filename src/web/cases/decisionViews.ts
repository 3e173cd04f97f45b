import type { Decision } from "../../domain/schemas/Decision.js"
import { decisionStatusWords, isCaseOutcome, outcomeWords } from "../../domain/cases.js"
import { attributionWords } from "../attribution.js"
import { type Console, csrfField, may } from "../console.js"
import { html, type Html, when } from "../html.js"
import { listWords } from "../words.js"

/** What a decision is now, in the words every page and print uses ("pending: not in force", "rejected" ...). */
export const statusWords = (d: Decision) => decisionStatusWords[d.status]

/** Who proposed it: the member or key that made it and, for a key, the member it acts for. */
export const proposedByWords = (d: Decision) => {
  const by = attributionWords(d.decided_by)
  return d.decided_by?.type === "key" && d.proposer !== null ? `${by}, made by ${d.proposer.name ?? d.proposer.id}` : by
}

/** Its second look: who approved, rejected or withdrew it, when, and their note; or that it waits, or needed none. */
export const secondLookWords = (d: Decision): string => {
  const note = d.review_note === null ? "" : `: ${d.review_note}`
  const at = d.reviewed_at === null ? "" : ` on ${d.reviewed_at.slice(0, 19).replace("T", " ")} UTC`
  switch (d.approval) {
    case "not_needed": return "not needed (below the four-eyes threshold, or the policy was off)"
    case "pending": return "waiting for a second member"
    case "approved": return `approved by ${attributionWords(d.reviewed_by)}${at}${note}`
    case "rejected": return `rejected by ${attributionWords(d.reviewed_by)}${at}${note}`
    case "withdrawn": return `withdrawn by ${attributionWords(d.reviewed_by)}${at}${note}`
  }
}

/** The case a decision belongs to, and its outcome once closed. */
export const caseWords = (d: Decision): Html | string =>
  d.case_id === null ? "none" : html`<a href="/dashboard/cases/${d.case_id}">${d.case_id}</a>${
    d.case_outcome !== null && isCaseOutcome(d.case_outcome) ? `, closed: ${outcomeWords[d.case_outcome]}` : ", open"}`

export const entryWords = (d: Decision) => `${listWords(d.list)} ${d.entry_id}`

/**
 * What the member may do with a pending proposal: its proposer withdraws it; another member who may decide approves
 * or rejects it, as a whole, with a note. `back`: where the form returns (a case id, or the Awaiting approval view).
 */
export const proposalActions = (c: Console, d: Decision, back: string): Html | string => {
  if (d.approval !== "pending") return "—"
  const backField = html`<input type="hidden" name="back" value="${back}">`
  if (d.proposer !== null && d.proposer.id === c.account.member.id) {
    return html`<form method="post" action="/dashboard/decisions/${d.id}/withdraw" class="inline">${csrfField(c.csrf)}${backField}<button type="submit">Withdraw</button></form>`
  }
  if (!may(c, "work")) return "—"
  const noteId = `review-note-${d.proposal_id}`
  return html`<form method="post" action="/dashboard/decisions/${d.id}/approve">${csrfField(c.csrf)}${backField}
<label for="${noteId}">Your note on ${entryWords(d)} (required)</label><textarea id="${noteId}" name="note" rows="2" required maxlength="2000"></textarea>
<button type="submit">Approve</button> <button type="submit" formaction="/dashboard/decisions/${d.id}/reject">Reject</button></form>`
}

/** One row per proposal (the decisions proposed together on one entity), in the order given. */
export const byProposal = (decisions: ReadonlyArray<Decision>): ReadonlyArray<ReadonlyArray<Decision>> => {
  const groups = new Map<string, Array<Decision>>()
  for (const d of decisions) groups.set(d.proposal_id, [...(groups.get(d.proposal_id) ?? []), d])
  return [...groups.values()]
}

/** A proposal's row: when, its entries, the decision, who proposed it, their note, its status and second look. */
export const proposalCells = (group: ReadonlyArray<Decision>) => {
  const d = group[0]!
  return [when(d.created_at), group.map(entryWords).join(", "), d.decision.replace("_", " "), proposedByWords(d), d.note, statusWords(d), secondLookWords(d)]
}
