import { Effect, Result } from "effect"
import { InvalidRequest } from "../../domain/errors.js"
import type { Event, Monitor } from "../../domain/schemas/Webhook.js"
import { MonitorBody } from "../../domain/schemas/Webhook.js"
import { rowsOf } from "../../batch/batchRows.js"
import { Monitors } from "../../monitoring/Monitors.js"
import { checkLink } from "../checks/view.js"
import { type Console, consoleActor, consoleGet, consolePage, consolePost, csrfField, idAfter, may } from "../console.js"
import { attributionWords } from "../attribution.js"
import { statusOfError } from "../errorPages.js"
import { decodeForm, present } from "../forms.js"
import { dataTable, html, when } from "../html.js"
import { htmlResponse, multipartFields, seeOther } from "../responses.js"
import { eventWords, listWords } from "../words.js"

const PREFIX = "/dashboard/monitors/"
const MAX_UPLOAD = 200

const eventText = (event: Event) => {
  const who = event.data.subject.name ?? `${event.data.subject.country ?? ""} ${event.data.subject.registration_no ?? ""}`.trim()
  switch (event.type) {
    case "sanctions.hit_added":
      return `${who} now hits ${event.data.listed_name ?? "an entry"} (${listWords(event.data.list ?? "")} ${event.data.entry_id ?? ""}, version ${event.data.list_version ?? ""})`
    case "sanctions.hit_removed":
      return `${who} no longer hits ${event.data.listed_name ?? "an entry"} (${listWords(event.data.list ?? "")} ${event.data.entry_id ?? ""})`
    case "company.status_changed":
      return `${who}: status ${event.data.from ?? "unknown"} → ${event.data.to ?? "unknown"} at the registry`
  }
}

const monitorsPage = (c: Console, monitors: ReadonlyArray<Monitor>, events: ReadonlyArray<Event>, error?: string) =>
  consolePage(c, "Monitors and events", "/dashboard/monitors", html`<p>Watch names and companies: when a sanctions list or a registry
changes what they show, an event is raised (and sent to your webhooks).</p>
${may(c, "work") ? html`<div class="pair"><form method="post" action="/dashboard/monitors" class="card">${csrfField(c.csrf)}<h2>Watch one</h2>
<label for="m-name">Name</label><input id="m-name" name="name" type="text" maxlength="300">
<label for="m-country">Country (ISO 3166 code, two letters: NG, KE, ZA…)</label><input id="m-country" name="country" type="text" maxlength="2" autocomplete="off">
<label for="m-number">Registration number (with a country)</label><input id="m-number" name="registration_no" type="text" maxlength="64">
<p><button type="submit" class="primary">Add the monitor</button></p></form>
<form method="post" action="/dashboard/monitors/upload" enctype="multipart/form-data" class="card">${csrfField(c.csrf)}<h2>Watch many</h2>
<label for="m-file">CSV file (columns name, registration_no, country; at most ${MAX_UPLOAD} rows)</label><input id="m-file" name="file" type="file" accept=".csv,text/csv">
<p><button type="submit">Add the monitors in the file</button></p></form></div>` : ""}
<section aria-labelledby="watched"><h2 id="watched">Watched</h2>${dataTable("Monitors, newest first", ["Subject", "Screened as", "Hits now", "Since", "By", "Actions"],
    monitors.map((m) => [
      [m.name, m.country, m.registration_no].filter((v) => v !== null).join(", "),
      html`<a href="/dashboard/checks?name=${encodeURIComponent(m.screened_name)}">${m.screened_name}<span class="vh"> (its checks)</span></a>`, m.hits, when(m.created_at), attributionWords(m.created_by),
      may(c, "work") ? html`<form method="post" action="${PREFIX}${m.id}/remove">${csrfField(c.csrf)}<button type="submit" aria-label="${`Stop watching ${m.screened_name}`}">Stop watching</button></form>` : "—"
    ]), { empty: "Nothing is watched yet.", id: "monitors" })}</section>
<section aria-labelledby="events"><h2 id="events">Events</h2>${events.length === 0
    ? html`<p>No event yet: they come when a list or a registry changes.</p>`
    : html`<ol class="timeline">${events.map((e) => html`<li>${when(e.created_at)} <strong>${eventWords(e.type)}</strong>: ${eventText(e)}${
      e.data.check_id === null ? "" : html` · ${checkLink(e.data.check_id, "the check that shows it")}`
    }</li>`)}</ol>`}</section>`, error)

const render = Effect.fnUntraced(function*(c: Console, error?: { readonly error: string; readonly message: string }) {
  const monitors = yield* Monitors
  // first pages: no cursor to refuse
  const watched = yield* Effect.orDie(monitors.list(c.account.id, { limit: 200 }))
  const events = yield* Effect.orDie(monitors.events(c.account.id, { limit: 50 }))
  return htmlResponse(monitorsPage(c, watched.monitors, events.events, error?.message), error === undefined ? 200 : statusOfError(error))
})

const list = consoleGet((c) => render(c))

const add = consolePost(Effect.fnUntraced(function*(c: Console, field: (name: string) => string | undefined) {
  const monitors = yield* Monitors
  const created = Effect.flatMap(decodeForm(MonitorBody, present(field, ["name", "country", "registration_no"])), (body) => monitors.createFromConsole(consoleActor(c), [body]))
  return yield* created.pipe(Effect.as(seeOther("/dashboard/monitors?notice=monitor_added")), Effect.catch((error) => render(c, error)))
}))

const upload = consolePost(Effect.fnUntraced(function*(c: Console, field: (name: string) => string | undefined) {
  const monitors = yield* Monitors
  const rows = rowsOf(field("file") ?? "")
  const added = Effect.gen(function*() {
    if (Result.isFailure(rows)) return yield* Effect.fail(InvalidRequest.of(`file: ${rows.failure}`))
    if (rows.success.length > MAX_UPLOAD) return yield* Effect.fail(InvalidRequest.of(`file: must have at most ${MAX_UPLOAD} rows`))
    const bodies = yield* Effect.forEach(rows.success, (row, i) =>
      decodeForm(MonitorBody, row).pipe(Effect.mapError((e) => InvalidRequest.of(`row ${i + 1}: ${e.message}`))))
    return yield* monitors.createFromConsole(consoleActor(c), bodies)
  })
  return yield* added.pipe(Effect.map((count) => seeOther(`/dashboard/monitors?notice=monitors_added&count=${count}`)), Effect.catch((error) => render(c, error)))
}), multipartFields)

const remove = consolePost(Effect.fnUntraced(function*(c: Console) {
  const id = (yield* idAfter(PREFIX)).toLowerCase()
  const monitors = yield* Monitors
  return yield* monitors.remove(consoleActor(c), id).pipe(
    Effect.as(seeOther("/dashboard/monitors?notice=monitor_removed")),
    Effect.catch((error) => render(c, error))
  )
}))

export const monitorsRoutes = [
  ["GET", "/dashboard/monitors", list],
  ["POST", "/dashboard/monitors", add],
  ["POST", "/dashboard/monitors/upload", upload],
  ["POST", "/dashboard/monitors/:id/remove", remove]
] as const
