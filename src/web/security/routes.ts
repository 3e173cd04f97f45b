import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { Effect, Option, Redacted } from "effect"
import { Accounts } from "../../accounts/Accounts.js"
import { SessionFlash } from "../../accounts/SessionFlash.js"
import type { AccountError } from "../../accounts/errors.js"
import type { Power } from "../../domain/roles.js"
import { SecondFactor } from "../../secondFactor/SecondFactor.js"
import { type Console, consoleGet, consolePost } from "../console.js"
import { html, page } from "../html.js"
import { formFields, htmlResponse, seeOther } from "../responses.js"
import { clientOf, csrfMatches, csrfOf, originOf, sessionTokenOf, withSessionCookie } from "../session.js"
import { challengePage, securityPage } from "./pages.js"

const TOKEN = /^[A-Za-z0-9_-]{43}$/

const statusOf = (error: AccountError) =>
  error._tag === "RoleForbids" ? 403 : error._tag === "Throttled" ? 429 : error._tag === "InvalidCredentials" ? 401 : 400

const retryAfter = (error: AccountError) => (response: HttpServerResponse.HttpServerResponse) =>
  error._tag === "Throttled" ? HttpServerResponse.setHeader(response, "retry-after", String(error.retryAfterSeconds)) : response

const render = (c: Console, extra: Parameters<typeof securityPage>[2] = {}, status = 200) =>
  Effect.map(Effect.flatMap(SecondFactor, (f) => f.status(c.account)), (view) => htmlResponse(securityPage(c, view, extra), status)).pipe(Effect.orDie)

const show = consoleGet((c) => render(c, c.query("notice") === "off" ? { notice: "Your second factor is off." } : {}))

/** The member's own factor: every role may set up, confirm and (unless required) turn off their own; the policy is an admin's or an owner's. */
const own = (
  act: (f: SecondFactor["Service"], c: Console, field: (name: string) => string | undefined) => Effect.Effect<unknown, AccountError>,
  done: (c: Console, result: unknown) => Effect.Effect<HttpServerResponse.HttpServerResponse, never, SecondFactor | SessionFlash | HttpServerRequest.HttpServerRequest>,
  power: Power = "read"
) =>
  consolePost((c, field) =>
    Effect.flatMap(SecondFactor, (f) => act(f, c, field)).pipe(
      Effect.flatMap((result) => done(c, result)),
      Effect.catch((error) => Effect.map(render(c, { error: error.message }, statusOf(error)), retryAfter(error)))
    ), formFields, power)

/** The security page shows the pending secret: a reload there makes no other one. */
const start = own((f, c) => f.start(c.account), () => Effect.succeed(seeOther("/dashboard/security")))
const RECOVERY_PAGE = "/dashboard/security/recovery-codes"

/** The new recovery codes wait, sealed, for the page the form redirects to: a reload there shows them no more. */
const showCodesOnce = (sessionToken: string, codes: ReadonlyArray<string>) =>
  Effect.as(Effect.flatMap(SessionFlash, (flash) => flash.put(sessionToken, { kind: "recovery_codes", codes })), seeOther(RECOVERY_PAGE))

const confirm = own((f, c, field) => f.confirm(c.account, field("code"), c.origin), (_, codes) =>
  Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => showCodesOnce(sessionTokenOf(request), codes as ReadonlyArray<string>)))

const recoveryCodes = consoleGet(Effect.fnUntraced(function*(c: Console) {
  const request = yield* HttpServerRequest.HttpServerRequest
  const flash = yield* (yield* SessionFlash).take(sessionTokenOf(request))
  return Option.isSome(flash) && flash.value.kind === "recovery_codes"
    ? yield* render(c, { recoveryCodes: flash.value.codes, notice: "Your second factor is on." })
    : seeOther("/dashboard/security")
}))
const off = own((f, c, field) => f.turnOff(c.account, field("password"), c.origin), () => Effect.succeed(seeOther("/dashboard/security?notice=off")))
const policy = own((f, c, field) => f.setPolicy(c.account, field("require") === "yes", c.origin), (c, ended) =>
  render(c, { notice: `Policy saved.${typeof ended === "number" && ended > 0 ? ` ${ended} sessions of members without a second factor ended.` : ""}` }), "manage")

/** The log-in's second step (no session yet): a right code starts one; an enrolment shows its recovery codes once. */
const secondStep = Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const field = yield* formFields
  const csrf = csrfOf(request).token
  if (!csrfMatches(request, field("_csrf"))) {
    return htmlResponse(page("Form expired", html`<p>This form could not be checked (CSRF). Log in again.</p><p><a href="/login">Log in</a></p>`), 403)
  }
  const challenge = field("challenge") ?? ""
  if (!TOKEN.test(challenge)) return seeOther("/login")
  const accounts = yield* Accounts
  const factor = yield* SecondFactor
  return yield* accounts.completeLogIn({ challenge, code: field("code"), client: clientOf(request), origin: originOf(request) }).pipe(
    Effect.flatMap(({ session, recoveryCodes }) =>
      Effect.map(
        recoveryCodes === null ? Effect.succeed(seeOther("/dashboard")) : showCodesOnce(Redacted.value(session), recoveryCodes),
        withSessionCookie(request, Redacted.value(session), accounts.sessionTtl)
      )),
    Effect.catch((error) =>
      Effect.map(factor.challengeEnrolment(challenge), (enrolment) =>
        retryAfter(error)(htmlResponse(challengePage(csrf, challenge, enrolment, error.message), statusOf(error)))))
  )
})

export const securityRoutes = [
  ["GET", "/dashboard/security", show],
  ["POST", "/dashboard/security/start", start],
  ["POST", "/dashboard/security/confirm", confirm],
  ["GET", RECOVERY_PAGE, recoveryCodes],
  ["POST", "/dashboard/security/off", off],
  ["POST", "/dashboard/security/policy", policy],
  ["POST", "/login/second-factor", secondStep]
] as const
