import { Effect, Redacted } from "effect"
import type { AccountError } from "../../accounts/errors.js"
import { Members } from "../../members/Members.js"
import type { InvitationRow, KeyShown, MemberRow } from "../../members/MembersRepo.js"
import type { PublicUrl } from "../../domain/publicUrl.js"
import { canAssign, type Role, roles, roleWords } from "../../domain/roles.js"
import { attributionWords } from "../attribution.js"
import { memberWords, removalPage } from "./removal.js"
import { type Console, consoleGet, consoleManagePost, consolePage, csrfField, idAfter, may } from "../console.js"
import { dataTable, html, when } from "../html.js"
import { htmlResponse, seeOther } from "../responses.js"

const PREFIX = "/dashboard/members/"

const statusOf = (error: AccountError) => (error._tag === "RoleForbids" ? 403 : 400)

const roleSelect = (c: Console, id: string, selected: Role) =>
  html`<select id="${id}" name="role">${roles.filter((r) => canAssign(c.account.member.role, r)).map((r) =>
    html`<option value="${r}"${r === selected ? html` selected` : ""}>${roleWords[r]}</option>`)}</select>`

/** After a removal: the keys the removed member was shown, and what became of each. */
const removedKeys = (view: MembersView, removedId: string | undefined) => {
  const member = view.members.find((m) => m.id === removedId && m.removed_at !== null)
  if (member === undefined) return ""
  const keys = view.keysShown.filter((k) => k.member_id === member.id)
  return html`<div class="card" id="removed-keys"><h2>Keys ${member.name} was shown</h2>${keys.length === 0
    ? html`<p>None: ${member.name} made or rotated no key, so saw no key's secret.</p>`
    : html`<p>A key's secret is shown once, to whoever makes or rotates it. ${member.name} saw these:</p><ul>${keys.map((k) =>
      html`<li>${k.label ?? "(no label)"} (${k.id}): ${k.live ? "still works; revoke it on the dashboard if they may have kept it" : "revoked"}</li>`)}</ul>`}</div>`
}

/** Removing asks first (a page naming them and their keys): the list only links to it. */
const memberActions = (c: Console, m: MemberRow) =>
  m.removed_at !== null || !may(c, "manage") || !canAssign(c.account.member.role, m.role)
    ? html`—`
    : html`<div class="actions"><form method="post" action="${PREFIX}${m.id}/role" class="inline">${csrfField(c.csrf)}
<label for="role-${m.id}" class="inline">Role of ${memberWords(m)}</label>${roleSelect(c, `role-${m.id}`, m.role)}
<button type="submit">Change the role of ${memberWords(m)}</button></form>
<a class="button danger" href="${PREFIX}${m.id}/remove">Remove ${memberWords(m)}…</a></div>`

/** Whose log-in is guarded by a second factor, and when each last signed in. */
const memberCells = (c: Console, m: MemberRow) => [
  m.display_name ?? "(no name given yet)", m.email, m.role,
  m.second_factor ? "on" : "off", m.last_login_at === null ? "never" : when(m.last_login_at), when(m.created_at), memberActions(c, m)
]

const inviteForm = (c: Console) =>
  html`<form method="post" action="/dashboard/members/invite" class="card">${csrfField(c.csrf)}<h2>Invite a member</h2>
<label for="inv-email">E-mail address</label><input id="inv-email" name="email" type="email" required maxlength="254" autocomplete="off">
<label for="inv-role">Role</label>${roleSelect(c, "inv-role", "analyst")}
<p><button type="submit" class="primary">Send the invitation</button></p></form>`

const invitationRow = (c: Console, i: InvitationRow) => [
  i.email, i.role, attributionWords(i.invited_by), when(i.created_at), when(i.expires_at),
  may(c, "manage")
    ? html`<form method="post" action="${PREFIX}invitations/${i.id}/withdraw">${csrfField(c.csrf)}<button type="submit">Withdraw the invitation of ${i.email}</button></form>`
    : "—"
]

interface MembersView {
  readonly members: ReadonlyArray<MemberRow>
  readonly invitations: ReadonlyArray<InvitationRow>
  readonly keysShown: ReadonlyArray<KeyShown>
}

const membersPage = (
  c: Console,
  view: MembersView,
  extra: { readonly error?: string; readonly link?: { readonly email: string; readonly url: string; readonly publicUrl: PublicUrl } } = {}
) =>
  consolePage(c, "Members", "/dashboard/members", html`${removedKeys(view, c.query("removed"))}
