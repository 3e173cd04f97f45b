import { KybApi } from "../api/Api.js"
import { methodLabel, routeTemplates, statusClass } from "./routeTemplate.js"
import { httpDuration, httpRequests, labelled } from "./series.js"

/** Areas outside /v1, labelled as a whole (their pages' ids never become labels). */
const AREAS = ["dashboard", "account", "assets", "mcp", "login", "logout", "signup", "verify-email", "metrics", "health", "v1"]

const apiTemplates = (): ReadonlyArray<string> =>
  Object.values(KybApi.groups).flatMap((group) => Object.values(group.endpoints).map((endpoint) => endpoint.path))

const templates = routeTemplates([...apiTemplates(), "/v1/openapi.json", "/v1/docs", "/metrics"], AREAS)
const requestSeries = labelled(httpRequests, "route", "method", "status_class")
const durationSeries = labelled(httpDuration, "route", "method")

/** Counts one answered request and observes its latency (seconds since `startedAt`, a performance.now() reading). */
export const recordRequest = (method: string, url: string, status: number, startedAt: number): void => {
  const route = templates.templateOf(url)
  const m = methodLabel(method)
  requestSeries(route, m, statusClass(status)).update(1)
  durationSeries(route, m).update((performance.now() - startedAt) / 1000)
}
