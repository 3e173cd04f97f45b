import * as HttpRouter from "effect/http/HttpRouter"
import type * as HttpServerRequest from "effect/http/HttpServerRequest"
import { Effect } from "effect"
import type { RegistriesResponse, RegistryCoverage } from "../../domain/schemas/Registry.js"
import { type AccessTerms, termWords } from "../../registries/coverage/sources.js"
import { RegistryCoverageService } from "../../registries/RegistryCoverageService.js"
import { type Console, consoleGet, consolePage } from "../console.js"
import { html } from "../html.js"
import { htmlResponse } from "../responses.js"

const words = (list: ReadonlyArray<AccessTerms>) => list.map((t) => termWords[t]).join(", ")

const askedLive = (r: RegistryCoverage) => {
  if (r.asked_live === "gleif") return "GLEIF"
  const own = r.sources.find((s) => s.kind === "own_search" && s.live)
  return r.asked_live === "own_search" ? `its own search (${own?.name ?? r.name})` : "nothing"
}

const row = (r: RegistryCoverage) =>
  html`<tr><th scope="row">${r.country}</th><td>${r.name}</td><td>${askedLive(r)}</td>
<td>${r.confirms_live.length === 0 ? "nothing" : r.confirms_live.join(", ")}</td><td>${words(r.terms)}</td>
<td>${r.last_answered_at ?? "not since start"}</td>
<td>${r.asked_live === "none"
    ? html`<ul>${r.sources.filter((s) => !s.live && s.terms.includes("free") && s.kind !== "own_search").map((s) =>
      html`<li>${s.name}: ${s.covers}</li>`)}</ul>`
    : ""}${r.access_note}</td></tr>`

/** GET /v1/registries as a page: the same service, the same words. */
const registriesPage = (c: Console, response: RegistriesResponse) =>
  consolePage(c, "Registries", "/dashboard/registries", html`<p>For each of the 18 registries: how a business of that country
is asked live when the records hold nothing, what the live answer can confirm, the registry's terms for a machine, and when it
last answered this server. Where nothing is asked live, a verification says <code>registry_not_covered</code>, and the free
sources listed cover only the businesses they name. The API says the same at <code>GET /v1/registries</code>.</p>
<table class="registries"><thead><tr><th scope="col">Country</th><th scope="col">Registry</th><th scope="col">Asked live</th>
<th scope="col">Can confirm</th><th scope="col">Terms</th><th scope="col">Last answered</th><th scope="col">Otherwise</th></tr></thead>
<tbody>${response.registries.map(row)}</tbody></table>`)

const show = consoleGet((c) =>
  Effect.map(Effect.flatMap(RegistryCoverageService, (s) => s.list), (response) => htmlResponse(registriesPage(c, response))))

/** Its own router entry (beside the console's routes), over the registries' coverage service. */
export const RegistriesConsoleLive = HttpRouter.use((router) =>
  Effect.gen(function*() {
    const services = yield* Effect.context<Exclude<Effect.Services<typeof show>, HttpServerRequest.HttpServerRequest>>()
    yield* router.add("GET", "/dashboard/registries", Effect.provide(show, services))
  }))
