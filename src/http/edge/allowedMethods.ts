import { openApiDocument } from "../../api/Api.js"

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const

interface Route {
  readonly pattern: RegExp
  readonly methods: ReadonlyArray<string>
}

const escaped = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, "\\$&")
const patternOf = (template: string) => new RegExp(`^${template.split(/\{[^}]+\}/).map(escaped).join("[^/]+")}$`)

/** The documented routes (the OpenAPI document's paths, and the document and docs page themselves), made once. */
let routes: ReadonlyArray<Route> | undefined
const documentedRoutes = (): ReadonlyArray<Route> => {
  if (routes !== undefined) return routes
  const paths: Record<string, Partial<Record<string, unknown>>> = {
    ...openApiDocument().paths,
    "/v1/openapi.json": { get: {} },
    "/v1/docs": { get: {} }
  }
  routes = Object.entries(paths).map(([template, item]) => ({
    pattern: patternOf(template),
    methods: METHODS.filter((m) => item[m] !== undefined).map((m) => m.toUpperCase())
  }))
  return routes
}

interface Operation {
  readonly pattern: RegExp
  readonly method: string
  readonly query: ReadonlySet<string>
}

/** Each documented operation with the query parameters it takes (the OpenAPI document's operations only). */
let operations: ReadonlyArray<Operation> | undefined
const documentedOperations = (): ReadonlyArray<Operation> => {
  if (operations !== undefined) return operations
  const paths = openApiDocument().paths as Record<string, Partial<Record<string, { readonly parameters?: ReadonlyArray<{ readonly in: string; readonly name: string }> }>>>
  operations = Object.entries(paths).flatMap(([template, item]) =>
    METHODS.flatMap((m) => {
      const op = item[m]
      return op === undefined ? [] : [{
        pattern: patternOf(template),
        method: m.toUpperCase(),
        query: new Set((op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name))
      }]
    }))
  return operations
}

/**
 * A query parameter the documented operation does not take (a misspelt `registraton_no` must not be dropped, as an
 * unknown body field is not): its name, cut to 100 characters; undefined when every one is known or the path is not
 * an operation of the document.
 */
export const unknownQueryParameter = (method: string, target: string): string | undefined => {
  const at = target.indexOf("?")
  if (at < 0 || at === target.length - 1) return undefined
  const asked = method === "HEAD" ? "GET" : method
  const path = target.slice(0, at)
  const operation = documentedOperations().find((o) => o.method === asked && o.pattern.test(path))
  if (operation === undefined) return undefined
  for (const name of new URLSearchParams(target.slice(at + 1)).keys()) if (!operation.query.has(name)) return name.slice(0, 100)
  return undefined
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
