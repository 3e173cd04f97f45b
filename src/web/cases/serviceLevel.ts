import { Effect } from "effect"
import { RoleForbids } from "../../accounts/errors.js"
import { QueueSettings } from "../../cases/QueueSettings.js"
import { SERVICE_HOURS_MAX, SERVICE_HOURS_MIN } from "../../domain/caseQueue.js"
import { type Console, consoleActor, consoleGet, consolePage, consolePost, csrfField, may } from "../console.js"
import { html } from "../html.js"
import { htmlResponse, seeOther } from "../responses.js"

const PATH = "/dashboard/account/service-level"

/** The account's service level (issue 55 item 4): everyone reads it; only an owner sets it (audited). */
const serviceLevelPage = (c: Console, hours: number | null, error?: string) =>
  consolePage(c, "Case service level", "/dashboard/account", html`<p><a href="/dashboard/account">Account</a> · <a href="/dashboard/cases">Cases</a></p>
<p id="service-level-now">${hours === null ? "No service level is set: a case's age is shown, nothing is overdue." : `A case is due ${hours} hours after it opens (or opens again); past that it is overdue, shown first in the queue's oldest-first order.`}</p>
${may(c, "own") ? html`<form method="post" action="${PATH}">${csrfField(c.csrf)}
<div><label for="sl-hours">Hours from opening to closing (empty: none)</label><input id="sl-hours" name="hours" type="number" min="${String(SERVICE_HOURS_MIN)}" max="${String(SERVICE_HOURS_MAX)}" step="1" value="${hours === null ? "" : String(hours)}"></div>
<p><button type="submit">Save the service level</button></p></form>` : html`<p>Only an owner sets it.</p>`}`, error)

const show = consoleGet((c) => Effect.map(Effect.flatMap(QueueSettings, (s) => s.serviceLevel(c.account.id)), (hours) => htmlResponse(serviceLevelPage(c, hours))))

const save = consolePost(Effect.fnUntraced(function*(c: Console, field: (name: string) => string | undefined) {
  const settings = yield* QueueSettings
  return yield* settings.setServiceLevel(consoleActor(c), c.account.member.role, field("hours")).pipe(
    Effect.as(seeOther(`${PATH}?notice=service_level_saved`)),
    Effect.catch((error) => Effect.map(settings.serviceLevel(c.account.id), (hours) =>
      htmlResponse(serviceLevelPage(c, hours, error.message), error instanceof RoleForbids ? 403 : error.error === "invalid_request" ? 400 : 401)))
  )
}), undefined, "own")

export const serviceLevelRoutes = [
  ["GET", PATH, show],
  ["POST", PATH, save]
] as const
