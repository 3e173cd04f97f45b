import { can } from "../domain/roles.js"
import type { Account } from "../accounts/Accounts.js"
import type { AccountKeyRow } from "../accounts/AccountsRepo.js"
import { ROTATION_GRACE } from "../domain/accountRules.js"
import { operationExamples } from "../domain/examples/operationExamples.js"
import { planQuota, plans } from "../domain/quotaWindow.js"
import { attributionWords } from "./attribution.js"
import { dataTable, Html, html, type MenuCounts, page, when } from "./html.js"
import { dailySeries, usageChartSvg, usageTable } from "./usageChart.js"
import { displayNameForm } from "./account/nameForm.js"

const csrfField = (csrf: string) => html`<input type="hidden" name="_csrf" value="${csrf}">`
const flash = (text: string | undefined, kind: "error" | "notice" = "error") =>
  text === undefined ? html`` : html`<p class="${kind}" role="${kind === "error" ? "alert" : "status"}">${text}</p>`

const example = operationExamples["verify.verifyByBody"] as {
  readonly result: string
  readonly company: { readonly legal_name: string; readonly registration_no: string; readonly country: string; readonly status: string; readonly source: string }
  readonly sanctions: { readonly result: string }
}
const exampleJson = JSON.stringify(example, null, 2)

const planRows = plans.map((plan) => {
  const quota = planQuota[plan]
  return [plan, quota === null ? "no limit" : `${quota.toLocaleString("en")} requests a month`, plan === "free" ? "sign up: no card" : plan === "unlimited" ? "by arrangement" : "ask the operator"]
})

export const homePage = (signedIn: boolean, csrf: string, options: { readonly reviewCount?: string } = {}) =>
  page("Verify African businesses", html`<p>Search 18 African company registries, read a company's record with the source of every
value, and verify a business against OFAC and UN sanctions lists, over one JSON API. Every verdict is kept as a check your analysts
can review, decide on and print for the case file.</p>
<p>${signedIn ? html`<a class="button primary" href="/dashboard">Go to your dashboard</a>` : html`<a class="button primary" href="/signup">Sign up</a> with an e-mail address and a
password (no card) and get an API key at once, on the free plan.`}</p>
<section aria-labelledby="example"><h2 id="example">What a verification answers</h2>
<p><code>POST /v1/verify</code> with <code>{"name": "Dangote Cement", "country": "NG"}</code> answers
<span class="verdict ${example.result}">${example.result}</span>: ${example.company.legal_name}, ${example.company.registration_no}
(${example.company.country}), ${example.company.status} at ${example.company.source}; sanctions screening:
<span class="verdict ${example.sanctions.result}">${example.sanctions.result}</span>.</p>
<details><summary>The whole answer</summary><pre>${exampleJson}</pre></details></section>
<section aria-labelledby="plans"><h2 id="plans">Plans</h2>
${dataTable("Plans and their monthly quotas (every key of an account counts against one quota)", ["Plan", "Quota", "How"], planRows)}</section>
<p><a href="/v1/docs">Read the API documentation</a>.</p>`,
    { signedIn, csrf, ...(options.reviewCount === undefined ? {} : { reviewCount: options.reviewCount }) })

export const signupPage = (csrf: string, options: { readonly error?: string; readonly email?: string; readonly name?: string; readonly closed?: boolean } = {}) =>
  page("Sign up", options.closed === true
    ? html`<p class="error" role="alert">Sign-up is closed on this server; ask its operator for a key.</p>`
    : html`${flash(options.error)}<form method="post" action="/signup">${csrfField(csrf)}
<label for="name">Your name (what your colleagues and your records will call you)</label><input id="name" name="name" type="text" autocomplete="name" required maxlength="120" value="${options.name ?? ""}">
<label for="email">E-mail address</label><input id="email" name="email" type="email" autocomplete="email" required value="${options.email ?? ""}">
<label for="password">Password (at least 10 characters)</label><input id="password" name="password" type="password" autocomplete="new-password" required minlength="10">
<p><button type="submit">Create my account</button></p></form><p>Already have an account? <a href="/login">Log in</a>.</p>`,
    { csrf })

export const loginPage = (csrf: string, options: { readonly error?: string; readonly email?: string; readonly notice?: string } = {}) =>
  page("Log in", html`${flash(options.notice, "notice")}${flash(options.error)}<form method="post" action="/login">${csrfField(csrf)}
<label for="email">E-mail address</label><input id="email" name="email" type="email" autocomplete="email" required value="${options.email ?? ""}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<p><button type="submit">Log in</button></p></form><p>No account yet? <a href="/signup">Sign up</a>.</p>`, { csrf })

