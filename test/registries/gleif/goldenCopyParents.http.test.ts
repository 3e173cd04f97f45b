import { assert, describe, layer } from "@effect/vitest"
import { ConfigProvider, Effect } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { ingestGleifGoldenCopy } from "../../../src/companies/ingest/gleif/GleifIngest.js"
import { ingestGleifRelationships, RELATIONSHIP_SOURCE } from "../../../src/companies/ingest/gleif/GleifRelationshipIngest.js"
import { IngestReporter } from "../../../src/companies/ingest/IngestReporter.js"
import { ingestSanctions } from "../../../src/sanctions/lists/ingest.js"
import { listsDir } from "../../sanctions/paths.js"
import { bearer, call } from "../../support/http.js"
import { listsIndexed } from "../../support/listsIndexed.js"
import { makeTestServer, TestServer } from "../../support/server.js"

type Body = Record<string, unknown>

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gleif-rr-"))

/** A synthetic level-1 record in GLEIF's JSON golden-copy shape (invented LEI, name, number; RA990001 is no GLEIF code). */
const entity = (lei: string, name: string, country: string, ra: string, number: string) => ({
  LEI: { $: lei },
  Entity: {
    LegalName: { "@xml:lang": "en", $: name },
    LegalAddress: { FirstAddressLine: { $: "1 Synthetic Road" }, City: { $: "Synthetic City" }, Country: { $: country } },
    RegistrationAuthority: { RegistrationAuthorityID: { $: ra }, RegistrationAuthorityEntityID: { $: number } },
    LegalJurisdiction: { $: country },
    EntityStatus: { $: "ACTIVE" }
  },
  Registration: {
    InitialRegistrationDate: { $: "2019-05-02T09:12:44Z" }, LastUpdateDate: { $: "2026-04-30T11:05:10Z" },
    RegistrationStatus: { $: "ISSUED" }, ValidationSources: { $: "FULLY_CORROBORATED" },
    ValidationAuthority: { ValidationAuthorityID: { $: ra }, ValidationAuthorityEntityID: { $: number } }
  }
})

const CHILD = "SYNTHKE0000000000811"
const level1 = path.join(dir, "lei2-golden-copy.json")
fs.writeFileSync(level1, JSON.stringify({
  _fixture: "SYNTHETIC: invented records; IRAN INSURANCE COMPANY borrows a real OFAC SDN entry's name only to exercise owner screening",
  records: [
    entity(CHILD, "Synthetic Ruiru Coffee Estates Limited", "KE", "RA990001", "PVT-SYNRR0811"),
    entity("SYNTHMU0000000000812", "Synthetic Port Louis Holdings Ltd", "MU", "RA990003", "C990812"),
    entity("SYNTHIR0000000000813", "IRAN INSURANCE COMPANY", "IR", "RA990009", "99813"),
    entity("SYNTHCH0000000000814", "Synthetic Lapsed Parent AG", "CH", "RA990010", "CHE-990.814")
  ]
}))

/** GLEIF's relationship golden-copy CSV (RR-CDF 2.1 columns read, and a few that are not); a last column marks the rows synthetic. */
const rrFile = (ultimateStatus: string) => {
  const header = ["Relationship.StartNode.NodeID", "Relationship.StartNode.NodeIDType", "Relationship.EndNode.NodeID", "Relationship.EndNode.NodeIDType",
    "Relationship.RelationshipType", "Relationship.RelationshipStatus", "Registration.InitialRegistrationDate", "Registration.LastUpdateDate",
    "Registration.RegistrationStatus", "Registration.ValidationSources", "Fixture"]
  const row = (child: string, parent: string, type: string, status: string, registration: string) =>
    [child, "LEI", parent, "LEI", type, status, "2020-01-10T00:00:00Z", "2026-05-01T08:00:00Z", registration, "FULLY_CORROBORATED", "SYNTHETIC"]
      .map((c) => `"${c}"`).join(",")
  const file = path.join(dir, `rr-${ultimateStatus}.csv`)
  fs.writeFileSync(file, [header.map((h) => `"${h}"`).join(","),
    row(CHILD, "SYNTHMU0000000000812", "IS_DIRECTLY_CONSOLIDATED_BY", "ACTIVE", "PUBLISHED"),
    row(CHILD, "SYNTHIR0000000000813", "IS_ULTIMATELY_CONSOLIDATED_BY", "ACTIVE", ultimateStatus),
    row(CHILD, "SYNTHCH0000000000814", "IS_DIRECTLY_CONSOLIDATED_BY", "INACTIVE", "LAPSED"),
    row(CHILD, "SYNTHCH0000000000814", "IS_FUND-MANAGED_BY", "ACTIVE", "PUBLISHED"),
    row("SYNTHFR0000000000815", "SYNTHCH0000000000814", "IS_DIRECTLY_CONSOLIDATED_BY", "ACTIVE", "PUBLISHED"),
    row("NOT-AN-LEI", "SYNTHCH0000000000814", "IS_DIRECTLY_CONSOLIDATED_BY", "ACTIVE", "PUBLISHED")
  ].join("\n") + "\n")
  return file
}

