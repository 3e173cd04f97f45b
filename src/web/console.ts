import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { Effect, Option } from "effect"
import { type Account, Accounts, memberAttribution } from "../accounts/Accounts.js"
import type { AccountKeyRow } from "../accounts/AccountsRepo.js"
import type { Actor, KeyActor, Origin } from "../access/actor.js"
import { can, type Power, refusalOf } from "../domain/roles.js"
import { Screener } from "../sanctions/Screener.js"
import { html, type Html, page } from "./html.js"
import { formFields, htmlResponse, queryOf, seeOther } from "./responses.js"
import { reviewCountOf } from "./selfServe.js"
import { csrfMatches, csrfOf, currentAccount, originOf, withCsrfCookie } from "./session.js"

/** What every console page knows: the signed-in account, its keys, the CSRF token, the review count, the query. */
export interface Console {
  readonly account: Account
  readonly keys: ReadonlyArray<AccountKeyRow>
  readonly csrf: string
  readonly reviewCount: string
  /** Proposals waiting for a second look the member may give; null: their role cannot approve (no menu entry). */
  readonly awaitingCount: string | null
  /** The lists past KYB_LISTS_MAX_AGE_DAYS, in words (the page's banner). */
  readonly staleLists: ReadonlyArray<string>
  readonly query: (name: string) => string | undefined
  /** Where the request came from, for the audit log. */
  readonly origin: Origin
}

/**
 * Notices after an action, named in the redirect (`?notice=`): never text taken from the request, at most a count
 * (`&count=`, a whole number).
 */
const NOTICES: Readonly<Record<string, string | ((count: number) => string)>> = {
  decided: "The decision is recorded: it applies to every later verification of this subject until the listing changes.",
  // the verdict may be review or not found: the notice says the check is saved, not that the business is verified
  verified: "Check saved: the verdict is kept as a check, shown here with its evidence.",
  lists_changed: "The choice of lists is saved: every later verification, batch row and monitor screening uses it.",
  proposed: "The decision is proposed: it waits for a second member (four eyes); until approved the verdict stays review.",
  reverified: "Verified again: the new verdict is shown beside the old one.",
  monitor_added: "The monitor is added: a change on the lists or at the registry raises an event.",
  monitors_added: (count) => `${count} monitor${count === 1 ? " is" : "s are"} added from the file: each is screened now and watched from now on.`,
  monitor_removed: "The monitor is removed: nothing more is watched for it.",
  webhook_removed: "The webhook is removed: nothing more is sent to it.",
  test_sent: "A test event is queued for this webhook: its delivery appears below.",
  job_started: "The batch job is queued: its progress shows below.",
  invited: "The invitation is sent by e-mail: it works once, until it expires.",
  invitation_withdrawn: "The invitation is withdrawn: its link no longer works.",
  role_changed: "The role is changed: it applies from the member's next page.",
  member_removed: "The member is removed: their sessions have ended; what they did keeps their name.",
  filter_saved: "The filter is saved: it is listed above the queue, for you only.",
  filter_removed: "The saved filter is removed.",
  service_level_saved: "The service level is saved: every case's age is measured against it from now on."
}

export const flash = (text: string | undefined, kind: "error" | "notice" = "error") =>
  text === undefined ? html`` : html`<p class="${kind}" role="${kind === "error" ? "alert" : "status"}">${text}</p>`

export const csrfField = (csrf: string) => html`<input type="hidden" name="_csrf" value="${csrf}">`

const noticeOf = (c: Console) => {
  const notice = NOTICES[c.query("notice") ?? ""]
  const count = Number(c.query("count") ?? "")
  return typeof notice !== "function" ? notice : Number.isSafeInteger(count) && count >= 0 ? notice(count) : undefined
}

/** A console page around `body`, with the menu and the notice named in the query. */
export const consolePage = (c: Console, title: string, current: string, body: Html, error?: string, stylesheet?: string) =>
  page(title, html`${flash(noticeOf(c), "notice")}${flash(error)}${body}`, {
    signedIn: true, csrf: c.csrf, reviewCount: c.reviewCount, current, staleLists: c.staleLists,
    ...(c.awaitingCount === null ? {} : { awaitingCount: c.awaitingCount }), ...(stylesheet === undefined ? {} : { stylesheet })
  })

