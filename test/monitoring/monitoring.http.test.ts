import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import * as fs from "node:fs"
import { createServer, type IncomingMessage } from "node:http"
import * as os from "node:os"
import * as path from "node:path"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { verifyDelivery } from "../../src/webhooks/signature.js"
import { fixturesDir } from "../sanctions/paths.js"
import { bearer, call, isErrorBody } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
type Body = Record<string, unknown>
interface EventBody { id: string; type: string; data: { monitor_id: string; entry_id?: string; check_id: string | null } }

/** A receiver on 127.0.0.1 that refuses the first `failures` deliveries with 500, then takes them, keeping each body. */
const startReceiver = (failures: number) =>
  promise(() => new Promise<{ url: string; received: Array<{ headers: IncomingMessage["headers"]; body: string }>; attempts: () => number; close: () => void }>((resolve) => {
    const received: Array<{ headers: IncomingMessage["headers"]; body: string }> = []
    let attempts = 0
    const server = createServer((request, response) => {
      let body = ""
      request.on("data", (chunk: Buffer) => (body += chunk.toString()))
      request.on("end", () => {
        attempts++
        if (attempts <= failures) {
          response.writeHead(500).end("not yet")
          return
        }
        received.push({ headers: request.headers, body })
        response.writeHead(204).end()
      })
    }).listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      resolve({ url: `http://127.0.0.1:${port}/hooks/kyb`, received, attempts: () => attempts, close: () => server.close() })
    })
  }))

/** The SDN fixture with one more entity, inserted before the file's end marker. */
const sdnWithNewEntry = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kyb-sdn-plus-"))
  for (const file of fs.readdirSync(path.join(fixturesDir, "ofac-sdn"))) {
    const text = fs.readFileSync(path.join(fixturesDir, "ofac-sdn", file), "latin1")
    const extra = "99001,\"NEW HORIZON MARITIME TRADING FZE\",-0- ,\"IRAN\",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n"
    fs.writeFileSync(path.join(dir, file), file === "sdn.csv" ? text.replace("\u001a", `${extra}\u001a`) : text, "latin1")
  }
  return dir
}

const post = (url: string, headers: Record<string, string>, body: unknown) =>
  promise(() => call(url, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) }))

