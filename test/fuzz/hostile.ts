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
  /** The dashboard's JSON routes take the session cookie and the CSRF header instead of a key. */
  readonly session?: true
}

/** The dashboard's JSON API (kept out of the OpenAPI document on purpose): reached with a signed-in session. */
export const accountOperations: ReadonlyArray<Operation> = [
  ["GET", "/account/api/session", []],
  ["GET", "/account/api/keys", []],
  ["POST", "/account/api/keys", []],
  ["POST", "/account/api/keys/{id}/revoke", ["id"]],
  ["POST", "/account/api/keys/{id}/rotate", ["id"]],
  ["GET", "/account/api/usage", []],
  ["GET", "/account/api/lists", []],
  ["PUT", "/account/api/lists", []]
].map(([method, path, pathParams]) => ({
  method: method as string, path: path as string, pathParams: pathParams as ReadonlyArray<string>, queryParams: [], hasBody: method !== "GET", session: true as const
}))

export interface Session {
  readonly cookie: string
  readonly csrf: string
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

const cursorOf = (text: string) => Buffer.from(text, "utf8").toString("base64url")
const plausible = fc.constantFrom("Dangote Cement", "NG", "za", "RC 208767", "1950/038232/06", "25", "0", "acme", "Banco Nacional de Cuba",
  "00000000-0000-4000-8000-000000000000", "2024-01-01", "2024-01-01T00:00:00Z", cursorOf("2024-01-01T00:00:00.000Z|00000000-0000-4000-8000-000000000000"))
/** Ids, cursors and dates crafted to pass a loose check and break what is behind it. */
const craftedPlaces = fc.constantFrom("-".repeat(36), "0".repeat(36), "00000000-0000-4000-8000-00000000000g", cursorOf(`1970-01-01T00:00:00Z|${"-".repeat(36)}`),
  cursorOf("+275760-09-13T00:00:00.000Z|00000000-0000-4000-8000-000000000000"), cursorOf("0000-01-01T00:00:00Z|00000000-0000-4000-8000-000000000000"),
  cursorOf("2024-01-01T00:00:00Z|x|y"), "0000-01-01", "10000-01-01", "2024-02-30", "1969-12-31T23:59:59Z", "2024-01-01T25:61:00Z", "kyb_live_x")
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
export const value = fc.oneof(
  { weight: 1, arbitrary: plausible.map(encodeURIComponent) },
  { weight: 1, arbitrary: craftedPlaces.map(encodeURIComponent) },
  { weight: 3, arbitrary: hostileEncoded }
)

/** Bodies shaped like the workflow and account routes' own, with hostile values in their fields (URLs never resolve: see the test). */
const workflowBodies = fc.oneof(
  fc.record({
    url: fc.constantFrom("http://[::127.0.0.1]/", "http://[64:ff9b::7f00:1]/", "http://[2002:7f00:1::]/", "http://203.0.113.10/", "http://198.18.0.1/",
      "http://192.0.2.1/", "http://0x7f.1/", "http://[fe80::1%25eth0]/", "file:///etc/passwd", "http://u:p@hooks.invalid/", "http://hooks.invalid/"),
    events: fc.oneof(fc.constant(["sanctions.hit_added"]), fc.array(fc.string(), { maxLength: 3 }), fc.constant([]))
  }),
  fc.record({ name: fc.oneof(fc.string(), fc.constant("Dangote Cement")), country: fc.oneof(fc.constant("Nigeria"), fc.constant("NG"), fc.string()) }),
  fc.record({ list: fc.constantFrom("ofac_sdn", "un_sc", "nope"), entry_id: fc.oneof(fc.string(), fc.constant("-".repeat(36))), decision: fc.constantFrom("false_positive", "x"), name: fc.string() }),
  fc.record({ label: fc.oneof(fc.string(), fc.constant("x".repeat(81)), fc.integer()), grace: fc.constantFrom("immediately", "7d", "forever", "") }),
  fc.record({ lists: fc.oneof(fc.constant(["ofac_sdn"]), fc.array(fc.string(), { maxLength: 3 }), fc.constant("all"), fc.constant([])) }),
  fc.constantFrom("[]", "{\"items\":[]}", JSON.stringify(Array.from({ length: 1001 }, () => ({ name: "x" }))), "[{\"name\":\"a\",\"__proto__\":{\"x\":1}}]")
).map((v) => typeof v === "string" ? v : JSON.stringify(v))

const jsonHostile = fc.oneof(
  fc.json({ maxDepth: 4 }),
  fc.record({ name: fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.string())), registration_no: fc.anything(), country: fc.anything() })
    .map((o) => JSON.stringify(o)),
  fc.constantFrom("{\"name\":\"a\\u0000b\"}", "{\"name\":\"\\ud800\"}", "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
    "{\"name\":", "", "null", "{\"name\":\"x\",\"name\":\"y\"}", "{\"__proto__\":{\"x\":1},\"name\":\"a\"}"),
  fc.integer({ min: 1, max: 20 }).map((n) => `{"name":"${"x".repeat(n * 1000)}"}`),
  workflowBodies
)
/** CSV bodies for the batch route: duplicate, unknown and prototype columns, tabs and control characters in cells. */
const csvHostile = fc.constantFrom("name,name\nAcme,Other\n", "__proto__\nx\n", "name,constructor\nA,b\n", "name\n\"A\tB\"\n", "name,country\nAcme,Nigeria\n",
  "name\nAcme\n", "", "name\n", "\"unclosed\n", "name,country\nA,NG,extra\n")
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

export const hostileRequest = (operations: ReadonlyArray<Operation>, key: string, session?: Session): fc.Arbitrary<HostileRequest> =>
  fc.constantFrom(...operations).chain((op) =>
    fc.record({
      csrf: session === undefined ? fc.constant(null) : fc.oneof(fc.constant(session.csrf), fc.string({ maxLength: 50 }).map((s) => s.replace(/[^\x21-\x7e]/g, ""))),
      pathValues: fc.array(value, { minLength: op.pathParams.length, maxLength: op.pathParams.length }),
      query: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...(op.queryParams.length === 0 ? ["q"] : op.queryParams)), hostileEncoded), value), {
        maxLength: 6
      }),
      body: op.hasBody || op.method === "POST" || op.method === "PUT" ? fc.option(op.path.endsWith("/batch") ? fc.oneof(jsonHostile, csvHostile) : jsonHostile, { nil: null }) : fc.constant(null),
      contentType: fc.option(contentType, { nil: null }),
      headers: extraHeaders
    }).map(({ body, contentType, csrf, headers, pathValues, query }) => {
      let path = op.path
      op.pathParams.forEach((name, i) => (path = path.replace(`{${name}}`, pathValues[i]!)))
      const search = query.map(([k, v]) => `${k}=${v}`).join("&")
      const request: HostileRequest = {
        method: op.method,
        target: search === "" ? path : `${path}?${search}`,
        headers: op.session === true && session !== undefined
          ? [["cookie", session.cookie] as const, ...(csrf === null ? [] : [["x-csrf-token", csrf] as const]), ...headers]
          : [["authorization", `Bearer ${key}`] as const, ...headers],
        body,
        contentType
      }
      // A failure prints the request shortened, not a megabyte of it.
      return Object.assign(request, { operation: `${op.method} ${op.path}`, [fc.toStringMethod]: () => describeRequest(request) })
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