/** The screening lists past the age limit, in words, for the console's banner. */
export const staleListWords = Effect.flatMap(Screener, (screener) =>
  Effect.map(screener.currency(), (lists) =>
    lists.filter((l) => l.stale).map((l) =>
      `${l.name} (${l.version}) is ${l.ageDays === null ? "of unknown date" : `${l.ageDays} days old`}, past the limit of ${screener.maxAgeDays} days`)))

/** The console acts for the account, with no key (what it makes is the account's, "made by" the console). */
export const consoleActor = (c: Console): Actor => ({
  accountId: c.account.id, keyId: null, by: memberAttribution(c.account), origin: c.origin, member: { id: c.account.member.id, role: c.account.member.role }
})

/** Where a service needs a key (a batch job counts against a key's quota): the newest active key of the account. */
export const actingKey = (c: Console): Option.Option<KeyActor> =>
  Option.map(Option.fromNullishOr(c.keys.find((k) => k.active && k.revoked_at === null)), (k) => ({ accountId: c.account.id, keyId: k.id, by: memberAttribution(c.account), origin: c.origin }))

const contextOf = Effect.fnUntraced(function*(account: Account, csrf: string) {
  const request = yield* HttpServerRequest.HttpServerRequest
  const overview = yield* (yield* Accounts).overview(account)
  const counts = yield* reviewCountOf(account)
  const reviewCount = counts.reviewCount ?? ""
  const awaitingCount = counts.awaitingCount ?? null
  const staleLists = yield* staleListWords
  return { account, keys: overview.keys, csrf, reviewCount, awaitingCount, staleLists, query: queryOf(request), origin: originOf(request) } satisfies Console
})

/** A page for a signed-in account; anyone else is sent to the log-in page. */
export const consoleGet = <R>(build: (c: Console) => Effect.Effect<HttpServerResponse.HttpServerResponse, never, R>) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const csrf = csrfOf(request)
    const account = yield* currentAccount
    if (Option.isNone(account)) return seeOther("/login")
    return withCsrfCookie(request, csrf)(yield* build(yield* contextOf(account.value, csrf.token)))
  })

/** Whether the signed-in member's role has the power (pages hide what it has not). */
export const may = (c: Console, power: Power) => can(c.account.member.role, power)

/**
 * A post the member's role may not send: 403 with `{error, message}` (JSON when the client asks for it, else a page
 * that says it), recorded in the audit log as refused (as every 403 and 409 is: src/http/refusalAudit.ts).
 */
export const refused = (c: Console, power: Power) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const message = refusalOf(c.account.member.role, power)
    return (request.headers["accept"] ?? "").includes("application/json")
      ? HttpServerResponse.jsonUnsafe({ error: "forbidden", message }, { status: 403 })
      : htmlResponse(page("Not allowed", html`<h1>Not allowed</h1><p role="alert">${message}</p><p><a href="/dashboard">Back to the dashboard</a></p>`, {
        signedIn: true, csrf: c.csrf, reviewCount: c.reviewCount, current: ""
      }), 403)
  })

/**
 * A form post from a signed-in member: refused (403) without the browser's CSRF token, before anything is read, and
 * (403) when the member's role lacks `power` (an analyst's work unless said otherwise).
 */
export const consolePost = <R>(
  build: (c: Console, field: (name: string) => string | undefined) => Effect.Effect<HttpServerResponse.HttpServerResponse, never, R>,
  fields: Effect.Effect<(name: string) => string | undefined, never, HttpServerRequest.HttpServerRequest> = formFields,
  power: Power = "work"
) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const field = yield* fields
    if (!csrfMatches(request, field("_csrf"))) {
      return htmlResponse(page("Form expired", html`<p>This form could not be checked (CSRF). Reload the page and send it again.</p>`), 403)
    }
    const account = yield* currentAccount
    if (Option.isNone(account)) return seeOther("/login")
    const c = yield* contextOf(account.value, csrfOf(request).token)
    if (!may(c, power)) return yield* refused(c, power)
    return yield* build(c, field)
  })

/** The path segment after `prefix` (an id in the URL). */
export const idAfter = (prefix: string) =>
  Effect.map(HttpServerRequest.HttpServerRequest, (request) => new URL(request.url, "http://x").pathname.slice(prefix.length).split("/")[0] ?? "")

/** A form post only admins and owners may send (webhooks). */
export const consoleManagePost = <R>(
  build: (c: Console, field: (name: string) => string | undefined) => Effect.Effect<HttpServerResponse.HttpServerResponse, never, R>
) => consolePost(build, formFields, "manage")
