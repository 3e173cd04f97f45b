import { Effect } from "effect"
import { VerifyBody } from "../../domain/schemas/Verdict.js"
import { AccountChecks } from "../../checks/AccountChecks.js"
import { type Console, consoleActor, consoleGet, consolePage, consolePost, csrfField, may } from "../console.js"
import { statusOfError } from "../errorPages.js"
import { decodeForm, present } from "../forms.js"
import { html } from "../html.js"
import { htmlResponse, seeOther } from "../responses.js"

const FIELDS = ["name", "registration_no", "country"] as const

type Typed = Partial<Record<(typeof FIELDS)[number], string>>

/** One business verified from the console: the same verifier as `POST /v1/verify`, one request of the month. */
const verifyPage = (c: Console, typed: Typed = {}, error?: string) =>
  consolePage(c, "Verify a business", "/dashboard/verify", html`<p>The verdict for one business, as <code>POST /v1/verify</code>
answers it: kept as a check, with its evidence, and counted as one request of the account's monthly quota like any verification.
For many at once, use a <a href="/dashboard/batch">batch</a>.</p>
${may(c, "work") ? html`<form method="post" action="/dashboard/verify" class="card">${csrfField(c.csrf)}
<label for="v-name">Name</label><input id="v-name" name="name" type="text" maxlength="200" value="${typed.name ?? ""}" autocomplete="organization">
<label for="v-number">Registration number</label><input id="v-number" name="registration_no" type="text" maxlength="64" value="${typed.registration_no ?? ""}">
<label for="v-country">Country (ISO 3166 code, two letters: NG, KE, ZA…; optional)</label><input id="v-country" name="country" type="text" maxlength="2" value="${typed.country ?? ""}" autocomplete="off">
<p>Give a name, a registration number, or both.</p>
<p><button type="submit" class="primary">Verify</button></p></form>` : html`<p>Your role reads checks; analysts, admins and owners verify.</p>`}`, error)

const form = consoleGet((c) => Effect.succeed(htmlResponse(verifyPage(c))))

const verify = consolePost(Effect.fnUntraced(function*(c: Console, field: (name: string) => string | undefined) {
  const checks = yield* AccountChecks
  const typed = present(field, FIELDS)
  return yield* decodeForm(VerifyBody, typed).pipe(
    Effect.flatMap((body) => checks.verifyFromConsole(consoleActor(c), body, "verifying a business")),
    Effect.map((verdict) => seeOther(verdict.check_id === null ? "/dashboard/checks" : `/dashboard/checks/${verdict.check_id}?notice=verified`)),
    Effect.catch((error) => Effect.succeed(htmlResponse(verifyPage(c, typed, error.message), statusOfError(error))))
  )
}))

export const verifyRoutes = [
  ["GET", "/dashboard/verify", form],
  ["POST", "/dashboard/verify", verify]
] as const
