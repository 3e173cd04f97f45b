import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { Effect } from "effect"

/**
 * A fake of GLEIF's JSON:API (api.gleif.org/api/v1) on 127.0.0.1: GET /lei-records with filter[fulltext],
 * filter[entity.registeredAs], filter[entity.legalAddress.country], page[size] and page[number] (meta.pagination and
 * links first/prev/next/last, as GLEIF pages); GET /lei-records/{lei}; GET /lei-records/{lei}/direct-parent and
 * /ultimate-parent; 404 as a JSON:API error document. Content-Type application/vnd.api+json.
 *
 * A fixture record is a `lei-records` resource object as GLEIF serves it, plus `_fixture` (stripped before serving):
 * `synthetic` (true: invented for tests, never a fact), and `directParent` / `ultimateParent` LEIs (the record's
 * `relationships` are built from them: a `lei-record` link when set, else a `reporting-exception` link).
 */
export interface FixtureRecord {
  readonly type: "lei-records"
  readonly id: string
  readonly attributes: {
    readonly lei: string
    readonly entity: {
      readonly legalName: { readonly name: string } & Record<string, unknown>
      readonly otherNames?: ReadonlyArray<{ readonly name: string } & Record<string, unknown>>
      readonly legalAddress: { readonly country?: string | null } & Record<string, unknown>
      readonly registeredAs?: string | null
    } & Record<string, unknown>
    readonly registration: Record<string, unknown>
  } & Record<string, unknown>
  readonly _fixture: { readonly synthetic: boolean; readonly directParent?: string; readonly ultimateParent?: string }
}

/** none; throttle: 429 with Retry-After; error: 503/500 alternately; hang: never answers; garbage: 200 with HTML. */
export const gleifFaults = ["none", "throttle", "error", "hang", "garbage"] as const
export type GleifFault = (typeof gleifFaults)[number]

export interface FakeGleif {
  readonly url: string
  readonly requests: () => ReadonlyArray<URL>
  readonly reset: () => void
  readonly setFault: (fault: GleifFault) => void
  readonly close: () => Promise<void>
}

const JSON_API = "application/vnd.api+json"
const GOLDEN_COPY = { goldenCopy: { publishDate: "2026-11-28T08:00:00Z" } }

const reply = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  const payload = typeof body === "string" ? body : JSON.stringify(body)
  response.writeHead(status, {
    "Content-Type": typeof body === "string" ? "text/html; charset=utf-8" : JSON_API,
    "Content-Length": String(Buffer.byteLength(payload)),
    ...headers
  }).end(payload)
}

const notFound = { errors: [{ status: "404", title: "Not Found" }] }

