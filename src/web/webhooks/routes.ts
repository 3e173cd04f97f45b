import * as HttpServerRequest from "effect/http/HttpServerRequest"
import { Effect, Option } from "effect"
import { SessionFlash } from "../../accounts/SessionFlash.js"
import { WebhookNotFound } from "../../webhooks/errors.js"
import { EventType, type Webhook, WebhookBody, type WebhookDeliveryPage } from "../../domain/schemas/Webhook.js"
import { Webhooks } from "../../webhooks/Webhooks.js"
import { badge } from "../checks/view.js"
import { type Console, consoleActor, consoleGet, consoleManagePost, consolePage, csrfField, idAfter, may } from "../console.js"
import { attributionWords } from "../attribution.js"
import { statusOfError } from "../errorPages.js"
import { decodeForm } from "../forms.js"
import { dataTable, html, when } from "../html.js"
import { formValues, htmlResponse, seeOther } from "../responses.js"
import { sessionTokenOf } from "../session.js"
import { eventWords } from "../words.js"

const PREFIX = "/dashboard/webhooks/"

/** What was typed comes back after an error (`typed`), as the API would take it: an http or https URL. */
const addForm = (c: Console, typed?: { readonly url: string; readonly events: ReadonlyArray<string> }) =>
  html`<form method="post" action="/dashboard/webhooks" class="card">${csrfField(c.csrf)}<h2>Add a webhook</h2>
<label for="w-url">URL (http or https; use https outside a test)</label><input id="w-url" name="url" type="url" required maxlength="2048"
placeholder="https://example.com/kyb-events" value="${typed?.url ?? ""}" aria-describedby="w-url-help">
<p id="w-url-help" class="help">A publicly reachable host (not a private or loopback address), no user name or password in it.</p>
<fieldset><legend>Events to send</legend>${EventType.literals.map((type, i) =>
    html`<div><input type="checkbox" id="w-ev-${i}" name="events" value="${type}"${typed === undefined || typed.events.includes(type) ? html` checked` : ""}><label class="inline" for="w-ev-${i}">${eventWords(type)} (<code>${type}</code>)</label></div>`)}</fieldset>
<p><button type="submit" class="primary">Add the webhook</button></p></form>`

const listPage = (c: Console, webhooks: ReadonlyArray<Webhook>, error?: string, typed?: { readonly url: string; readonly events: ReadonlyArray<string> }) =>
  consolePage(c, "Webhooks", "/dashboard/webhooks", html`<p>Events from your monitors are sent to these URLs, signed
(<code>KYB-Signature</code>) with the secret shown when each is added.</p>
${dataTable("Your webhooks", ["URL", "Events", "Added", "By", "Deliveries"], webhooks.map((w) => [
    w.url, w.events.map(eventWords).join(", "), when(w.created_at), attributionWords(w.created_by), html`<a href="${PREFIX}${w.id}">Deliveries of ${w.url}</a>`
  ]), { empty: "No webhook yet.", id: "webhooks" })}
${may(c, "manage") ? addForm(c, typed) : html`<p>Your role reads webhooks; admins and owners add and remove them.</p>`}`, error)

type Delivery = WebhookDeliveryPage["deliveries"][number]

const deliveryRow = (d: Delivery) => {
  const last = d.attempts.at(-1)
  return [
    eventWords(d.type), badge(d.state), d.attempts.length,
    last === undefined ? "not tried yet" : html`${when(last.at)}: ${last.status_code === null ? last.error ?? "no answer" : `HTTP ${last.status_code}`} in ${last.duration_ms} ms`,
    d.state === "pending" ? when(d.next_attempt_at) : "—",
    html`<code>${d.event_id.slice(0, 8)}</code>`
  ]
}

