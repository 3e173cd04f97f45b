import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { ingestCacPscFile } from "../../src/companies/ingest/PscIngest.js"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { screenerReady } from "../mcp/fixtures.js"
import { dataDir, fixturesDir } from "../sanctions/paths.js"
import { bearer, call } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"

/**
 * A third party's copy of the CAC PSC register as a user meets it over HTTP (issue 53 items 6 and 7): owners without a
 * direct share have share_pct null; the record says whose copy it is and as of when; the register's own spelling of an
 * owner is served beside the copy's reading, and both are screened.
 */

type Body = Record<string, unknown>
const publisher = { name: "A Harvester (test)", url: "https://example.org/cac-copy" }

/** A synthetic copy (marked so in its data): an owner the copy reads as a clean name, the register spells as a listed one. */
const syntheticCopy = {
  meta: { register: "CAC PSC (synthetic test copy)", harvested: "2026-08-12", note: "synthetic: made for a test, not a fact" },
  index: {
    X: {
      company: "SYNTHETIC KANO TEST TRADERS LIMITED", rc: "9900002", status: "ACTIVE",
      pscs: [{ owner_name: "Atlas Test Holdings Limited", owner_name_raw: "AL-SHAMAL ISLAMIC BANK", owner_kind: "entity", share_pct_direct: 60 }]
    }
  }
}

describe("a third party's copy of the CAC PSC register, over HTTP", () => {
  layer(makeTestServer({ SANCTIONS_POLL_INTERVAL: "200 millis" }), { timeout: "300 seconds", excludeTestServices: true })((it) => {
    it.effect("the record: share_pct null without a direct share, the copy's publisher and date, the register's spelling", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const headers = bearer(yield* server.newKey({ plan: "unlimited" }))
        yield* ingestCacPscFile(path.join(dataDir, "companies", "ng_cac_psc.json"), publisher).pipe(Effect.orDie)
        const reply = yield* Effect.promise(() => call(`${server.url}/v1/company/NG/RC771`, { headers }))
        assert.strictEqual(reply.status, 200, reply.text)
        const record = reply.body as Body & { owners: ReadonlyArray<Body>; registry_evidence: Body }
        assert.deepStrictEqual(record.owners.map((o) => [o["name"], o["name_as_registered"], o["share_pct"]]), [
          ["Atalanta Limited", "LIMITED ATALANTAF", null],
          ["Guinness Overseas Limited", "OVERSEAS LIMITED GUINNNESS", null]
        ])
        for (const source of [record["source"], record.registry_evidence["source"], record.owners[0]!["source"]]) {
          assert.strictEqual(
            source,
            "Corporate Affairs Commission (NG-CAC), Persons with Significant Control register: copy of its public search harvested " +
              "on 2026-08-12 and published by A Harvester (test) (not the registry's own publication)"
          )
        }
        assert.strictEqual(record["source_url"], publisher.url)
        assert.strictEqual(record.registry_evidence["checked_at"], "2026-08-12T00:00:00.000Z")
        const zenith = (yield* Effect.promise(() => call(`${server.url}/v1/company/NG/RC150224`, { headers }))).body as { owners: ReadonlyArray<Body> }
        assert.deepStrictEqual(zenith.owners.map((o) => o["share_pct"]), [19.3])
      }))

    it.effect("both spellings are screened: a register spelling on a list is a hit on the owner", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const secret = yield* server.newKey({ plan: "unlimited" })
        yield* ingestSanctions([path.join(fixturesDir, "ofac-sdn")], { publishedOn: "2024-05-03" }).pipe(Effect.orDie)
        yield* screenerReady(server.url, secret)
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "psc-copy-"))
        const file = path.join(dir, "copy.json")
        fs.writeFileSync(file, JSON.stringify(syntheticCopy))
        yield* ingestCacPscFile(file).pipe(Effect.orDie, Effect.ensuring(Effect.sync(() => fs.rmSync(dir, { recursive: true }))))
        const reply = yield* Effect.promise(() => call(`${server.url}/v1/verify?registration_no=RC9900002&country=NG`, { headers: bearer(secret) }))
        assert.strictEqual(reply.status, 200, reply.text)
        const verdict = reply.body as Body & { sanctions: { hits: ReadonlyArray<Body> }; people_screened: ReadonlyArray<Body>; signals: Body }
        const owner = verdict.sanctions.hits.find((h) => h["screened_from"] === "owner")
        assert.isDefined(owner, reply.text)
        assert.strictEqual(owner!["screened_name"], "AL-SHAMAL ISLAMIC BANK")
        assert.strictEqual(owner!["entry_id"], "7157")
        assert.strictEqual(verdict.signals["officers_screened"], 1, "one owner, screened under both names")
        assert.deepStrictEqual(verdict.people_screened.map((p) => [p["name"], p["role"], p["result"]]), [["Atlas Test Holdings Limited", "owner", "match"]])
        assert.include(String((reply.body as { company: Body }).company["source"]), "by a third party the file does not name")
      }))
  })
})
