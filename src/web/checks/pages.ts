import type { Check } from "../../domain/schemas/Check.js"
import { may, type Console, consolePage, csrfField } from "../console.js"
import { attributionWords } from "../attribution.js"
import { decisionsSection } from "./decisionsSection.js"
import { dataTable, html, when } from "../html.js"
import { listWords, reasonWords } from "../words.js"
import { listCurrencyTable } from "./listCurrency.js"
import { printBlock } from "./print.js"
import { sourcesTriedSection } from "./sourcesTried.js"
import { caseFact, registeredStatement } from "./statements.js"
import { facts, hitCard, peopleSection } from "./hits.js"
import { badge, checkLink, type Hit, keyLabel, type StoredVerdict, subjectOf, verdictOf } from "./view.js"

const RESULTS = ["verified", "review", "not_found"] as const


const option = (value: string, label: string, selected: string | undefined) =>
  html`<option value="${value}"${selected === value ? html` selected` : ""}>${label}</option>`

export const checksPage = (
  c: Console,
  listed: { readonly checks: ReadonlyArray<{ readonly check: Check; readonly keyId: string | null }>; readonly nextCursor: string | null },
  error?: string
) => {
  const q = c.query
  const kept = new URLSearchParams(Object.entries({ result: q("result"), from: q("from"), to: q("to"), key: q("key"), name: q("name") })
    .filter((e): e is [string, string] => e[1] !== undefined))
  const rows = listed.checks.map(({ check, keyId }) => {
    const verdict = verdictOf(check)
    return [when(check.created_at), checkLink(check.id, subjectOf(check.input)), badge(verdict.result), verdict.review_reasons.map(reasonWords).join("; ") || "—", keyLabel(keyId, c.keys)]
  })
  if (listed.nextCursor !== null) kept.set("cursor", listed.nextCursor)
  return consolePage(c, "Checks", "/dashboard/checks", html`<p>Every verification your keys made, newest first: open one for its evidence.</p>
<form method="get" action="/dashboard/checks" class="filters" role="search" aria-label="Filter the checks">
<div><label for="f-result">Result</label><select id="f-result" name="result">${option("", "any", q("result"))}${RESULTS.map((r) => option(r, r.replace("_", " "), q("result")))}</select></div>
<div><label for="f-from">From (UTC day)</label><input id="f-from" name="from" type="date" value="${q("from") ?? ""}"></div>
<div><label for="f-to">To (UTC day)</label><input id="f-to" name="to" type="date" value="${q("to") ?? ""}"></div>
<div><label for="f-key">Key</label><select id="f-key" name="key">${option("", "any", q("key"))}${c.keys.map((k) => option(k.id, keyLabel(k.id, c.keys), q("key")))}</select></div>
<div><label for="f-name">Name contains</label><input id="f-name" name="name" type="text" value="${q("name") ?? ""}"></div>
<div><button type="submit">Filter</button> <a href="/dashboard/checks">Clear</a></div></form>
${error === undefined ? "" : html`<p class="error" role="alert">${error}</p>`}
${dataTable("Checks, newest first", ["When", "Subject", "Result", "Review reasons", "Key"], rows, { empty: "No check matches.", id: "checks" })}
${listed.nextCursor === null ? "" : html`<p><a href="/dashboard/checks?${kept.toString()}">Older checks</a></p>`}`)
}

const COMPANY_FIELDS = [
  ["legal_name", "Legal name"], ["registration_no", "Registration number"], ["country", "Country"], ["status", "Status"],
  ["entity_type_label", "Entity type"], ["incorporation_date", "Incorporated"], ["registered_address", "Registered address"],
  ["tax_id", "Tax id"], ["listed_ticker", "Listed ticker"]
] as const

type Provenance = NonNullable<Check["provenance"]>

/** A registry's date is a date: a value checked "at" midnight UTC exactly was dated by its source, not timed. */
const dayOrTime = (iso: string) =>
  /T00:00:00(\.000)?Z$/.test(iso) ? html`<time datetime="${iso.slice(0, 10)}">${iso.slice(0, 10)}</time>` : when(iso)

const fieldSource = (p: Provenance[string] | undefined) =>
  p === undefined ? [null, null, null] as const : [
    p.source_url === null ? html`${p.source}` : html`<a href="${p.source_url}">${p.source}</a>`,
    dayOrTime(p.checked_at),
    p.confidence.toFixed(2)
  ] as const

