import { Option, Redacted } from "effect"
import type { Enrolment } from "../../secondFactor/SecondFactor.js"
import { type Console, consolePage, csrfField, flash, may } from "../console.js"
import { html, page } from "../html.js"
import { qrCodeSvg } from "./qrCode.js"

/** The secret and its otpauth:// URI, to type or paste into an authenticator app. */
const enrolmentCard = (enrolment: Enrolment) =>
  html`<p>Scan this code with your authenticator app:</p>
<p>${qrCodeSvg(Redacted.value(enrolment.uri), "QR code of the address below, for your authenticator app")}</p>
<p>Or add an account in the app with this key (time-based, 6 digits, every 30 seconds):</p>
<p class="secret" id="totp-secret">${Redacted.value(enrolment.secret)}</p><p><button type="button" data-copy="totp-secret">Copy the key</button></p>
<p>Or paste this address into an app that takes one:</p><p class="secret" id="totp-uri">${Redacted.value(enrolment.uri)}</p>
<p><button type="button" data-copy="totp-uri">Copy the address</button></p>`

const codeField = (label: string) =>
  html`<label for="code">${label}</label><input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" required maxlength="20" spellcheck="false">`

/** The recovery codes, shown this once. */
export const recoveryCard = (codes: ReadonlyArray<string>) =>
  html`<div class="card"><h2>Your recovery codes</h2><p>Each one signs you in once if you lose your device. Keep them somewhere safe now:
they are shown this once and only their hashes are kept.</p><pre class="secret" id="recovery-codes">${codes.join("\n")}</pre>
<p><button type="button" data-copy="recovery-codes">Copy the codes</button></p></div>`

/** The second step of a log-in: a code of the member's factor, or (required by the account) enrolling one. */
export const challengePage = (csrf: string, challenge: string, enrolment: Option.Option<Enrolment>, error?: string) =>
  page(Option.isSome(enrolment) ? "Set up a second factor" : "Second factor", html`${flash(error)}
${Option.isSome(enrolment) ? html`<p>Your account requires a second factor of every member. Set one up to sign in.</p>${enrolmentCard(enrolment.value)}` : ""}
<form method="post" action="/login/second-factor">${csrfField(csrf)}<input type="hidden" name="challenge" value="${challenge}">
${codeField(Option.isSome(enrolment) ? "The 6-digit code your app shows" : "The 6-digit code your app shows, or a recovery code")}
<p><button type="submit" class="primary">Sign in</button></p></form><p><a href="/login">Start again</a></p>`, { csrf })

export interface SecurityView {
  readonly enabled: boolean
  readonly required: boolean
  readonly recoveryLeft: number
  readonly pending: Option.Option<Enrolment>
}

const policyForm = (c: Console, required: boolean) =>
  html`<section aria-labelledby="policy"><h2 id="policy">The account's policy</h2><p>${required
    ? "Every member must have a second factor: one without is sent to set it up at log-in."
    : "Members choose whether to use a second factor."}</p>
<form method="post" action="/dashboard/security/policy">${csrfField(c.csrf)}<input type="hidden" name="require" value="${required ? "no" : "yes"}">
<p><button type="submit">${required ? "Stop requiring a second factor" : "Require a second factor of every member"}</button></p></form></section>`

/** The member's own second factor, and (admins and owners) the account's policy. */
export const securityPage = (c: Console, view: SecurityView, extra: { readonly error?: string; readonly recoveryCodes?: ReadonlyArray<string>; readonly notice?: string } = {}) =>
  consolePage(c, "Second factor", "/dashboard/security", html`${flash(extra.notice, "notice")}
${extra.recoveryCodes === undefined ? "" : recoveryCard(extra.recoveryCodes)}
${view.enabled
    ? html`<p>Your second factor is <strong>on</strong>: signing in asks for a code of your app. ${view.recoveryLeft} recovery codes left.</p>
${view.required ? html`<p>The account requires it: it cannot be turned off.</p>` : html`<form method="post" action="/dashboard/security/off" class="card">${csrfField(c.csrf)}<h2>Turn it off</h2>
<label for="off-password">Your password</label><input id="off-password" name="password" type="password" autocomplete="current-password" required>
<p><button type="submit" class="danger">Turn the second factor off</button></p></form>`}`
    : Option.isSome(view.pending)
    ? html`<div class="card"><h2>Set up your app</h2>${enrolmentCard(view.pending.value)}
<form method="post" action="/dashboard/security/confirm">${csrfField(c.csrf)}${codeField("The 6-digit code your app shows")}
<p><button type="submit" class="primary">Turn the second factor on</button></p></form></div>`
    : html`<p>Your second factor is <strong>off</strong>. With it, signing in also asks for a code of an authenticator app on your phone (TOTP).</p>
<form method="post" action="/dashboard/security/start">${csrfField(c.csrf)}<p><button type="submit" class="primary">Set up a second factor</button></p></form>`}
${may(c, "manage") ? policyForm(c, view.required) : view.required ? html`<p>The account requires a second factor of every member.</p>` : ""}`, extra.error)
