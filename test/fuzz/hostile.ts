import fc from "fast-check"

/**
 * Requests derived from the service's own OpenAPI document, with hostile values where a client puts values:
 * SQL injection, long strings, NUL and control bytes, invalid UTF-8 and percent-escapes, path traversal,
 * huge/negative/non-numeric numbers, duplicate parameters, wrong JSON types, arrays, deep nesting, wrong or
 * missing content types, many and huge headers. Sent as raw bytes, so nothing in between repairs them.
 */
export interface Operation {
  readonly method: string
  readonly path: string
  readonly pathParams: ReadonlyArray<string>
  readonly queryParams: ReadonlyArray<string>
  readonly hasBody: boolean
}

interface OpenApiDocument {
  readonly paths: Record<string, Record<string, { parameters?: ReadonlyArray<{ name: string; in: string }>; requestBody?: unknown }>>
}

export const operationsOf = (doc: OpenApiDocument): ReadonlyArray<Operation> =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      pathParams: (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name),
      queryParams: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
      hasBody: op.requestBody !== undefined
    }))
  )

const plausible = fc.constantFrom("Dangote Cement", "NG", "za", "RC 208767", "1950/038232/06", "25", "0", "acme", "Banco Nacional de Cuba")
/** Values already percent-encoded (or deliberately broken) for a URL. */
const hostileEncoded = fc.oneof(
  fc.constantFrom("%00", "a%00b", "%C3%28", "%ZZ", "%", "%E0%A4%A", "..%2F..%2Fetc%2Fpasswd", "%2e%2e%2f", "%0D%0AX-Injected:%201",
    "%FF%FE", "%ED%A0%80", "1e309", "-1", "99999999999999999999", "NaN", "0x10", "%20", "+", "%F0%9F%98%80"),
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
  fc.constantFrom("' OR 1=1 --", "'; DROP TABLE companies; --", "\" OR \"\"=\"", "1; SELECT pg_sleep(5)", "%' UNION SELECT * FROM api_keys --")
    .map(encodeURIComponent),
  fc.integer({ min: 1, max: 60_000 }).map((n) => "A".repeat(n)),
  fc.constantFrom(1_048_576).map((n) => "B".repeat(n))
)
export const value = fc.oneof({ weight: 1, arbitrary: plausible.map(encodeURIComponent) }, { weight: 3, arbitrary: hostileEncoded })

const jsonHostile = fc.oneof(
  fc.json({ maxDepth: 4 }),
  fc.record({ name: fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.string())), registration_no: fc.anything(), country: fc.anything() })
    .map((o) => JSON.stringify(o)),
  fc.constantFrom("{\"name\":\"a\\u0000b\"}", "{\"name\":\"\\ud800\"}", "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
    "{\"name\":", "", "null", "{\"name\":\"x\",\"name\":\"y\"}", "{\"__proto__\":{\"x\":1},\"name\":\"a\"}"),
  fc.integer({ min: 1, max: 20 }).map((n) => `{"name":"${"x".repeat(n * 1000)}"}`)
)
const contentType = fc.constantFrom(
  "application/json", "application/json; charset=utf-8", "text/plain", "multipart/form-data; boundary=x",
  "application/x-www-form-urlencoded", "text/csv", "", "application/json\u0000"
)
const extraHeaders = fc.oneof(
  fc.constant<ReadonlyArray<readonly [string, string]>>([]),
  fc.array(fc.tuple(fc.constantFrom("x-filler", "x-api-key", "authorization", "x-request-id", "cookie"), fc.oneof(
    fc.string({ maxLength: 40 }).map((s) => s.replace(/[\r\n\u0000-\u001f\u007f-\uffff]/g, "")),
    fc.integer({ min: 1, max: 20_000 }).map((n) => "h".repeat(n))
  )), { maxLength: 60 })
)

export interface HostileRequest {
  readonly method: string
  readonly target: string
  readonly headers: ReadonlyArray<readonly [string, string]>
  readonly body: string | null
  readonly contentType: string | null
}

export const hostileRequest = (operations: ReadonlyArray<Operation>, key: string): fc.Arbitrary<HostileRequest> =>
  fc.constantFrom(...operations).chain((op) =>
    fc.record({
      pathValues: fc.array(value, { minLength: op.pathParams.length, maxLength: op.pathParams.length }),
      query: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...(op.queryParams.length === 0 ? ["q"] : op.queryParams)), hostileEncoded), value), {
        maxLength: 6
      }),
      body: op.hasBody || op.method === "POST" ? fc.option(jsonHostile, { nil: null }) : fc.constant(null),
      contentType: fc.option(contentType, { nil: null }),
      headers: extraHeaders
    }).map(({ body, contentType, headers, pathValues, query }) => {
      let path = op.path
      op.pathParams.forEach((name, i) => (path = path.replace(`{${name}}`, pathValues[i]!)))
      const search = query.map(([k, v]) => `${k}=${v}`).join("&")
      const request: HostileRequest = {
        method: op.method,
        target: search === "" ? path : `${path}?${search}`,
        headers: [["authorization", `Bearer ${key}`] as const, ...headers],
        body,
        contentType
      }
      // A failure prints the request shortened, not a megabyte of it.
      return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) })
    })
  )

export const describeRequest = (r: HostileRequest) =>
  `${r.method} ${r.target.length > 300 ? `${r.target.slice(0, 300)}... (${r.target.length} bytes)` : r.target} ` +
  `headers=${r.headers.length} content-type=${JSON.stringify(r.contentType)} body=${r.body === null ? "none" : JSON.stringify(r.body.slice(0, 200))}`

/** Bytes of the request line and headers: past node's limit the server may reset the connection after its 431. */
export const headBytes = (r: HostileRequest): number =>
  r.target.length + r.headers.reduce((n, [k, v]) => n + k.length + v.length + 4, 0) + 64

export const rawBytes = (r: HostileRequest): Buffer => {
  const body = r.body === null ? null : Buffer.from(r.body, "utf8")
  const lines = [
    `${r.method} ${r.target} HTTP/1.1`,
    "Host: 127.0.0.1",
    "Connection: close",
    ...r.headers.map(([k, v]) => `${k}: ${v}`),
    ...(r.contentType === null ? [] : [`Content-Type: ${r.contentType}`]),
    ...(body === null ? [] : [`Content-Length: ${body.length}`])
  ]
  return Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1"), body ?? Buffer.alloc(0)])
}
