import type { CheckCase, FourEyesInForce } from "../../domain/schemas/Check.js"
import type { Decision } from "../../domain/schemas/Decision.js"
import { outcomeWords, statusWords as caseStatusWords } from "../../domain/cases.js"
import { attributionWords } from "../attribution.js"
import { caseWords, entryWords, proposedByWords, secondLookWords, statusWords } from "../cases/decisionViews.js"
import { dataTable, html, when } from "../html.js"

const policyWords = (p: FourEyesInForce) => {
  const rule = p.enabled
    ? `on: a false positive on a hit scored ${p.threshold} or more, or on an exact name, waits for a second member's approval; its proposer (in the console or with a key they made) can never give it`
    : "off: one member's false positive dismisses a hit at once"
  const changed = p.changed_by === null || p.changed_at === null
    ? "never changed since the account was made (the default)"
    : `last changed by ${attributionWords(p.changed_by)} on ${p.changed_at.slice(0, 19).replace("T", " ")} UTC`
  return `Four-eyes policy now: ${rule}; ${changed}.`
}

const caseFacts = (k: CheckCase) =>
  html`<p>Case <a href="/dashboard/cases/${k.id}">${k.id}</a>: ${caseStatusWords[k.status]}${
    k.outcome === null ? "" : `, outcome ${outcomeWords[k.outcome]}${k.outcome_text === null ? "" : ` (${k.outcome_text})`}`}.</p>`

/**
 * The check's evidence of what was decided on its subject: the policy in force and its last change, the case and its
 * outcome, and each decision with its maker, its status (a pending one is not in force), who approved, rejected or
 * withdrew it, when, and their note.
 */
export const decisionsSection = (decisions: ReadonlyArray<Decision>, kase: CheckCase | null, policy: FourEyesInForce | undefined) =>
  html`<section aria-labelledby="history"><h2 id="history">Decisions on this subject</h2>
${policy === undefined ? "" : html`<p id="four-eyes-policy">${policyWords(policy)}</p>`}
${kase === null ? html`<p>No case holds this subject.</p>` : caseFacts(kase)}
${dataTable("Decision history, newest first", ["When", "Decision", "List entry", "Reason", "Decided by", "Status", "Second look", "Case"],
    decisions.map((d) => [when(d.created_at), d.decision.replace("_", " "), entryWords(d), d.note, proposedByWords(d), statusWords(d), secondLookWords(d), caseWords(d)]),
    { empty: "No decision yet.", id: "decision-history" })}</section>`
