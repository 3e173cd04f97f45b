import { Effect } from "effect"
import { readChoice } from "../../screeningLists/choice.js"
import { ScreeningLists } from "../../screeningLists/ScreeningLists.js"
import { type Console, consoleActor, consoleGet, consolePage, consolePost, csrfField, may } from "../console.js"
import { html } from "../html.js"
import { formFields, formValues, htmlResponse, seeOther } from "../responses.js"

type Described = Effect.Success<ReturnType<ScreeningLists["Service"]["forAccount"]>>

/** The lists the account screens against, and (admins and owners) the form that chooses them: `PUT /account/api/lists`'s service. */
const listsPage = (c: Console, described: Described, error?: string) =>
  consolePage(c, "Screening lists", "/dashboard/lists", html`<p>Every verification, batch row and monitor of this account is screened
against the lists ticked here: ${described.custom ? "a choice of the account" : "every list (the default)"}. The API says the same at
<code>GET /account/api/lists</code>.</p>
${may(c, "manage") ? html`<form method="post" action="/dashboard/lists" class="card">${csrfField(c.csrf)}
<fieldset><legend>Screen against</legend>${described.lists.map((l, i) =>
    html`<div><input type="checkbox" id="l-${i}" name="lists" value="${l.id}"${l.screened ? html` checked` : ""}><label class="inline" for="l-${i}">${l.name}
(${l.kind === "debarment" ? "debarment list" : "sanctions list"})</label></div>`)}</fieldset>
<p class="actions"><button type="submit" class="primary" name="choice" value="chosen">Screen the lists ticked</button>
<button type="submit" name="choice" value="every">Screen every list</button></p></form>`
    : html`<ul>${described.lists.filter((l) => l.screened).map((l) => html`<li>${l.name}</li>`)}</ul><p>Admins and owners choose the lists.</p>`}`, error)

const show = consoleGet((c) => Effect.map(Effect.flatMap(ScreeningLists, (s) => s.forAccount(c.account.id)), (d) => htmlResponse(listsPage(c, d))))

const choose = consolePost(Effect.fnUntraced(function*(c: Console, field: (name: string) => string | undefined) {
  const service = yield* ScreeningLists
  const ticked = yield* formValues("lists")
  const choice = readChoice(field("choice") === "every" ? null : ticked)
  if ("error" in choice) {
    return htmlResponse(listsPage(c, yield* service.forAccount(c.account.id), "Tick at least one list, or choose to screen every list."), 400)
  }
  yield* service.set(consoleActor(c), choice.lists)
  return seeOther("/dashboard/lists?notice=lists_changed")
}), formFields, "manage")

export const listsRoutes = [
  ["GET", "/dashboard/lists", show],
  ["POST", "/dashboard/lists", choose]
] as const
