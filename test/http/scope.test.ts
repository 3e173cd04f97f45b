import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { call, isErrorBody } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"

const uuid = "0f8b2c7e-9d41-4a57-b1d3-2c4e6f8a9b10"

/** Every /v1 operation that changes something, with a body it would accept. */
const writes: ReadonlyArray<{ readonly method: string; readonly path: string; readonly body?: unknown }> = [
  { method: "POST", path: "/v1/decisions", body: { name: "Banco Nacional de Cuba", list: "ofac_sdn", entry_id: "306", decision: "false_positive" } },
  { method: "POST", path: "/v1/monitors", body: { name: "New Horizon Maritime Trading" } },
  { method: "DELETE", path: `/v1/monitors/${uuid}` },
  // A loopback URL: the read_write key is then refused by the address rule (400), never resolved.
  { method: "POST", path: "/v1/webhooks", body: { url: "http://127.0.0.1:9/hook", events: ["sanctions.hit_added"] } },
  { method: "DELETE", path: `/v1/webhooks/${uuid}` },
  { method: "POST", path: "/v1/verify/batch", body: [{ name: "Dangote Cement PLC", country: "NG" }] },
  { method: "POST", path: "/v1/cases/bulk", body: { case_ids: ["case_3f5a7c9e1b3d4f5a6b7c"], action: "close", outcome: "cleared", text: "namesake" } }
]

interface Operation { security?: ReadonlyArray<unknown>; responses: Record<string, unknown> }

describe("key scopes on /v1 (issue 32)", () => {
  layer(makeTestServer(), { timeout: "120 seconds", excludeTestServices: true })((it) => {
    it.effect("a read-only key reads and verifies, and every operation that changes something answers 403 insufficient_scope", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const reader = { authorization: `Bearer ${yield* server.newKey({ plan: "unlimited", scope: "read" })}` }
        const writer = { authorization: `Bearer ${yield* server.newKey({ plan: "unlimited" })}` }
        const send = (headers: Record<string, string>, w: typeof writes[number]) =>
          Effect.promise(() =>
            call(`${server.url}${w.path}`, {
              method: w.method,
              headers: { ...headers, ...(w.body === undefined ? {} : { "content-type": "application/json" }) },
              ...(w.body === undefined ? {} : { body: JSON.stringify(w.body) })
            })
          )
        for (const w of writes) {
          const refused = yield* send(reader, w)
          assert.strictEqual(refused.status, 403, `${w.method} ${w.path}: ${refused.text}`)
          assert.isTrue(isErrorBody(refused.body, "insufficient_scope"), refused.text)
          assert.notStrictEqual((yield* send(writer, w)).status, 403, `${w.method} ${w.path} with a read_write key`)
        }
        for (const route of ["/v1/decisions", "/v1/monitors", "/v1/webhooks", "/v1/checks", "/v1/verify?name=Dangote"]) {
          assert.strictEqual((yield* Effect.promise(() => call(`${server.url}${route}`, { headers: reader }))).status, 200, route)
        }
        const verified = yield* Effect.promise(() =>
          call(`${server.url}/v1/verify`, { method: "POST", headers: { ...reader, "content-type": "application/json" }, body: JSON.stringify({ name: "Dangote" }) })
        )
        assert.strictEqual(verified.status, 200, "verifying is reading: a read-only key may")
        const monitors = (yield* Effect.promise(() => call(`${server.url}/v1/monitors`, { headers: reader }))).body as { monitors: ReadonlyArray<unknown> }
        assert.deepStrictEqual(monitors.monitors, [], "nothing was created by the refused requests")
      }))

    it.effect("the OpenAPI document says 403 insufficient_scope on exactly the operations that change something, and the audit log (scope audit)", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const doc = (yield* Effect.promise(() => call(`${server.url}/v1/openapi.json`))).body as { paths: Record<string, Record<string, Operation>> }
        const documented: Array<string> = []
        for (const [path, item] of Object.entries(doc.paths)) {
          for (const [method, operation] of Object.entries(item)) if ("403" in operation.responses) documented.push(`${method.toUpperCase()} ${path}`)
        }
        assert.deepStrictEqual(documented.sort(), [
          "DELETE /v1/monitors/{id}", "DELETE /v1/webhooks/{id}", "GET /v1/audit", "POST /v1/cases/bulk", "POST /v1/cases/{id}/assign", "POST /v1/cases/{id}/close",
          "POST /v1/cases/{id}/comments", "POST /v1/cases/{id}/decisions", "POST /v1/cases/{id}/escalate", "POST /v1/decisions",
          "POST /v1/decisions/{id}/withdraw", "POST /v1/monitors", "POST /v1/screen/batch", "POST /v1/verify/batch", "POST /v1/webhooks"
        ])
      }))
  })
})
