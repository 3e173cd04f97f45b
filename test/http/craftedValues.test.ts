import { assert, describe, layer } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import { bearer, call, isErrorBody, type Reply } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
const cursorOf = (text: string) => Buffer.from(text, "utf8").toString("base64url")
const DASHES = "-".repeat(36)

/** A 400 `{error: invalid_request, message}` whose message names the field as `<field>: ...`. */
const assertNamed = (reply: Reply, field: string, what: string) => {
  assert.strictEqual(reply.status, 400, `${what}: ${reply.status} ${reply.text}`)
  assert.isTrue(isErrorBody(reply.body, "invalid_request"), `${what}: ${reply.text}`)
  assert.match((reply.body as { message: string }).message, new RegExp(`^${field}: `), what)
}

const postRaw = (url: string, headers: Record<string, string>, body: Uint8Array, contentType: string) =>
  promise(async () => {
    const response = await fetch(url, { method: "POST", headers: { ...headers, "content-type": contentType }, body })
    const text = await response.text()
    return { status: response.status, headers: response.headers, text, body: JSON.parse(text) as unknown } satisfies Reply
  })

describe("crafted ids, cursors and dates are 400s naming the field, never 500 (issue 25 item 9)", () => {
  layer(makeTestServer({ KYB_WEBHOOK_ALLOW_PRIVATE: "true", KYB_WEBHOOK_POLL: "1 hour" }), { timeout: "120 seconds", excludeTestServices: true })((it) => {
    it.effect("checks, events, jobs, monitors, webhooks: since, cursor and id", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const key = bearer(yield* server.newKey({ plan: "unlimited" }))
        const get = (path: string) => promise(() => call(`${server.url}${path}`, { headers: key }))
        const cursors = [
          cursorOf(`1970-01-01T00:00:00Z|${DASHES}`),
          cursorOf(`+275760-09-13T00:00:00.000Z|00000000-0000-4000-8000-000000000000`),
          cursorOf(`0000-01-01T00:00:00Z|00000000-0000-4000-8000-000000000000`),
          cursorOf(`2024-02-30T00:00:00Z|00000000-0000-4000-8000-000000000000`),
          cursorOf(`2024-01-01T00:00:00Z|00000000-0000-4000-8000-000000000000|x`),
          "not-a-cursor"
        ]
        const hook = yield* promise(() => call(`${server.url}/v1/webhooks`, {
          method: "POST", headers: { ...key, "content-type": "application/json" }, body: JSON.stringify({ url: "http://127.0.0.1:9/crafted", events: ["sanctions.hit_added"] })
        }))
        const hookId = (hook.body as { id: string }).id
        // A cursor shaped like ours but naming no place is refused on every list (it once read as the first page).
        for (const list of ["/v1/monitors", "/v1/webhooks", "/v1/jobs", "/v1/decisions", `/v1/webhooks/${hookId}/deliveries`]) {
          for (const cursor of cursors) assertNamed(yield* get(`${list}?cursor=${cursor}`), "cursor", `${list} cursor=${cursor}`)
          // a well-formed position not sealed by the server (issue 41 item 7): refused as well
          assertNamed(yield* get(`${list}?cursor=${cursorOf("2024-01-01T00:00:00.000Z|00000000-0000-4000-8000-000000000000")}`), "cursor", list)
        }
        for (const list of ["/v1/checks", "/v1/events"]) {
          for (const since of ["0000-01-01", "1969-12-31", "10000-01-01", "2024-13-01", "2024-02-30", "2024-01-01T25:00:00Z", "2024-01-01junk"]) {
            assertNamed(yield* get(`${list}?since=${encodeURIComponent(since)}`), "since", `${list} since=${since}`)
          }
          for (const cursor of cursors) assertNamed(yield* get(`${list}?cursor=${cursor}`), "cursor", `${list} cursor=${cursor}`)
          assert.strictEqual((yield* get(`${list}?since=2024-01-01`)).status, 200)
          assert.strictEqual((yield* get(`${list}?since=2024-01-01T10:00:00%2B01:00`)).status, 200)
          assertNamed(yield* get(`${list}?cursor=${cursorOf("2024-01-01T00:00:00.000Z|00000000-0000-4000-8000-000000000000")}`), "cursor", list)
        }
        for (const id of [DASHES, "0000000000000000000000000000000000-0", "g0000000-0000-4000-8000-000000000000"]) {
          for (const path of ["/v1/checks/", "/v1/jobs/", "/v1/monitors/"]) assertNamed(yield* get(`${path}${id}`), "id", `${path}${id}`)
          assertNamed(yield* get(`/v1/jobs/${id}/results.csv`), "id", "results.csv")
          assertNamed(yield* get(`/v1/jobs/${id}/results.jsonl`), "id", "results.jsonl")
          assertNamed(yield* get(`/v1/webhooks/${id}/deliveries`), "id", "deliveries")
          for (const path of ["/v1/monitors/", "/v1/webhooks/"]) {
            assertNamed(yield* promise(() => call(`${server.url}${path}${id}`, { method: "DELETE", headers: key })), "id", `DELETE ${path}`)
          }
        }
        assert.strictEqual((yield* get("/v1/checks/00000000-0000-4000-8000-000000000000")).status, 404)
      }))

    it.effect("batch bodies: the wrong shapes say what the route takes; CSV header and cells are checked as JSON is", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const key = bearer(yield* server.newKey({ plan: "unlimited" }))
        const batch = `${server.url}/v1/verify/batch`
        const submit = (body: string, contentType = "application/json") =>
          promise(() => call(batch, { method: "POST", headers: { ...key, "content-type": contentType }, body }))
        for (const body of [JSON.stringify(Array.from({ length: 1001 }, () => ({ name: "x" }))), "[]", "{\"items\": []}", "\"name\"", "42"]) {
          const reply = yield* submit(body)
          assert.strictEqual(reply.status, 400, body.slice(0, 40))
          assert.isTrue(isErrorBody(reply.body, "invalid_request"))
          assert.include((reply.body as { message: string }).message, "1 to 1000 verification requests: a JSON array of objects like the body of POST /v1/verify, or CSV", body.slice(0, 40))
        }
        const csvCases: ReadonlyArray<readonly [string, string]> = [
          ["name,name\nAcme,Other\n", "The CSV column name is named twice."],
          ["name,Name\nAcme,Other\n", "The CSV column name is named twice."],
          ["name,__proto__\nAcme,x\n", "Unknown CSV column(s): __proto__."],
          ["__proto__\nx\n", "Unknown CSV column(s): __proto__."],
          ["name,constructor\nAcme,x\n", "Unknown CSV column(s): constructor."],
          ["name,country\n\"Acme\tTrading\",NG\n", "row 1 (line 2), name: contains a control character."],
          ["name,country\nAcme,\tNG\n", "row 1 (line 2), country: contains a control character."],
          ["name\n\"Acme\u0000\"\n", "contains a control character."],
          ["name\nAcme\n", ""],
          ["name,country\n", "The CSV body has no row after its header."]
        ]
        for (const [csv, message] of csvCases) {
          const reply = yield* submit(csv, "text/csv")
          if (message === "") {
            assert.strictEqual(reply.status, 202, reply.text)
            continue
          }
          assert.strictEqual(reply.status, 400, `${JSON.stringify(csv)}: ${reply.text}`)
          assert.isTrue(isErrorBody(reply.body, "invalid_request"))
          assert.include((reply.body as { message: string }).message, message, JSON.stringify(csv))
        }
        // Invalid UTF-8 in a cell (the bytes C3 28), and in a JSON string: the same refusal.
        const badCsv = Buffer.concat([Buffer.from("name,country\nAcme "), Buffer.from([0xc3, 0x28]), Buffer.from(",NG\n")])
        const csvReply = yield* postRaw(batch, key, badCsv, "text/csv")
        assert.strictEqual(csvReply.status, 400, csvReply.text)
        assert.include((csvReply.body as { message: string }).message, "name: is not valid UTF-8")
        const badJson = Buffer.concat([Buffer.from("[{\"name\":\"Acme "), Buffer.from([0xc3, 0x28]), Buffer.from("\"}]")])
        const jsonReply = yield* postRaw(batch, key, badJson, "application/json")
        assert.strictEqual(jsonReply.status, 400, jsonReply.text)
        assert.include((jsonReply.body as { message: string }).message, "name is not valid UTF-8")
      }))

    it.effect("a batch row says what GET /v1/verify says for the same mistake (issue 26 item 5), JSON and CSV", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const key = bearer(yield* server.newKey({ plan: "unlimited" }))
        const single = yield* promise(() => call(`${server.url}/v1/verify?name=Acme&country=Nigeria`, { headers: key }))
        assert.strictEqual(single.status, 400)
        const expected = (single.body as { message: string }).message
        assert.strictEqual(expected, "country: must be a two-letter ISO-3166 country code")
        const submit = (body: string, contentType: string) =>
          promise(() => call(`${server.url}/v1/verify/batch`, { method: "POST", headers: { ...key, "content-type": contentType }, body }))
        const json = yield* submit(JSON.stringify([{ name: "Acme", country: "Nigeria" }, { name: "Acme", nickname: "x" }, "Acme", { country: "NG" }]), "application/json")
        const csv = yield* submit("name,country\nAcme,Nigeria\n", "text/csv")
        assert.strictEqual(json.status, 202, json.text)
        assert.strictEqual(csv.status, 202, csv.text)
        const done = (id: string) =>
          promise(() => call(`${server.url}/v1/jobs/${id}`, { headers: key })).pipe(
            Effect.filterOrFail((r) => (r.body as { status: string }).status === "done"),
            Effect.retry(Schedule.spaced("200 millis").pipe(Schedule.upTo({ duration: "60 seconds" }))),
            Effect.orDie,
            Effect.map((r) => (r.body as { results: ReadonlyArray<{ error: { message: string } | null }> }).results.map((x) => x.error?.message ?? null))
          )
        assert.deepStrictEqual(yield* done((json.body as { id: string }).id), [
          expected,
          "nickname: is not a field of this request",
          "each row must be an object like the body of POST /v1/verify",
          "one of name or registration_no is required"
        ])
        assert.deepStrictEqual(yield* done((csv.body as { id: string }).id), [expected])
      }))
  })
})