describe("monitoring and signed webhooks (issue 17)", () => {
  layer(makeTestServer({
    SANCTIONS_POLL_INTERVAL: "200 millis",
    KYB_MONITOR_POLL: "200 millis",
    KYB_WEBHOOK_POLL: "200 millis",
    KYB_WEBHOOK_RETRY_BASE_SECONDS: "0.3",
    KYB_WEBHOOK_ALLOW_PRIVATE: "true"
  }), { timeout: "180 seconds", excludeTestServices: true })((it) => {
    it.effect("a new listing raises one event for the monitor it concerns, none for the others; the webhook gets it once, signed, after failures", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const key = bearer(yield* server.newKey({ plan: "unlimited" }))
        yield* ingestSanctions([path.join(fixturesDir, "ofac-sdn")], { publishedOn: "2024-05-03" }).pipe(Effect.orDie)
        // the first version is in the index before the monitors are made
        yield* promise(() => call(`${server.url}/v1/verify?name=Banco%20Nacional%20de%20Cuba`, { headers: key })).pipe(
          Effect.filterOrFail((r) => JSON.stringify(r.body).includes("2024-05-03")),
          Effect.retry(Schedule.spaced("200 millis").pipe(Schedule.upTo({ duration: "30 seconds" }))),
          Effect.orDie
        )
        const receiver = yield* startReceiver(2)
        const hook = yield* post(`${server.url}/v1/webhooks`, key, { url: receiver.url, events: ["sanctions.hit_added", "sanctions.hit_removed"] })
        assert.strictEqual(hook.status, 201, hook.text)
        const { id: webhookId, secret } = hook.body as { id: string; secret: string }
        assert.match(secret, /^whsec_/)
        const stored = yield* Effect.flatMap(SqlClient.SqlClient, (sql) => sql`SELECT * FROM webhooks`)
        assert.notInclude(JSON.stringify(stored), secret.slice(6), "the signing secret is not stored")

        const monitors: Record<string, string> = {}
        for (const name of ["New Horizon Maritime Trading", "Banco Nacional de Cuba", "Acme Trading Limited"]) {
          const created = yield* post(`${server.url}/v1/monitors`, key, { name })
          assert.strictEqual(created.status, 201, created.text)
          monitors[name] = (created.body as { id: string }).id
        }
        assert.strictEqual(((yield* promise(() => call(`${server.url}/v1/monitors/${monitors["Banco Nacional de Cuba"]}`, { headers: key }))).body as { hits: number }).hits, 1)

        const dir = sdnWithNewEntry()
        yield* ingestSanctions([dir], { publishedOn: "2024-06-01" }).pipe(Effect.orDie, Effect.ensuring(Effect.sync(() => fs.rmSync(dir, { recursive: true, force: true }))))
        const events = yield* promise(() => call(`${server.url}/v1/events`, { headers: key })).pipe(
          Effect.map((r) => (r.body as { events: ReadonlyArray<EventBody> }).events),
          Effect.filterOrFail((all) => all.length > 0),
          Effect.retry(Schedule.spaced("200 millis").pipe(Schedule.upTo({ duration: "60 seconds" }))),
          Effect.orDie
        )
        yield* Effect.sleep("1500 millis") // any further event would have come by now
        const all = ((yield* promise(() => call(`${server.url}/v1/events`, { headers: key }))).body as { events: ReadonlyArray<EventBody> }).events
        assert.lengthOf(all, 1, JSON.stringify(all))
        const [event] = events
        assert.strictEqual(event!.type, "sanctions.hit_added")
        assert.strictEqual(event!.data.monitor_id, monitors["New Horizon Maritime Trading"])
        assert.strictEqual(event!.data.entry_id, "99001")
        const check = yield* promise(() => call(`${server.url}/v1/checks/${event!.data.check_id}`, { headers: key }))
        assert.include(JSON.stringify(check.body), "99001", "the check shows the hit")

        const delivered = yield* Effect.sync(() => receiver.received).pipe(
          Effect.filterOrFail((r) => r.length > 0),
          Effect.retry(Schedule.spaced("200 millis").pipe(Schedule.upTo({ duration: "60 seconds" }))),
          Effect.orDie
        )
        yield* Effect.sleep("1 second")
        assert.lengthOf(receiver.received, 1, "delivered once")
        assert.strictEqual(receiver.attempts(), 3, "two failures, then the delivery")
        const { body, headers } = delivered[0]!
        assert.strictEqual(headers["kyb-event-id"], event!.id)
        assert.isTrue(verifyDelivery(secret, String(headers["kyb-signature"]), body, Math.floor(Date.now() / 1000)))
        assert.isFalse(verifyDelivery(secret, String(headers["kyb-signature"]), body.replace("99001", "99002"), Math.floor(Date.now() / 1000)))
        assert.deepInclude(JSON.parse(body) as Body, { id: event!.id, type: "sanctions.hit_added" })
        const log = (yield* promise(() => call(`${server.url}/v1/webhooks/${webhookId}/deliveries`, { headers: key }))).body as {
          deliveries: ReadonlyArray<{ state: string; attempts: ReadonlyArray<{ status_code: number | null }> }>
        }
        assert.strictEqual(log.deliveries[0]!.state, "delivered")
        assert.deepStrictEqual(log.deliveries[0]!.attempts.map((a) => a.status_code), [500, 500, 204])
        const stranger = bearer(yield* server.newKey({ plan: "unlimited" }))
        assert.strictEqual((yield* promise(() => call(`${server.url}/v1/monitors/${monitors["Acme Trading Limited"]}`, { headers: stranger }))).status, 404)
        assert.deepStrictEqual(((yield* promise(() => call(`${server.url}/v1/events`, { headers: stranger }))).body as { events: ReadonlyArray<unknown> }).events, [])
        receiver.close()
      }))
  })
})

