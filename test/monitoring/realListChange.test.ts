import { assert, describe, layer } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import * as path from "node:path"
import { parseListPaths } from "../../src/sanctions/buildIndex.js"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { entryHash } from "../../src/sanctions/matching/screen.js"
import type { SanctionsEntry } from "../../src/sanctions/model.js"
import { listsDir } from "../sanctions/paths.js"
import { bearer, call } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
interface EventBody { type: string; data: { monitor_id: string; entry_id?: string } }

/** Entities with a name of three words or more (a monitored company name, not an acronym), in entry id order. */
const companies = (entries: ReadonlyArray<SanctionsEntry>) =>
  entries.filter((e) => e.entity_type === "entity" && e.name.split(/\s+/).length >= 3).sort((a, b) => Number(a.entry_id) - Number(b.entry_id))

describe("a real list change: OFAC SDN 2021-07 -> the current SDN (issue 17 item 6)", () => {
  layer(makeTestServer({ SANCTIONS_POLL_INTERVAL: "300 millis", KYB_MONITOR_POLL: "300 millis" }), { timeout: "600 seconds", excludeTestServices: true })((it) => {
    it.effect("monitored names listed between the versions each get their hit_added event; unchanged and never-listed names get none", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const key = bearer(yield* server.newKey({ plan: "unlimited" }))
        const [older] = yield* parseListPaths([path.join(listsDir, "ofac-sdn-2021-07")]).pipe(Effect.orDie)
        const [newer] = yield* parseListPaths([path.join(listsDir, "ofac-sdn")]).pipe(Effect.orDie)
        const before = new Map(older!.entries.map((e) => [e.entry_id, entryHash(e)]))
        const added = companies(newer!.entries).filter((e) => !before.has(e.entry_id)).slice(0, 3)
        const unchanged = companies(newer!.entries).filter((e) => before.get(e.entry_id) === entryHash(e)).slice(0, 2)
        assert.lengthOf(added, 3)
        assert.lengthOf(unchanged, 2)

        yield* ingestSanctions([path.join(listsDir, "ofac-sdn-2021-07")], { publishedOn: "2021-07-01" }).pipe(Effect.orDie)
        yield* promise(() => call(`${server.url}/v1/verify?name=${encodeURIComponent(unchanged[0]!.name)}`, { headers: key })).pipe(
          Effect.filterOrFail((r) => JSON.stringify(r.body).includes("2021-07-01")),
          Effect.retry(Schedule.spaced("300 millis").pipe(Schedule.upTo({ duration: "120 seconds" }))),
          Effect.orDie
        )
        const monitorOf = new Map<string, string>()
        for (const name of [...added.map((e) => e.name), ...unchanged.map((e) => e.name), "Dangote Cement PLC", "Safaricom PLC"]) {
          const created = yield* promise(() => call(`${server.url}/v1/monitors`, { method: "POST", headers: { ...key, "content-type": "application/json" }, body: JSON.stringify({ name }) }))
          assert.strictEqual(created.status, 201, created.text)
          monitorOf.set(name, (created.body as { id: string }).id)
        }

        yield* ingestSanctions([path.join(listsDir, "ofac-sdn")], { publishedOn: "2024-05-03" }).pipe(Effect.orDie)
        const events = yield* promise(() => call(`${server.url}/v1/events?limit=100`, { headers: key })).pipe(
          Effect.map((r) => (r.body as { events: ReadonlyArray<EventBody> }).events),
          Effect.filterOrFail((all) => added.every((e) => all.some((ev) => ev.data.monitor_id === monitorOf.get(e.name) && ev.data.entry_id === e.entry_id))),
          Effect.retry(Schedule.spaced("500 millis").pipe(Schedule.upTo({ duration: "240 seconds" }))),
          Effect.orDie
        )
        for (const e of added) {
          const own = events.filter((ev) => ev.data.monitor_id === monitorOf.get(e.name))
          assert.isTrue(own.some((ev) => ev.type === "sanctions.hit_added" && ev.data.entry_id === e.entry_id), e.name)
        }
        for (const name of [...unchanged.map((e) => e.name), "Dangote Cement PLC", "Safaricom PLC"]) {
          assert.deepStrictEqual(events.filter((ev) => ev.data.monitor_id === monitorOf.get(name)), [], name)
        }
        console.info(`real SDN change: monitors ${monitorOf.size}, events ${events.length}; added names: ${added.map((e) => e.name).join("; ")}`)
      }))
  })
})