export interface Overview {
  readonly account: Account
  readonly quota: number | null
  readonly used: number
  readonly resetsAt: Date
  readonly keys: ReadonlyArray<AccountKeyRow>
  readonly daily: ReadonlyArray<{ readonly day: string; readonly requests: number }>
  readonly chartFrom: string
  readonly chartDays: number
}

/** Rotation defaults to a grace period: the old secret keeps working a day while deployments move to the new one. */
const graceOptions = Object.keys(ROTATION_GRACE).map((g) =>
  html`<option value="${g}"${g === "24h" ? html` selected` : ""}>${g === "immediately" ? "at once" : `after ${g}`}</option>`)

const keyName = (key: AccountKeyRow) => `${key.prefix ?? key.id}…`

const keyCells = (key: AccountKeyRow, csrf: string, manages: boolean) => [
  html`<code>${keyName(key)}</code>`,
  key.label ?? "—",
  key.scope === "read" ? "read only" : key.scope === "audit" ? "read and audit log" : "read and write",
  when(key.created_at),
  attributionWords(key.created_by),
  key.last_used === null ? "never" : `${key.last_used} (UTC day)`,
  key.requests_this_month,
  key.active ? (key.revoked_at === null ? "active" : html`rotated${key.revoked_by === null ? "" : ` by ${attributionWords(key.revoked_by)}`}: works until ${when(key.revoked_at)}`) : html`revoked ${when(key.revoked_at)}${key.revoked_by === null ? "" : ` by ${attributionWords(key.revoked_by)}`}`,
  key.active && manages
    ? html`<div class="actions"><a class="button" href="/dashboard/keys/${key.id}/revoke" aria-label="Revoke key ${key.prefix ?? key.id}">Revoke…</a>
<form method="post" action="/dashboard/keys/${key.id}/rotate" class="inline">${csrfField(csrf)}
<label for="grace-${key.id}" class="inline">Old secret stops</label><select id="grace-${key.id}" name="grace">${graceOptions}</select>
<button type="submit" aria-label="Rotate key ${key.prefix ?? key.id}">Rotate</button></form></div>`
    : ""
]

/** Revoking is asked twice: the key stops at once and cannot be brought back. */
export const revokeConfirmPage = (key: AccountKeyRow, csrf: string, counts: MenuCounts) =>
  page("Revoke this key?", html`<p>Key <code>${keyName(key)}</code>${key.label === null ? "" : html` (${key.label})`} stops working at once: every
request made with it is refused from now on. This cannot be undone; to replace a key without an interruption, rotate it instead.</p>
<form method="post" action="/dashboard/keys/${key.id}/revoke" class="actions">${csrfField(csrf)}
<button type="submit" class="danger">Yes, revoke key ${key.prefix ?? key.id}</button><a href="/dashboard">No, keep it</a></form>`,
    { signedIn: true, csrf, ...counts, current: "/dashboard" })

/**
 * The month's total split as the chart draws it: what the keys asked, by day, and what the console's forms used
 * (verify, verify again, monitors: counted in the month, made with no key, so not in a key's day).
 */
const monthSplit = (o: Overview, series: ReadonlyArray<{ readonly day: string; readonly requests: number }>) => {
  const monthStart = new Date(Date.UTC(o.resetsAt.getUTCFullYear(), o.resetsAt.getUTCMonth() - 1, 1)).toISOString().slice(0, 10)
  const byKeys = series.filter((d) => d.day >= monthStart).reduce((sum, d) => sum + d.requests, 0)
  const fromConsole = Math.max(0, o.used - byKeys)
  return html`<p id="month-split">This month: ${byKeys} with keys (in the chart)${fromConsole === 0 ? "" : html` and ${fromConsole} from the console's forms
(verify, verify again, monitors; not drawn by day)`}, ${o.used} in all.</p>`
}

