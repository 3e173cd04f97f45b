import type { KeyShown, MemberRow } from "../../members/MembersRepo.js"
import { type Console, consolePage, csrfField } from "../console.js"
import { html } from "../html.js"

const PREFIX = "/dashboard/members/"

/** How pages name a live member: their display name, or their address while they have none. */
export const memberWords = (m: Pick<MemberRow, "display_name" | "email" | "name">) => m.display_name ?? m.email ?? m.name

/**
 * The keys part of the confirmation: the working keys whose secret they were shown (made or rotated by them) are
 * revoked with them unless the box is unticked; none, and the form says so.
 */
const keysChoice = (who: string, live: ReadonlyArray<KeyShown>) =>
  live.length === 0
    ? html`<input type="hidden" name="keys_offered" value="none"><p id="removal-keys">${who} was shown no key that still works: no key changes.</p>`
    : html`<input type="hidden" name="keys_offered" value="yes"><div id="removal-keys"><p>${who} was shown the secret of ${String(live.length)} working
key${live.length === 1 ? "" : "s"} (a secret is shown once, to whoever makes or rotates the key), and may have kept it:</p>
<ul>${live.map((k) => html`<li>${k.label ?? "(no label)"} (<code>${k.id}</code>)</li>`)}</ul>
<label class="inline"><input type="checkbox" name="revoke_keys" value="yes" checked> Revoke ${live.length === 1 ? "this key" : "these keys"} too
(every request made with ${live.length === 1 ? "it" : "them"} is refused from now on)</label></div>`

/** The confirmation a removal asks for: who, what ends, and what becomes of the keys they were shown. A plain form: no script needed. */
export const removalPage = (c: Console, member: MemberRow, keys: ReadonlyArray<KeyShown>) => {
  const who = memberWords(member)
  return consolePage(c, `Remove ${who}?`, "/dashboard/members", html`<p id="removal-who">${who}${member.email === null || member.display_name === null ? "" : html` (${member.email})`}, ${member.role},
will be removed from the account: their sessions end at once and they can no longer sign in. What they did keeps
their name in the records and the audit log. This cannot be undone; to have them back, invite them again.</p>
<form method="post" action="${PREFIX}${member.id}/remove" class="card">${csrfField(c.csrf)}${keysChoice(who, keys)}
<div class="actions"><button type="submit" class="danger">Yes, remove ${who}</button><a href="/dashboard/members">No, keep ${who}</a></div></form>`)
}
