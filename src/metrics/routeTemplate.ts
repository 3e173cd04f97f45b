/**
 * The route template of a request path, for the requests series' labels: `/v1/checks/:id`, never
 * `/v1/checks/chk_123` (a label per id would grow without bound). Paths outside the API are labelled by their area
 * (`/dashboard/*`), and anything else as `unmatched`, so the label's values are a fixed set.
 */

interface Node {
  readonly literal: Map<string, Node>
  param: Node | undefined
  template: string | undefined
}

const node = (): Node => ({ literal: new Map(), param: undefined, template: undefined })

export interface RouteTemplates {
  readonly templateOf: (url: string) => string
}

const segmentsOf = (path: string): ReadonlyArray<string> => path.split("/").filter((s) => s !== "")

/**
 * `templates`: route paths with `:name` parameters, matched exactly (a literal segment wins over a parameter);
 * `areas`: first path segments whose pages are labelled `/<area>/*` (or `/<area>` for the segment alone).
 */
export const routeTemplates = (templates: ReadonlyArray<string>, areas: ReadonlyArray<string>): RouteTemplates => {
  const root = node()
  for (const template of templates) {
    let at = root
    for (const segment of segmentsOf(template)) {
      if (segment.startsWith(":")) {
        at.param ??= node()
        at = at.param
      } else {
        const next = at.literal.get(segment) ?? node()
        at.literal.set(segment, next)
        at = next
      }
    }
    at.template ??= template
  }
  const areaSet = new Set(areas)

  const match = (at: Node, segments: ReadonlyArray<string>, i: number): string | undefined => {
    if (i === segments.length) return at.template
    const literal = at.literal.get(segments[i]!)
    const viaLiteral = literal === undefined ? undefined : match(literal, segments, i + 1)
    if (viaLiteral !== undefined) return viaLiteral
    return at.param === undefined ? undefined : match(at.param, segments, i + 1)
  }

  return {
    templateOf: (url) => {
      const q = url.indexOf("?")
      const path = q < 0 ? url : url.slice(0, q)
      const segments = segmentsOf(path)
      const exact = match(root, segments, 0)
      if (exact !== undefined) return exact
      if (segments.length === 0) return "/"
      const area = segments[0]!
      if (!areaSet.has(area)) return "unmatched"
      return segments.length === 1 ? `/${area}` : `/${area}/*`
    }
  }
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])

/** The method as a label: the standard ones as they are, anything else `other`. */
export const methodLabel = (method: string): string => (METHODS.has(method) ? method : "other")

/** `2xx`, `4xx`, `5xx` ... */
export const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`