const raCodes = ConfigProvider.layer(ConfigProvider.fromUnknown({ KYB_GLEIF_RA_CODES: "RA990001=ke-brs" }))

describe("kyb ingest gleif-relationships: GLEIF's level-2 parents of stored companies as owners, screened", () => {
  layer(makeTestServer({ SANCTIONS_POLL_INTERVAL: "200 millis" }), { timeout: "120 seconds", excludeTestServices: true })((it) => {
    it.effect("current consolidating parents stored with LEI and relationship, screened; lapsed, inactive and other kinds not owners", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const headers = bearer(yield* server.newKey({ plan: "unlimited" }))
        const get = (p: string) => Effect.promise(() => call(`${server.url}${p}`, { headers }))
        yield* ingestSanctions([path.join(listsDir, "ofac-sdn")], { publishedOn: "2026-11-20" }).pipe(Effect.orDie)
        const loaded = yield* ingestGleifGoldenCopy(level1, { batchSize: 2 }).pipe(Effect.provide(raCodes))
        assert.deepStrictEqual([loaded.rows, loaded.matched], [4, 2], "the KE and MU records stored; IR and CH skipped")

        // without the level-1 file, a parent the store does not hold cannot be named: not stored, and said so
        const unnamed = yield* ingestGleifRelationships(rrFile("PUBLISHED"), { batchSize: 2 })
        assert.deepStrictEqual([unnamed.rows, unnamed.matched, unnamed.rejected], [6, 1, 2])
        assert.deepStrictEqual(unnamed.rejections.map((r) => r.line), [7, 3])

        const named = yield* ingestGleifRelationships(rrFile("PUBLISHED"), { batchSize: 2, entities: level1 })
        assert.deepStrictEqual([named.rows, named.matched, named.rejected], [6, 2, 1])
        const owners = () =>
          Effect.map(get("/v1/company/KE/PVT-SYNRR0811"), (record) => {
            assert.strictEqual(record.status, 200, record.text)
            return (record.body as { owners: ReadonlyArray<Body> }).owners.map((o) => [o["name"], o["kind"], o["lei"], o["relationship"], o["source"]]).sort()
          })
        assert.deepStrictEqual(yield* owners(), [
          ["IRAN INSURANCE COMPANY", "entity", "SYNTHIR0000000000813", "ultimate", RELATIONSHIP_SOURCE],
          ["Synthetic Port Louis Holdings Ltd", "entity", "SYNTHMU0000000000812", "direct", RELATIONSHIP_SOURCE]
        ])

        // the parents are screened as owners: the ultimate one bears a listed name
        yield* listsIndexed(server.url, [{ list: "ofac_sdn", version: "2026-11-20" }], "180 seconds")
        const verdict = yield* get("/v1/verify?registration_no=PVT-SYNRR0811&country=KE").pipe(Effect.map((reply) => reply.body as Body))
        assert.isTrue((verdict["sanctions"] as Body)["screened"])
        assert.isTrue(verdict["registered"])
        const people = verdict["people_screened"] as ReadonlyArray<Body>
        assert.deepStrictEqual(people.map((p) => [p["name"], p["role"]]).sort(), [
          ["IRAN INSURANCE COMPANY", "owner"],
          ["Synthetic Port Louis Holdings Ltd", "owner"]
        ])
        const hit = (verdict["sanctions"] as { hits: ReadonlyArray<Body> }).hits
          .find((h) => h["screened_name"] === "IRAN INSURANCE COMPANY" && h["screened_from"] === "owner")
        assert.isDefined(hit)
        assert.strictEqual(verdict["result"], "review")

        // the file loaded again after the ultimate relationship lapsed: that parent is no longer a current owner
        const lapsed = yield* ingestGleifRelationships(rrFile("LAPSED"), { batchSize: 2, entities: level1 })
        assert.strictEqual(lapsed.matched, 1)
        assert.deepStrictEqual((yield* owners()).map((o) => o[0]), ["Synthetic Port Louis Holdings Ltd"])
      }).pipe(Effect.provide(IngestReporter.silent)), 240_000)
  })
})
