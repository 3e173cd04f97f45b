import { assert, layer } from "@effect/vitest"
import { Effect, Option } from "effect"
import { afterAll, beforeAll } from "vitest"
import { type FakeRegistry, startFakeRegistry } from "../../../scripts/fake-registry/index.js"
import { bwCipaSource, makeBwCipa, nodeIdBefore } from "../../../src/registries/adapters/bwCipa.js"
import { adapterContext, fixtureRecords, httpClientLayer } from "../support.js"

let fake: FakeRegistry
beforeAll(async () => {
  fake = await startFakeRegistry({ registry: "bw-cipa", records: fixtureRecords("bw-cipa") })
})
afterAll(() => fake.close())

const adapter = Effect.suspend(() => adapterContext(fake.url)).pipe(Effect.map(makeBwCipa))

layer(httpClientLayer, { excludeTestServices: true })("bw-cipa adapter against the fake Catalyst register search", (it) => {
  it.effect("opens a session (cookie, redirect), sets the term, clicks Search and reads the result cards", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      fake.resetStats()
      const [kgalagadi, ...rest] = yield* Effect.flatMap(adapter, (cipa) => cipa.searchByName("kgalagadi"))
      assert.strictEqual(rest.length, 0)
      assert.strictEqual(kgalagadi?.registration_no, "BW00001234501")
      assert.strictEqual(kgalagadi?.legal_name, "KGALAGADI TRADING (PROPRIETARY) LIMITED")
      assert.strictEqual(kgalagadi?.country, "BW")
      assert.strictEqual(kgalagadi?.status, "active")
      assert.strictEqual(kgalagadi?.entity_type, "private_company")
      assert.strictEqual(kgalagadi?.incorporation_date, "2010-07-21")
      assert.strictEqual(kgalagadi?.registered_address, "Plot 50361, Fairgrounds, Gaborone")
      assert.strictEqual(kgalagadi?.source, bwCipaSource)
      assert.strictEqual(kgalagadi?.source_kind, "live")

      const [start, view, set, click] = fake.stats().seen
      assert.deepStrictEqual([start?.method, start?.path], ["GET", "/master/ui/start/CIPARegisterSearch"])
      assert.strictEqual(view?.method, "GET")
      assert.match(String(view?.headers["cookie"]), /^x-catalyst-registry-session=[0-9a-f]{32}$/)
      assert.strictEqual(set?.headers["x-requested-with"], "XMLHttpRequest")
      const setBody = set?.body as { returnRootHtmlOnChange: boolean; returnChangesOnly: boolean; commands: Array<{ type: string; value: string }> }
      assert.isFalse(setBody.returnRootHtmlOnChange)
      assert.isTrue(setBody.returnChangesOnly)
      assert.deepStrictEqual([setBody.commands[0]?.type, setBody.commands[0]?.value], ["view-node-set-attribute-value", "kgalagadi"])
      assert.strictEqual((click?.body as { commands: Array<{ type: string }> }).commands[0]?.type, "view-node-button-click")
      assert.strictEqual(click?.headers["cookie"], view?.headers["cookie"])
    }))

  it.effect("a new session per search: node ids differ, and each is read from its own page", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      const cipa = yield* adapter
      fake.resetStats()
      yield* cipa.searchByName("chobe")
      yield* cipa.searchByName("chobe")
      const clicks = fake.stats().seen.filter((seen) => seen.method === "POST" && JSON.stringify(seen.body).includes("button-click"))
      const ids = clicks.map((seen) => (seen.body as { commands: Array<{ id: string }> }).commands[0]?.id)
      assert.strictEqual(ids.length, 2)
      assert.notStrictEqual(ids[0], ids[1])
    }))

  it.effect("fetches by UIN with an exact match; removed maps to dissolved, an unknown UIN is none", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      const cipa = yield* adapter
      const chobe = Option.getOrThrow(yield* cipa.fetchByNumber("bw 0000 1234 503"))
      assert.strictEqual(chobe.legal_name, "CHOBE RIVER HAULAGE (PROPRIETARY) LIMITED")
      assert.strictEqual(chobe.status, "dissolved")
      assert.isTrue(Option.isNone(yield* cipa.fetchByNumber("BW00009999991")))
    }))

  it.effect("no card in the answer is no match, not a phantom row", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      assert.deepStrictEqual(yield* Effect.flatMap(adapter, (cipa) => cipa.searchByName("francistown bakery")), [])
    }))

  it.effect("a page without the search nodes, garbage, a drifted answer: typed decode failures; 403 and 5xx: http_status", () =>
    Effect.gen(function*() {
      const cipa = yield* adapter
      for (const fault of ["garbage", "drift"] as const) {
        fake.setFault(fault)
        const error = yield* Effect.flip(cipa.searchByName("kgalagadi"))
        assert.strictEqual(error.registry, "bw-cipa")
        assert.strictEqual(error.reason, "decode", fault)
      }
      for (const fault of ["forbidden", "error"] as const) {
        fake.setFault(fault)
        const error = yield* Effect.flip(cipa.searchByName("kgalagadi"))
        assert.strictEqual(error.reason, "http_status", fault)
      }
      fake.setFault("none")
    }))

  it("finds the node id just before a marker, and none without the marker", () => {
    const page = '{"id":"0a1b2c3d4e5f6071","nodetype":"input","attribute":"NameOrNumber"},{"id":"ffee00112233","text":{"label":"Search"}}'
    assert.strictEqual(nodeIdBefore(page, '"attribute":"NameOrNumber"'), "0a1b2c3d4e5f6071")
    assert.strictEqual(nodeIdBefore(page, '"text":{"label":"Search"}'), "ffee00112233")
    assert.isNull(nodeIdBefore(page, '"attribute":"Missing"'))
  })
})