const companySection = (verdict: StoredVerdict, provenance: Provenance | null) => {
  const company = verdict.company
  if (company === null) {
    return html`<h2 id="company">Company</h2><p>No company was resolved from the inputs.</p>${
      dataTable("Closest stored companies, best first", ["Legal name", "Country", "Registration number", "Score"],
        verdict.candidates.map((cand) => [cand.legal_name, cand.country, cand.registration_no, cand.score.toFixed(2)]), { empty: "No candidate either." })
    }`
  }
  // Each field with its own source, date and confidence as kept with the check; a field without a value has none.
  // A check made before fields were kept with their sources shows the record's source for the fields it holds.
  const recordSource = { source: company.source, source_url: company.source_url, checked_at: company.last_verified_at, confidence: company.confidence ?? 0 }
  const sourceOf = (field: string, value: unknown) =>
    value === null || value === undefined ? undefined : provenance === null ? recordSource : provenance[field]
  return html`<h2 id="company">Company</h2>${dataTable(`${company.legal_name}: each field with its own source, date and confidence`,
    ["Field", "Value", "Source", "As of", "Confidence"],
    COMPANY_FIELDS.map(([field, label]) => [label, company[field] ?? null, ...fieldSource(sourceOf(field, company[field]))]))}
<p>Match confidence ${verdict.match_confidence.toFixed(2)}; data confidence ${verdict.data_confidence === null ? "—" : verdict.data_confidence.toFixed(2)}.
Sources: ${verdict.sources.join(", ") || "—"}.</p>`
}

const verdictSummary = (title: string, check: Check) => {
  const v = verdictOf(check)
  return html`<div class="card"><h3>${title}</h3>${facts([
    ["Result", badge(v.result)], ["Sanctions", badge(v.sanctions.result)], ["Review reasons", v.review_reasons.map(reasonWords).join("; ") || "none"],
    ["Dismissed hits", String(v.sanctions.hits.filter((h) => h.dismissed).length)], ["Checked", when(check.created_at)], ["Check", checkLink(check.id, check.id)]
  ])}</div>`
}

export const checkPage = (
  c: Console,
  view: { readonly check: Check; readonly keyId: string | null; readonly previous: Check | null },
  error?: string,
  printedAt: Date = new Date()
) => {
  const { check, previous } = view
  const history = check.decisions ?? []
  const verdict = verdictOf(check)
  // the newest decision on the hit's entry as it was listed then (a pending or rejected one says so)
  const laterDecision = (hit: Hit) => history.find((d) => d.list === hit.list && d.entry_id === hit.entry_id && d.entry_hash === hit.entry_hash)
  return consolePage(c, `Check of ${subjectOf(check.input)}`, "/dashboard/checks", html`${printBlock(c, { checkId: check.id, kase: check.case ?? null, at: printedAt })}
${previous === null ? "" : html`<section aria-labelledby="compare"><h2 id="compare">Verified again</h2><div class="pair">${verdictSummary("Before", previous)}${verdictSummary("Now", check)}</div></section>`}
<p>${badge(verdict.result)} ${verdict.review_reasons.length === 0 ? "" : html`because ${verdict.review_reasons.map(reasonWords).join("; ")}`}</p>
${registeredStatement(check, verdict) ?? ""}
${facts([["Check", html`<code>${check.id}</code>`], ["Answered", when(check.created_at)], ["Made by key", keyLabel(view.keyId, c.keys)], ["Asked by", attributionWords(check.performed_by)], ["Case", caseFact(check.case)], ["Policy version", check.policy_version]])}
<div class="actions no-print">${may(c, "work") ? html`<form method="post" action="/dashboard/checks/${check.id}/verify-again">${csrfField(c.csrf)}<button type="submit">Verify again</button></form>` : ""}
<span>As JSON: <code>GET /v1/checks/${check.id}</code> with an API key (<a href="/v1/docs#checks.get">how</a>).</span><span>Printing this page gives a clean record for the case file.</span></div>
<div class="pair"><section aria-labelledby="sent"><h2 id="sent">Inputs as sent</h2>${facts(Object.entries(check.input))}</section>
<section aria-labelledby="read"><h2 id="read">Inputs as read</h2>${facts(Object.entries(check.input_normalized))}</section></div>
<section aria-labelledby="company">${companySection(verdict, check.provenance)}</section>
${sourcesTriedSection(verdict)}
<section aria-labelledby="hits"><h2 id="hits">Sanctions hits</h2>
<p>Screening ${badge(verdict.sanctions.result)}${verdict.sanctions.screened ? "" : " (the lists could not be screened)"}.</p>
${verdict.sanctions.hits.length === 0 ? html`<p>No hit.</p>` : verdict.sanctions.hits.map((hit, i) => hitCard(c, check.id, hit, i, hit.decision === null ? laterDecision(hit) : history.find((d) => d.id === hit.decision?.id)))}</section>
${peopleSection(verdict)}
<section aria-labelledby="lists"><h2 id="lists">Lists checked</h2>${dataTable("List versions and their SHA-256", ["List", "Version", "SHA-256"],
    check.lists.map((l) => [listWords(l.list), l.version, l.sha256 === null ? null : html`<code>${l.sha256}</code>`]), { empty: "No list was loaded." })}
${listCurrencyTable(verdict.lists)}</section>
${decisionsSection(history, check.case ?? null, check.four_eyes)}`, error, `/dashboard/checks/${check.id}/print.css`)
}