${extra.link === undefined ? "" : html`<div class="card"><h2>Hand this link to ${extra.link.email}</h2><p>No mail server is configured, so
nothing was sent: give this one-time link to the person yourself. It is shown this once and works until the invitation expires.</p>
<p class="secret" id="invitation-link">${extra.link.url}</p><p><button type="button" data-copy="invitation-link">Copy the link</button></p>
<p id="invitation-base">${extra.link.publicUrl.configured
    ? html`The link begins with this server's public address, ${extra.link.publicUrl.base} (KYB_PUBLIC_URL).`
    : html`KYB_PUBLIC_URL is not set: the link begins with ${extra.link.publicUrl.base}, where this server listens. If people reach it by another address, the operator sets KYB_PUBLIC_URL.`}</p></div>`}
<p>Everyone here signs in with their own address and password; every action is recorded under their name in the
<a href="/dashboard/audit">audit log</a>.</p>
${dataTable("Members", ["Name", "Address", "Role", "Second factor", "Last log-in", "Since", "Actions"],
    view.members.filter((m) => m.removed_at === null).map((m) => memberCells(c, m)), { id: "members" })}
${may(c, "manage") ? inviteForm(c) : ""}
<section aria-labelledby="invitations"><h2 id="invitations">Open invitations</h2>${dataTable("Open invitations",
    ["Address", "Role", "Invited by", "Sent", "Expires", "Actions"], view.invitations.map((i) => invitationRow(c, i)),
    { empty: "No open invitation.", id: "invitation-list" })}</section>
<section aria-labelledby="removed"><h2 id="removed">Removed members</h2>${dataTable("Removed members (their past actions keep their name)",
    ["Name", "Role", "Removed"], view.members.filter((m) => m.removed_at !== null).map((m) => [m.name, m.role, when(m.removed_at)]),
    { empty: "Nobody removed." })}</section>`, extra.error)

const render = Effect.fnUntraced(function*(c: Console, extra: Parameters<typeof membersPage>[2] = {}, status = 200) {
  const view = yield* (yield* Members).overview(c.account)
  return htmlResponse(membersPage(c, view, extra), status)
})

const list = consoleGet((c) => render(c))

const originOfConsole = (c: Console) => c.origin

const invite = consoleManagePost((c, field) =>
  Effect.gen(function*() {
    const members = yield* Members
    return yield* members.invite(c.account, { email: field("email"), role: field("role") }, originOfConsole(c)).pipe(
      Effect.flatMap((sent) =>
        sent.link === null
          ? Effect.succeed(seeOther("/dashboard/members?notice=invited"))
          : render(c, { link: { email: sent.email, url: Redacted.value(sent.link), publicUrl: members.publicUrl } }, 201)),
      Effect.catch((error) => render(c, { error: error.message }, statusOf(error)))
    )
  }))

const withdraw = consoleManagePost((c) =>
  Effect.gen(function*() {
    const id = yield* idAfter(`${PREFIX}invitations/`)
    return yield* (yield* Members).withdraw(c.account, id, originOfConsole(c)).pipe(
      Effect.as(seeOther("/dashboard/members?notice=invitation_withdrawn")),
      Effect.catch((error) => render(c, { error: error.message }, statusOf(error)))
    )
  }))

const changeRole = consoleManagePost((c, field) =>
  Effect.gen(function*() {
    const id = yield* idAfter(PREFIX)
    return yield* (yield* Members).changeRole(c.account, id, field("role"), originOfConsole(c)).pipe(
      Effect.as(seeOther("/dashboard/members?notice=role_changed")),
      Effect.catch((error) => render(c, { error: error.message }, statusOf(error)))
    )
  }))

const confirmRemoval = consoleGet(Effect.fnUntraced(function*(c: Console) {
  const id = yield* idAfter(PREFIX)
  return yield* (yield* Members).removal(c.account, id).pipe(
    Effect.map(({ keys, member }) => htmlResponse(removalPage(c, member, keys))),
    Effect.catch((error) => render(c, { error: error.message }, error._tag === "RoleForbids" ? 403 : 404))
  )
}))

const remove = consoleManagePost((c, field) =>
  Effect.gen(function*() {
    const id = yield* idAfter(PREFIX)
    // Revoking the keys they were shown is the default: only a form that offered the choice and had it unticked keeps them.
    const keepKeys = field("keys_offered") === "yes" && field("revoke_keys") !== "yes"
    return yield* (yield* Members).remove(c.account, id, originOfConsole(c), { keepKeys }).pipe(
      Effect.as(seeOther(`/dashboard/members?notice=member_removed&removed=${encodeURIComponent(id)}`)),
      Effect.catch((error) => render(c, { error: error.message }, statusOf(error)))
    )
  }))

export const membersRoutes = [
  ["GET", "/dashboard/members", list],
  ["POST", "/dashboard/members/invite", invite],
  ["POST", "/dashboard/members/invitations/:id/withdraw", withdraw],
  ["POST", "/dashboard/members/:id/role", changeRole],
  ["GET", "/dashboard/members/:id/remove", confirmRemoval],
  ["POST", "/dashboard/members/:id/remove", remove]
] as const
