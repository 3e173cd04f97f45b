import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { ingestGleifRelationships, RELATIONSHIP_SOURCE } from "../../../src/companies/ingest/gleif/GleifRelationshipIngest.js"
import { IngestReporter } from "../../../src/companies/ingest/IngestReporter.js"
import { GLEIF_SOURCE } from "../../../src/registries/gleif/GleifSource.js"
import { ingestSanctions } from "../../../src/sanctions/lists/ingest.js"
import { listsDir } from "../../sanctions/paths.js"
import { bearer, call } from "../../support/http.js"
import { listsIndexed } from "../../support/listsIndexed.js"
import { TestServer } from "../../support/server.js"
import { fakeGleifServer } from "./support.js"

interface OwnerBody {
  name: string; kind: string; nationality: string | null; lei: string | null; relationship: string | null; source: string
  sources: ReadonlyArray<{ source: string; last_verified_at: string; fields: ReadonlyArray<string> }>
}

const CHILD = "SYNTHGH0000000000201"
const PARENT = "SYNTHMU0000000000302"
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gleif-owner-sources-"))

/** SYNTHETIC: the fake GLEIF's parent of the Volta record as a level-1 golden-copy record (invented LEI and number). */
const level1 = path.join(dir, "lei2-golden-copy.json")
fs.writeFileSync(level1, JSON.stringify({
  _fixture: "SYNTHETIC: the invented parent of test/fixtures/gleif/records.json, in GLEIF's JSON golden-copy shape",
  records: [{
    LEI: { $: PARENT },
    Entity: {
      LegalName: { "@xml:lang": "en", $: "IRAN INSURANCE COMPANY" },
      LegalAddress: { FirstAddressLine: { $: "1 Synthetic Road" }, City: { $: "Synthetic City" }, Country: { $: "MU" } },
      RegistrationAuthority: { RegistrationAuthorityID: { $: "RA990003" }, RegistrationAuthorityEntityID: { $: "C654321" } },
      LegalJurisdiction: { $: "MU" },
      EntityStatus: { $: "ACTIVE" }
    },
    Registration: {
      InitialRegistrationDate: { $: "2019-05-02T09:12:44Z" }, LastUpdateDate: { $: "2026-04-30T11:05:10Z" },
      RegistrationStatus: { $: "ISSUED" }, ValidationSources: { $: "FULLY_CORROBORATED" }
    }
  }]
}))

/** SYNTHETIC: a level-2 relationship file (RR-CDF columns read) naming that parent as the direct one only. */
const relationships = path.join(dir, "rr.csv")
fs.writeFileSync(relationships, [
  ["Relationship.StartNode.NodeID", "Relationship.StartNode.NodeIDType", "Relationship.EndNode.NodeID", "Relationship.EndNode.NodeIDType",
    "Relationship.RelationshipType", "Relationship.RelationshipStatus", "Registration.InitialRegistrationDate", "Registration.LastUpdateDate",
    "Registration.RegistrationStatus", "Registration.ValidationSources", "Fixture"],
  [CHILD, "LEI", PARENT, "LEI", "IS_DIRECTLY_CONSOLIDATED_BY", "ACTIVE", "2020-01-10T00:00:00Z", "2026-05-01T08:00:00Z", "PUBLISHED", "FULLY_CORROBORATED", "SYNTHETIC"]
].map((row) => row.map((c) => `"${c}"`).join(",")).join("\n") + "\n")

const { gleif, server: ServerLive } = fakeGleifServer({ SANCTIONS_POLL_INTERVAL: "200 millis" })

/** The last review's item 3: one GLEIF parent reported by the live API and by a level-2 file is one owner of the record. */
describe("an owner two sources report is listed once, each source credited with what it gives", () => {
  layer(ServerLive, { timeout: "120 seconds", excludeTestServices: true })((it) => {
    it.effect("the live API's parent (direct and ultimate) and the file's (direct): one owner, both sources; the relationship credited to the live API alone", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const headers = bearer(yield* server.newKey({ plan: "unlimited" }))
        const owners = Effect.promise(() => call(`${server.url}/v1/company/GH/CS123452019`, { headers })).pipe(Effect.map((reply) => {
          assert.strictEqual(reply.status, 200, reply.text)
          return (reply.body as { owners: ReadonlyArray<OwnerBody> }).owners
        }))

        // the record fetched from the live API on a miss: its parent, from that source only
        const live = yield* owners
        assert.deepStrictEqual(live.map((o) => [o.lei, o.relationship, o.source, o.sources.map((s) => s.source)]), [[PARENT, "direct_and_ultimate", GLEIF_SOURCE, [GLEIF_SOURCE]]])
        assert.deepStrictEqual(live[0]!.sources[0]!.fields, ["name", "kind", "nationality", "lei", "relationship"])
        assert.isTrue(gleif().requests().every((u) => u.hostname === "127.0.0.1"))

        const loaded = yield* ingestGleifRelationships(relationships, { batchSize: 10, entities: level1 })
        assert.deepStrictEqual([loaded.rows, loaded.matched, loaded.rejected], [1, 1, 0], JSON.stringify(loaded.rejections))

        // both sources hold it now: one owner, the newer source's values, each source credited with the values it holds
        const merged = yield* owners
        assert.strictEqual(merged.length, 1, JSON.stringify(merged))
        const [owner] = merged
        assert.deepInclude(owner, { name: "IRAN INSURANCE COMPANY", kind: "entity", nationality: "MU", lei: PARENT, relationship: "direct_and_ultimate", source: GLEIF_SOURCE })
        assert.deepStrictEqual(owner!.sources.map((s) => [s.source, s.fields]), [
          [GLEIF_SOURCE, ["name", "kind", "nationality", "lei", "relationship"]],
          [RELATIONSHIP_SOURCE, ["name", "kind", "nationality", "lei"]]
        ])
        assert.strictEqual(owner!.sources[1]!.last_verified_at, "2026-05-01T08:00:00.000Z")

        // and one person to screen: a verification of the business screens the parent once
        yield* ingestSanctions([path.join(listsDir, "ofac-sdn")], { publishedOn: "2026-11-20" }).pipe(Effect.orDie)
        yield* listsIndexed(server.url, [{ list: "ofac_sdn", version: "2026-11-20" }], "180 seconds")
        const verdict = yield* Effect.promise(() => call(`${server.url}/v1/verify?country=GH&registration_no=CS123452019`, { headers })).pipe(
          Effect.map((reply) => reply.body as { sanctions: { screened: boolean }; people_screened: ReadonlyArray<{ name: string; role: string }> })
        )
        assert.isTrue(verdict.sanctions.screened)
        assert.deepStrictEqual(verdict.people_screened.map((p) => [p.name, p.role]), [["IRAN INSURANCE COMPANY", "owner"]])
      }).pipe(Effect.provide(IngestReporter.silent)), 240_000)
  })
})