const webhookPage = (c: Console, webhook: Webhook, deliveries: ReadonlyArray<Delivery>, secret?: string) =>
  consolePage(c, `Webhook ${webhook.url}`, "/dashboard/webhooks", html`
${secret === undefined ? "" : html`<div class="card"><h2>Its signing secret</h2><p>Copy it now: it is shown this once.</p>
<p class="secret" id="secret">${secret}</p><p><button type="button" data-copy="secret">Copy the secret</button></p></div>`}
<p>Sends ${webhook.events.map(eventWords).join(", ")}; added ${when(webhook.created_at)} by ${attributionWords(webhook.created_by)}.</p>
<div class="actions">${may(c, "manage") ? html`<form method="post" action="${PREFIX}${webhook.id}/test">${csrfField(c.csrf)}<button type="submit" class="primary">Send a test event</button></form>` : ""}
<a class="button" href="${PREFIX}${webhook.id}">Refresh the deliveries</a>
${may(c, "manage") ? html`<form method="post" action="${PREFIX}${webhook.id}/remove">${csrfField(c.csrf)}<button type="submit" class="danger">Remove this webhook</button></form>` : ""}</div>
<section aria-labelledby="deliveries"><h2 id="deliveries">Deliveries</h2>${dataTable("Deliveries, newest first", ["Event", "Status", "Attempts", "Last attempt", "Next retry", "Event id"],
    deliveries.map(deliveryRow), { empty: "Nothing sent yet.", id: "delivery-list" })}</section>
<p><a href="/dashboard/webhooks">All webhooks</a></p>`)

const renderList = Effect.fnUntraced(function*(c: Console, error?: { readonly error: string; readonly message: string }, typed?: { readonly url: string; readonly events: ReadonlyArray<string> }) {
  const webhooks = yield* Webhooks
  const all = yield* Effect.orDie(webhooks.list(c.account.id, { limit: 200 })) // the first page: no cursor to refuse
  return htmlResponse(listPage(c, all.webhooks, error?.message, typed), error === undefined ? 200 : statusOfError(error))
})

const list = consoleGet((c) => renderList(c))

const add = consoleManagePost((c, field) =>
  Effect.gen(function*() {
    const webhooks = yield* Webhooks
    const events = yield* formValues("events")
    const typed = { url: (field("url") ?? "").trim(), events }
    const request = yield* HttpServerRequest.HttpServerRequest
    const flash = yield* SessionFlash
    return yield* decodeForm(WebhookBody, typed).pipe(
      Effect.flatMap((body) => webhooks.register(consoleActor(c), body)),
      // The signing secret waits, sealed, for the webhook's page: a reload there adds no other webhook.
      Effect.tap((created) => flash.put(sessionTokenOf(request), { kind: "webhook_secret", secret: created.secret, webhookId: created.id })),
      Effect.map((created) => seeOther(`${PREFIX}${created.id}`)),
      Effect.catch((error) => renderList(c, error, typed))
    )
  }))

const show = consoleGet(Effect.fnUntraced(function*(c: Console) {
  const id = (yield* idAfter(PREFIX)).toLowerCase()
  const webhooks = yield* Webhooks
  const request = yield* HttpServerRequest.HttpServerRequest
  const flash = yield* (yield* SessionFlash).take(sessionTokenOf(request))
  const secret = Option.isSome(flash) && flash.value.kind === "webhook_secret" && flash.value.webhookId === id ? flash.value.secret : undefined
  return yield* webhooks.deliveries(c.account.id, id, { limit: 50 }).pipe(
    Effect.flatMap((page) =>
      Effect.map(webhooks.list(c.account.id, { limit: 200 }), (all) => ({ webhook: all.webhooks.find((w) => w.id === id), deliveries: page.deliveries }))),
    Effect.flatMap(({ webhook, deliveries }) =>
      webhook === undefined ? Effect.fail(WebhookNotFound.of(`No webhook ${id} for this account.`)) : Effect.succeed(htmlResponse(webhookPage(c, webhook, deliveries, secret)))),
    Effect.catch((error) => renderList(c, error))
  )
}))

const test = consoleManagePost((c) =>
  Effect.gen(function*() {
    const id = (yield* idAfter(PREFIX)).toLowerCase()
    const webhooks = yield* Webhooks
    return yield* webhooks.sendTest(consoleActor(c), id).pipe(
      Effect.as(seeOther(`${PREFIX}${id}?notice=test_sent`)),
      Effect.catch((error) => renderList(c, error))
    )
  }))

const remove = consoleManagePost((c) =>
  Effect.gen(function*() {
    const id = (yield* idAfter(PREFIX)).toLowerCase()
    const webhooks = yield* Webhooks
    return yield* webhooks.remove(consoleActor(c), id).pipe(
      Effect.as(seeOther("/dashboard/webhooks?notice=webhook_removed")),
      Effect.catch((error) => renderList(c, error))
    )
  }))

export const webhooksRoutes = [
  ["GET", "/dashboard/webhooks", list],
  ["POST", "/dashboard/webhooks", add],
  ["GET", "/dashboard/webhooks/:id", show],
  ["POST", "/dashboard/webhooks/:id/test", test],
  ["POST", "/dashboard/webhooks/:id/remove", remove]
] as const
