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
  /** The template's text before its first parameter: a path that does not start with it is not this operation's. */
  readonly fixed: string
  readonly pattern: RegExp
  readonly query: ReadonlySet<string>
}

/** Each documented operation with the query parameters it takes (the OpenAPI document's operations only), by method. */
let operations: ReadonlyMap<string, ReadonlyArray<Operation>> | undefined
const documentedOperations = (): ReadonlyMap<string, ReadonlyArray<Operation>> => {
  if (operations !== undefined) return operations
  const paths = openApiDocument().paths as Record<string, Partial<Record<string, { readonly parameters?: ReadonlyArray<{ readonly in: string; readonly name: string }> }>>>
  const byMethod = new Map<string, Array<Operation>>()
  for (const [template, item] of Object.entries(paths)) {
    for (const m of METHODS) {
      const op = item[m]
      if (op === undefined) continue
      const method = m.toUpperCase()
      const list = byMethod.get(method) ?? []
      list.push({
        fixed: template.split("{")[0]!,
        pattern: patternOf(template),
        query: new Set((op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name))
      })
      byMethod.set(method, list)
    }
  }
  operations = byMethod
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
  const operation = documentedOperations().get(asked)?.find((o) => path.startsWith(o.fixed) && o.pattern.test(path))
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
