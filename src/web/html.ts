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

/** A whole page: the service's own stylesheet and script only (nothing loaded from elsewhere). */
export const page = (title: string, body: Html, options: { readonly signedIn?: boolean; readonly csrf?: string } = {}): string =>
  "<!doctype html>" + html`<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · KYB Africa</title><link rel="stylesheet" href="/assets/dashboard.css"><script src="/assets/dashboard.js" defer></script></head>
<body><header><a class="brand" href="/">KYB Africa</a><nav aria-label="Main">
<a href="/v1/docs">API docs</a>
${options.signedIn === true
    ? html`<a href="/dashboard">Dashboard</a><a href="/dashboard/account">Account</a>
<form method="post" action="/logout" class="inline"><input type="hidden" name="_csrf" value="${options.csrf ?? ""}"><button type="submit">Log out</button></form>`
    : html`<a href="/login">Log in</a><a href="/signup">Sign up</a>`}
</nav></header><main id="main"><h1>${title}</h1>${body}</main></body></html>`.text
