import type { Account } from "../../accounts/Accounts.js"
import { DISPLAY_NAME_MAX } from "../../domain/displayName.js"
import { html } from "../html.js"

/** The Account page's name form: what records call the member from now on (what they did before keeps its name then). */
export const displayNameForm = (account: Account, csrf: string) =>
  html`<section aria-labelledby="name-heading"><h2 id="name-heading">Your name</h2>
${account.member.displayName === null
    ? html`<p id="name-missing">You have not given a name yet: records name you by your address, ${account.email}, until you do.</p>`
    : html`<p>Decisions, approvals, cases and the audit log name you by it from now on; what you did before keeps the name it had then.</p>`}
<form method="post" action="/dashboard/name"><input type="hidden" name="_csrf" value="${csrf}">
<label for="display-name">Name</label><input id="display-name" name="name" type="text" autocomplete="name" required maxlength="${String(DISPLAY_NAME_MAX)}" value="${account.member.displayName ?? ""}">
<p><button type="submit">Save the name</button></p></form></section>`
