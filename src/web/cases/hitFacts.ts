import { Schema } from "effect"
import { SanctionsHit } from "../../domain/schemas/Verdict.js"
import { html } from "../html.js"
import { facts } from "../checks/hits.js"
import type { Hit } from "../checks/view.js"
import { listedOnWords, listingFacts } from "../checks/listingFacts.js"
import { listWords } from "../words.js"

const encodeHit = Schema.encodeSync(SanctionsHit)

const decisionWords = (hit: Hit) =>
  hit.decision === null ? "undecided" : `${hit.decision.decision.replace("_", " ")}${hit.dismissed ? ": dismissed, not counted in the verdict" : ""}`

/**
 * One hit with what the list says of its entry (names, countries, identifiers, addresses, remarks, the official
 * page), as kept with the check: the same facts the check's page gives, without its forms. `level`: its heading's.
 */
export const hitFactsCard = (hit: Hit, id: string, level: 3 | 4 = 3) => {
  const heading = html`${hit.name} <small>(${listWords(hit.list)}, entry ${hit.entry_id}, score ${hit.score.toFixed(2)})</small>`
  // a card, not a region: the same entry is a hit of several checks of a record, and regions need names of their own
  return html`<div class="card hit-facts">${level === 3 ? html`<h3 id="${id}">${heading}</h3>` : html`<h4 id="${id}">${heading}</h4>`}
${facts([
    ["List", `${listWords(hit.list)} version ${hit.list_version}`], ["Entry hash", html`<code>${hit.entry_hash}</code>`],
    ["Listed name matched", hit.matched_name], ["Name screened", hit.screened_name], ["Programs", hit.programs.join(", ") || "—"],
    ["Entity type", hit.entity_type], ["Listed on", listedOnWords(hit)], ...listingFacts(hit), ["Decision at the check", decisionWords(hit)]
  ])}</div>`
}

/** The case page's hits of its latest check, each with its list facts. */
export const caseHitFacts = (decoded: ReadonlyArray<SanctionsHit>) => {
  const hits: ReadonlyArray<Hit> = decoded.map((h) => encodeHit(h))
  return html`<section aria-labelledby="hit-facts-h"><h2 id="hit-facts-h">What the lists say of each hit</h2>${
    hits.length === 0 ? html`<p class="empty">The latest check has no hit.</p>` : hits.map((h, i) => hitFactsCard(h, `hit-facts-${i}`))}</section>`
}