export const startFakeGleif = (records: ReadonlyArray<FixtureRecord>, options: { readonly port?: number; readonly fault?: GleifFault } = {}): Promise<FakeGleif> => {
  let fault: GleifFault = options.fault ?? "none"
  let seen: Array<URL> = []
  let count = 0
  let base = ""
  const byLei = new Map(records.map((r) => [r.id, r]))

  const served = (r: FixtureRecord) => {
    const { _fixture, ...resource } = r
    const self = `${base}/lei-records/${r.id}`
    const parent = (kind: "direct" | "ultimate", lei: string | undefined) => ({
      links: lei !== undefined && byLei.has(lei)
        ? { "relationship-record": `${self}/${kind}-parent-relationship`, "lei-record": `${self}/${kind}-parent` }
        : { "reporting-exception": `${self}/${kind}-parent-reporting-exception` }
    })
    return {
      ...resource,
      relationships: {
        "managing-lou": { links: { related: `${self}/managing-lou` } },
        "direct-parent": parent("direct", _fixture.directParent),
        "ultimate-parent": parent("ultimate", _fixture.ultimateParent)
      },
      links: { self }
    }
  }

  const matches = (r: FixtureRecord, q: URLSearchParams) => {
    const e = r.attributes.entity
    const text = q.get("filter[fulltext]")?.toLowerCase()
    const number = q.get("filter[entity.registeredAs]")
    const country = q.get("filter[entity.legalAddress.country]")?.toUpperCase()
    const names = [e.legalName.name, ...(e.otherNames ?? []).map((n) => n.name)].map((n) => n.toLowerCase())
    return (text === undefined || names.some((n) => n.includes(text))) &&
      (number === null || e.registeredAs === number) &&
      (country === undefined || e.legalAddress.country === country)
  }

  const list = (url: URL) => {
    const size = Math.min(Math.max(Number(url.searchParams.get("page[size]") ?? 10) || 10, 1), 200)
    const number = Math.max(Number(url.searchParams.get("page[number]") ?? 1) || 1, 1)
    const hits = records.filter((r) => matches(r, url.searchParams))
    const lastPage = Math.max(Math.ceil(hits.length / size), 1)
    const pageUrl = (n: number) => {
      const q = new URLSearchParams(url.searchParams)
      q.set("page[number]", String(n))
      q.set("page[size]", String(size))
      return `${url.origin}${url.pathname}?${q.toString()}`
    }
    const from = hits.length === 0 ? 0 : (number - 1) * size + 1
    return {
      meta: {
        ...GOLDEN_COPY,
        pagination: { currentPage: number, perPage: size, from, to: Math.min(number * size, hits.length), total: hits.length, lastPage }
      },
      links: {
        first: pageUrl(1),
        ...(number > 1 ? { prev: pageUrl(number - 1) } : {}),
        ...(number < lastPage ? { next: pageUrl(number + 1) } : {}),
        last: pageUrl(lastPage)
      },
      data: hits.slice((number - 1) * size, number * size).map(served)
    }
  }

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", base)
    seen = [...seen.slice(-99), url]
    count += 1
    if (fault === "hang") return
    if (fault === "throttle") return reply(response, 429, { errors: [{ status: "429", title: "Too Many Requests" }] }, { "Retry-After": "60" })
    if (fault === "error") return reply(response, count % 2 === 1 ? 503 : 500, "<html><body>Service Unavailable</body></html>")
    if (fault === "garbage") return reply(response, 200, "<html><head><title>Maintenance</title></head><body>{\"data\": [")
    const path = url.pathname.replace(/^\/api\/v1/, "")
    if (request.method !== "GET") return reply(response, 405, { errors: [{ status: "405", title: "Method Not Allowed" }] })
    if (path === "/lei-records") return reply(response, 200, list(url))
    const one = /^\/lei-records\/([A-Z0-9]{20})(?:\/(direct|ultimate)-parent)?$/.exec(path)
    const record = one === null ? undefined : byLei.get(one[1]!)
    if (record === undefined) return reply(response, 404, notFound)
    if (one![2] === undefined) return reply(response, 200, { meta: GOLDEN_COPY, data: served(record) })
    const parentLei = one![2] === "direct" ? record._fixture.directParent : record._fixture.ultimateParent
    const parent = parentLei === undefined ? undefined : byLei.get(parentLei)
    return parent === undefined ? reply(response, 404, notFound) : reply(response, 200, { meta: GOLDEN_COPY, data: served(parent) })
  }

  const server = createServer(handle)
  return new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`
      resolve({
        url: base,
        requests: () => seen,
        reset: () => {
          seen = []
          count = 0
        },
        setFault: (next) => {
          fault = next
        },
        close: () => new Promise<void>((done) => {
          server.close(() => done())
          server.closeAllConnections()
        })
      })
    })
  })
}

/** The fake as a scoped resource: closed when the scope closes. */
export const fakeGleifScoped = (records: ReadonlyArray<FixtureRecord>, options: { readonly fault?: GleifFault } = {}) =>
  Effect.acquireRelease(Effect.promise(() => startFakeGleif(records, options)), (fake) => Effect.promise(() => fake.close()))