describe("a watched company's registry status", () => {
  layer(makeTestServer({ KYB_MONITOR_POLL: "200 millis" }), { timeout: "120 seconds", excludeTestServices: true })((it) => {
    it.effect("a status change recorded by a writer is one company.status_changed event for the monitors of that company only", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const writer = yield* CompanyWriter
        const key = bearer(yield* server.newKey({ plan: "unlimited" }))
        const company = (registration_no: string, legal_name: string, status: "active" | "dissolved", at: string) => ({
          country: "NG", registration_no, legal_name, status, source: "Corporate Affairs Commission (NG-CAC)",
          source_kind: "registry" as const, last_verified_at: at
        })
        yield* writer.upsertBatch([company("RC 208767", "Dangote Cement PLC", "active", "2026-11-01T00:00:00Z"), company("RC 1", "Other Co Ltd", "active", "2026-11-01T00:00:00Z")]).pipe(Effect.orDie)
        const watched = yield* post(`${server.url}/v1/monitors`, key, { country: "ng", registration_no: "rc-208767" })
        assert.strictEqual(watched.status, 201, watched.text)
        const monitorId = (watched.body as { id: string; screened_name: string }).id
        assert.strictEqual((watched.body as { screened_name: string }).screened_name, "Dangote Cement PLC")
        yield* Effect.sleep("500 millis")
        yield* writer.upsertBatch([company("RC 208767", "Dangote Cement PLC", "dissolved", "2026-11-20T00:00:00Z"), company("RC 1", "Other Co Ltd", "dissolved", "2026-11-20T00:00:00Z")]).pipe(Effect.orDie)
        const events = yield* promise(() => call(`${server.url}/v1/events`, { headers: key })).pipe(
          Effect.map((r) => (r.body as { events: ReadonlyArray<{ type: string; data: Body }> }).events),
          Effect.filterOrFail((all) => all.length > 0),
          Effect.retry(Schedule.spaced("200 millis").pipe(Schedule.upTo({ duration: "30 seconds" }))),
          Effect.orDie
        )
        yield* Effect.sleep("600 millis")
        const all = ((yield* promise(() => call(`${server.url}/v1/events`, { headers: key }))).body as { events: ReadonlyArray<{ type: string; data: Body }> }).events
        assert.lengthOf(all, 1)
        assert.strictEqual(events[0]!.type, "company.status_changed")
        assert.deepInclude(events[0]!.data, { monitor_id: monitorId, from: "active", to: "dissolved" })
        const check = yield* promise(() => call(`${server.url}/v1/checks/${events[0]!.data["check_id"]}`, { headers: key }))
        assert.strictEqual(((check.body as { verdict: { company: { status: string } } }).verdict.company.status), "dissolved")
      }))
  })
})

describe("webhook endpoints without KYB_WEBHOOK_ALLOW_PRIVATE", () => {
  layer(makeTestServer(), { timeout: "60 seconds", excludeTestServices: true })((it) => {
    it.effect("loopback and private addresses, names that resolve to them, and other schemes are refused with 400", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const key = bearer(yield* server.newKey({ plan: "unlimited" }))
        for (const url of ["http://127.0.0.1:8080/x", "http://localhost/x", "https://10.1.2.3/x", "http://[::1]/x", "http://169.254.169.254/latest", "ftp://example.com/x", "not a url", "https://user:pw@example.com/"]) {
          const reply = yield* post(`${server.url}/v1/webhooks`, key, { url, events: ["sanctions.hit_added"] })
          assert.strictEqual(reply.status, 400, url)
          assert.isTrue(isErrorBody(reply.body, "invalid_request"), reply.text)
        }
      }))
  })
})
