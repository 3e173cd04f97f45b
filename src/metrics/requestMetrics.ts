import { methodLabel, routeTemplates, statusClass } from "./routeTemplate.js"
import { httpDuration, httpRequests, labelled } from "./series.js"

/** Areas outside /v1, labelled as a whole (their pages' ids never become labels). */
const AREAS = ["dashboard", "account", "assets", "mcp", "login", "logout", "signup", "verify-email", "metrics", "health", "v1"]

const requestSeries = labelled(httpRequests, "route", "method", "status_class")
const durationSeries = labelled(httpDuration, "route", "method")

/**
 * The recorder of answered requests for the API's path templates (src/http passes the contract's): it counts one
 * request and observes its latency (seconds since `startedAt`, a performance.now() reading), labelled by template.
 */
export const requestRecorder = (apiTemplates: ReadonlyArray<string>) => {
  const templates = routeTemplates([...apiTemplates, "/v1/openapi.json", "/v1/docs", "/metrics"], AREAS)
  return (method: string, url: string, status: number, startedAt: number): void => {
    const route = templates.templateOf(url)
    const m = methodLabel(method)
    requestSeries(route, m, statusClass(status)).update(1)
    durationSeries(route, m).update((performance.now() - startedAt) / 1000)
  }
}
