/** HTML written by hand, escaped by default: every interpolated value is text unless it is `Html` already. */
export class Html {
  constructor(readonly text: string) {}
  toString() {
    return this.text
  }
}

const ESCAPES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;" }
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!)

type Value = Html | string | number | null | undefined | ReadonlyArray<Html | string>

const render = (value: Value): string =>
  value === null || value === undefined
    ? ""
    : value instanceof Html
    ? value.text
    : Array.isArray(value)
    ? value.map((v) => render(v as Value)).join("")
    : escapeHtml(String(value))

export const html = (strings: TemplateStringsArray, ...values: ReadonlyArray<Value>): Html =>
  new Html(strings.reduce((out, s, i) => out + s + (i < values.length ? render(values[i]) : ""), ""))

/**
 * A time: written in UTC, shown in the viewer's zone by the page's script, with UTC kept on hover (title).
 * `null` reads as a dash.
 */
export const when = (iso: string | Date | null | undefined): Html => {
  if (iso === null || iso === undefined) return html`—`
  const date = typeof iso === "string" ? new Date(iso) : iso
  if (Number.isNaN(date.getTime())) return html`${String(iso)}`
  const utc = date.toISOString().replace(/\.\d{3}Z$/, "Z")
  const shown = `${utc.slice(0, 10)} ${utc.slice(11, 16)} UTC`
  return html`<time datetime="${utc}" title="${shown}" data-local>${shown}</time>`
}

/**
 * A data table that reads as labelled rows on a narrow screen: each cell carries its column's name (`data-label`),
 * shown before it when the table is stacked (under 40rem).
 */
export const dataTable = (
  caption: string,
  headers: ReadonlyArray<string>,
  rows: ReadonlyArray<ReadonlyArray<Html | string | number | null>>,
  options: { readonly empty?: string; readonly id?: string } = {}
): Html =>
  rows.length === 0
    ? html`<p class="empty">${options.empty ?? "Nothing yet."}</p>`
    : html`<table class="stack"${options.id === undefined ? "" : html` id="${options.id}"`}><caption>${caption}</caption><thead><tr>${
      headers.map((h) => html`<th scope="col">${h}</th>`)
    }</tr></thead><tbody>${
      rows.map((row) => html`<tr>${row.map((cell, i) => html`<td data-label="${headers[i] ?? ""}">${cell === null ? "—" : typeof cell === "number" ? String(cell) : cell}</td>`)}</tr>`)
    }</tbody></table>`

export interface PageOptions {
  readonly signedIn?: boolean
  readonly csrf?: string
  /** Checks waiting in the review queue, shown in the menu (signed in). */
  readonly reviewCount?: string
  /** Proposals waiting for a second look this member may give (members who may approve only): the menu shows the view. */
  readonly awaitingCount?: string
  /** The menu entry to mark as the current page. */
  readonly current?: string
  /** The screening lists past the operator's age limit, in words (signed in): a banner says so on every page. */
  readonly staleLists?: ReadonlyArray<string>
  /** A stylesheet of this page's own (e.g. a check's printed header and footer), after the service's. */
  readonly stylesheet?: string
}

/** The menu's counts: the open cases, and the proposals waiting for this member's second look (members who may approve). */
export type MenuCounts = Pick<PageOptions, "reviewCount" | "awaitingCount">

const staleBanner = (stale: ReadonlyArray<string> | undefined) =>
  stale === undefined || stale.length === 0 ? "" : html`<div class="banner stale" role="alert"><strong>Sanctions lists out of date.</strong>
${stale.map((s) => html`${s}. `)}Verifications screened with ${stale.length === 1 ? "it" : "them"} are review (the lists may miss recent
listings) until the lists are updated (<code>kyb lists update</code>).</div>`

const consoleLinks: ReadonlyArray<readonly [string, string]> = [
  ["/dashboard", "Dashboard"],
  ["/dashboard/verify", "Verify"],
  ["/dashboard/checks", "Checks"],
  ["/dashboard/cases", "Cases"],
  ["/dashboard/batch", "Batch"],
  ["/dashboard/monitors", "Monitors"],
  ["/dashboard/webhooks", "Webhooks"],
  ["/dashboard/members", "Members"],
  ["/dashboard/audit", "Audit log"],
  ["/dashboard/lists", "Lists"],
  ["/dashboard/registries", "Registries"],
  ["/dashboard/account", "Account"]
]

const menu = (options: PageOptions) =>
  options.signedIn === true
    ? html`${consoleLinks.map(([href, label]) =>
      html`<a href="${href}"${options.current === href ? html` aria-current="page"` : ""}>${label}${
        href === "/dashboard/cases" && options.reviewCount !== undefined
          ? html` <span class="count">${options.reviewCount}<span class="vh"> open</span></span>`
          : ""
      }</a>${href === "/dashboard/cases" && options.awaitingCount !== undefined
        ? html`<a href="/dashboard/approvals"${options.current === "/dashboard/approvals" ? html` aria-current="page"` : ""}>Awaiting approval <span class="count">${options.awaitingCount}<span class="vh"> waiting for you</span></span></a>`
        : ""}`
    )}<a href="/v1/docs">API docs</a>
<form method="post" action="/logout" class="inline"><input type="hidden" name="_csrf" value="${options.csrf ?? ""}"><button type="submit">Log out</button></form>`
    : html`<a href="/v1/docs">API docs</a><a href="/login">Log in</a><a href="/signup">Sign up</a>`

/** A whole page: the service's own stylesheet and script only (nothing loaded from elsewhere). */
export const page = (title: string, body: Html, options: PageOptions = {}): string =>
  "<!doctype html>" + html`<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · KYB Africa</title><link rel="stylesheet" href="/assets/dashboard.css">${options.stylesheet === undefined ? "" : html`<link rel="stylesheet" href="${options.stylesheet}">`}<script src="/assets/dashboard.js" defer></script></head>
<body><a class="skip" href="#main">Skip to the content</a><header><a class="brand" href="/">KYB Africa</a><nav aria-label="Main">
${menu(options)}
</nav></header><main id="main" tabindex="-1">${options.signedIn === true ? staleBanner(options.staleLists) : ""}<h1>${title}</h1>${body}</main></body></html>`.text
