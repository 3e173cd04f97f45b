import * as OpenApi from "@effect/platform/OpenApi"
import { KybApi } from "../../api/Api.js"

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const

interface Route {
  readonly pattern: RegExp
  readonly methods: ReadonlyArray<string>
}

const escaped = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, "\\$&")

/** The documented routes (the OpenAPI document's paths, and the document and docs page themselves), made once. */
let routes: ReadonlyArray<Route> | undefined
const documentedRoutes = (): ReadonlyArray<Route> => {
  if (routes !== undefined) return routes
  const paths: Record<string, Partial<Record<string, unknown>>> = {
    ...OpenApi.fromApi(KybApi).paths,
    "/v1/openapi.json": { get: {} },
    "/v1/docs": { get: {} }
  }
  routes = Object.entries(paths).map(([template, item]) => ({
    pattern: new RegExp(`^${template.split(/\{[^}]+\}/).map(escaped).join("[^/]+")}$`),
    methods: METHODS.filter((m) => item[m] !== undefined).map((m) => m.toUpperCase())
  }))
  return routes
}

/**
 * The methods a documented path answers (GET ones answer HEAD too), for 405 and its `Allow` header (RFC 9110 §15.5.6);
 * undefined when the path is not one the API documents (a 404).
 */
export const allowedMethods = (path: string): ReadonlyArray<string> | undefined => {
  const methods = new Set(documentedRoutes().filter((r) => r.pattern.test(path)).flatMap((r) => r.methods))
  if (methods.size === 0) return undefined
  if (methods.has("GET")) methods.add("HEAD")
  return [...methods]
}