export const dashboardPage = (
  o: Overview,
  csrf: string,
  options: { readonly notice?: string; readonly error?: string; readonly counts?: MenuCounts; readonly staleLists?: ReadonlyArray<string> } = {}
) => {
  const series = dailySeries(o.chartFrom, o.chartDays, o.daily)
  const quotaText = o.quota === null ? "unlimited" : `${o.quota.toLocaleString("en")} requests`
  return page("Dashboard", html`${flash(options.notice, "notice")}${flash(options.error)}
<p>Signed in as <strong>${o.account.member.name}</strong> (${o.account.email}, ${o.account.member.role})${o.account.emailVerified ? "" : " (address not verified yet; your keys work anyway)"}.</p>
<section aria-labelledby="usage"><h2 id="usage">This month</h2>
<p><strong id="used">${o.used}</strong> of ${quotaText} used on the <strong>${o.account.plan}</strong> plan (every key of the account counts
against it); the quota renews on ${when(o.resetsAt)}.</p>
${o.quota === null ? "" : html`<meter class="meter" min="0" max="${o.quota}" value="${Math.min(o.used, o.quota)}" aria-label="Share of the monthly quota used">${o.used}</meter>`}
<h3>Requests per day with the account's keys, last ${o.chartDays} days (UTC)</h3>${new Html(usageChartSvg(series))}
<details><summary>The same figures as a table</summary>${usageTable(series)}</details>
${monthSplit(o, series)}
<p>To raise the quota, move to the starter (10,000 a month) or growth (100,000) plan: write to the operator of this server.</p></section>
<section aria-labelledby="keys"><h2 id="keys">API keys</h2>
${can(o.account.member.role, "manage") ? html`<form method="post" action="/dashboard/keys">${csrfField(csrf)}<label for="label">Label (optional)</label>
<input id="label" name="label" type="text" maxlength="80">
<label for="scope">Access</label><select id="scope" name="scope"><option value="read_write" selected>read and write</option><option value="read">read only (search, records, verify)</option><option value="audit">read and the audit log (an auditor)</option></select>
<button type="submit">Create a key</button></form>` : html`<p>Your role uses the account's keys; admins and owners make, rotate and revoke them.</p>`}
${dataTable("Your keys (the secret is shown once, when a key is made)", ["Key", "Label", "Access", "Created", "Made by", "Last used", "Requests this month", "State", "Actions"],
    o.keys.map((k) => keyCells(k, csrf, can(o.account.member.role, "manage"))), { empty: "No key yet." })}
</section><p><a href="/v1/docs">API documentation</a> · <a href="/v1/openapi.json">OpenAPI document</a></p>`,
    {
      signedIn: true, csrf, current: "/dashboard", ...options.counts,
      ...(options.staleLists === undefined ? {} : { staleLists: options.staleLists })
    })
}

export const keyCreatedPage = (secret: string, baseUrl: string, csrf: string, counts: MenuCounts, title = "Your new API key") =>
  page(title, html`<p>Copy it now: it is shown this once and never stored (only its hash is).</p>
<p class="secret" id="secret">${secret}</p><p><button type="button" data-copy="secret">Copy the key</button></p>
<h2>Try it</h2><pre id="curl">curl -s -H "Authorization: Bearer ${secret}" "${baseUrl}/v1/search?q=dangote%20cement&amp;country=NG&amp;limit=5"</pre>
<p><button type="button" data-copy="curl">Copy the command</button></p><p><a href="/dashboard">Back to the dashboard</a></p>`,
    { signedIn: true, csrf, ...counts, current: "/dashboard" })

export const accountPage = (account: Account, csrf: string, counts: MenuCounts, options: { readonly error?: string; readonly notice?: string } = {}) =>
  page("Account", html`${flash(options.notice, "notice")}${flash(options.error)}<p>${account.member.name} (${account.email}), ${account.member.role} of an account on the ${account.plan} plan.</p>
<p><a href="/dashboard/security">Second factor (TOTP) and the account's policy</a></p>
${displayNameForm(account, csrf)}
<p><a href="/dashboard/account/service-level">Case service level</a></p>
<section aria-labelledby="pw"><h2 id="pw">Change the password</h2><form method="post" action="/dashboard/password">${csrfField(csrf)}
<label for="current">Current password</label><input id="current" name="current" type="password" autocomplete="current-password" required>
<label for="next">New password (at least 10 characters)</label><input id="next" name="next" type="password" autocomplete="new-password" required minlength="10">
<p><button type="submit">Change the password</button></p></form></section>
${can(account.member.role, "own") ? html`<section aria-labelledby="del"><h2 id="del">Delete the account</h2><p>Its keys stop working at once, and every member's
sessions end. This cannot be undone.</p>
<form method="post" action="/dashboard/delete">${csrfField(csrf)}<label for="confirm">Password</label>
<input id="confirm" name="password" type="password" autocomplete="current-password" required>
<p><button type="submit">Delete my account</button></p></form></section>` : ""}`, { signedIn: true, csrf, ...counts, current: "/dashboard/account" })

export const messagePage = (title: string, text: string, signedIn: boolean, csrf: string, counts: MenuCounts = {}) =>
  page(title, html`<p>${text}</p><p><a href="${signedIn ? "/dashboard" : "/"}">Continue</a></p>`, { signedIn, csrf, ...counts })
