import type { Decision } from "../../domain/schemas/Decision.js"
import { AWAITING_LIMIT } from "../../decisions/SecondLooks.js"
import { type Console, consolePage } from "../console.js"
import { dataTable, html } from "../html.js"
import { byProposal, caseWords, proposalActions, proposalCells } from "../cases/decisionViews.js"

const subjectWords = (s: Decision["subject"]) =>
  [s.name ?? null, s.registration_no === undefined ? null : `number ${s.registration_no}`, s.country ?? null].filter((p): p is string => p !== null).join(" · ")

/**
 * Awaiting approval: every pending proposal of the account, from any door (console, /v1, MCP), oldest first, one row
 * per proposal (a hit with its linked entries is approved or rejected once), each in the case of its subject.
 */
export const approvalsPage = (c: Console, pending: ReadonlyArray<Decision>, error?: string) => {
  const rows = byProposal(pending).map((group) => {
    const d = group[0]!
    return [subjectWords(d.subject), caseWords(d), ...proposalCells(group).slice(0, 6), proposalActions(c, d, "approvals")]
  })
  return consolePage(c, "Awaiting approval", "/dashboard/approvals", html`<p>Decisions held back by the account's four-eyes policy, from the console, the API
and MCP alike. Until another member approves one it is <strong>pending: not in force</strong>: it dismisses nothing. Whoever proposed
it (in the console, or with an API key they made) cannot approve it: they may withdraw it.</p>
${error === undefined ? "" : html`<p class="error" role="alert">${error}</p>`}
${pending.length >= AWAITING_LIMIT ? html`<p>Only the oldest ${AWAITING_LIMIT} pending decisions are shown: review these first.</p>` : ""}
${dataTable("Proposals waiting for a second member, oldest first", ["Subject", "Case", "When", "Entries", "Decision", "Proposed by", "Their note", "Status", "Your move"],
    rows, { empty: "Nothing is waiting for a second look.", id: "awaiting" })}`)
}
