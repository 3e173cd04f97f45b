import { html, page } from "./html.js"
import { htmlResponse } from "./responses.js"

/** The status a declared service error answers with in a page, by its code (as /v1 answers it). */
export const statusOfError = (error: { readonly error: string }) =>
  error.error.endsWith("_not_found") ? 404 : error.error === "not_the_proposer" ? 403 : error.error === "invalid_request" ? 400 : error.error === "quota_exceeded" ? 429 : 409

/** A browser path nothing serves, or a failure, as a page (the API under /v1 keeps its JSON bodies). */
export const errorPage = (status: number, path: string) => {
  const [title, text] = status === 404
    ? ["Page not found", `Nothing is served at ${path}. Check the address, or start again from the home page.`]
    : status === 503
    ? ["Service unavailable", "The service cannot answer now; try again in a few seconds."]
    : status >= 500
    ? ["Something went wrong", "An unexpected error occurred on our side; it has been logged. Try again shortly."]
    : ["Request refused", "This request could not be served."]
  return htmlResponse(page(title, html`<p>${text}</p><p><a href="/">Home page</a> · <a href="/dashboard">Dashboard</a> · <a href="/v1/docs">API documentation</a></p>`), status)
}

/** Whether a request comes from a browser wanting a page: not the API, and HTML accepted. */
export const wantsPage = (path: string, accept: string | undefined) =>
  !(path === "/v1" || path.startsWith("/v1/") || path.startsWith("/account/api/")) && (accept ?? "").includes("text/html")

/** A browser's request: a page asked for, or a console form posted (a form route answers a page, never JSON). */
export const pageRequest = (request: { readonly url: string; readonly headers: Readonly<Record<string, string | undefined>> }) => {
  const path = request.url.split("?")[0] ?? ""
  return wantsPage(path, request.headers["accept"]) ||
    (wantsPage(path, "text/html") && /^(application\/x-www-form-urlencoded|multipart\/form-data)/.test(request.headers["content-type"] ?? ""))
}
