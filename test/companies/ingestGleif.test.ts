import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { ConfigProvider, Effect, Exit, Layer } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import { ingestGleifGoldenCopy } from "../../src/companies/ingest/gleif/GleifIngest.js"
import { IngestReporter } from "../../src/companies/ingest/IngestReporter.js"
import { TestDatabase } from "../support/testDatabase.js"

/** GLEIF's golden-copy CSV columns (LEI-CDF 3.1 level 1), the ones read and a few that are not. */
const header = [
  "LEI", "Entity.LegalName", "Entity.LegalName.xmllang", "Entity.OtherEntityNames.OtherEntityName.1",
  "Entity.OtherEntityNames.OtherEntityName.1.type", "Entity.LegalAddress.FirstAddressLine", "Entity.LegalAddress.City",
  "Entity.LegalAddress.Region", "Entity.LegalAddress.Country", "Entity.LegalAddress.PostalCode",
  "Entity.RegistrationAuthority.RegistrationAuthorityID", "Entity.RegistrationAuthority.RegistrationAuthorityEntityID",
  "Entity.LegalJurisdiction", "Entity.EntityCategory", "Entity.EntityStatus", "Entity.EntityCreationDate",
  "Registration.InitialRegistrationDate", "Registration.LastUpdateDate", "Registration.RegistrationStatus",
  "Registration.NextRenewalDate", "Registration.ManagingLOU", "Registration.ValidationSources",
  "Registration.ValidationAuthority.ValidationAuthorityID", "Registration.ValidationAuthority.ValidationAuthorityEntityID"
]

/** A synthetic row (invented LEI, name, number and RA code), GLEIF's CSV quoting every cell. */
const row = (lei: string, name: string, country: string, ra: string, number: string, status = "ACTIVE", corroboration = "FULLY_CORROBORATED") =>
  [lei, name, "en", `${name.split(" ")[1]} Trading`, "TRADING_OR_OPERATING_NAME", "1 Synthetic Road", "Nairobi", "", country, "00100",
    ra, number, country, "GENERAL", status, "2012-03-14T00:00:00Z", "2019-05-02T09:12:44Z", "2026-04-30T11:05:10Z", "ISSUED",
    "2027-05-02T09:12:44Z", "529900T8BM49AURSDO55", corroboration, ra, number].map((c) => `"${c.replace(/"/g, "\"\"")}"`).join(",")

const writeFile = (rows: Iterable<string>) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "gleif-")), "golden-copy.csv")
  const out = fs.openSync(file, "w")
  fs.writeSync(out, header.map((h) => `"${h}"`).join(",") + "\n")
  for (const line of rows) fs.writeSync(out, line + "\n")
  fs.closeSync(out)
  return file
}

/**
 * The same synthetic row as GLEIF's JSON golden copy writes a record: each element's text under `$`, its attributes
 * under `@name`, repeated elements as arrays.
 */
const jsonRecord = (lei: string, name: string, country: string, ra: string, number: string, status = "ACTIVE", corroboration = "FULLY_CORROBORATED") => ({
  LEI: { $: lei },
  Entity: {
    LegalName: { "@xml:lang": "en", $: name },
    OtherEntityNames: { OtherEntityName: [{ "@xml:lang": "en", "@type": "TRADING_OR_OPERATING_NAME", $: `${name.split(" ")[1]} Trading` }] },
    LegalAddress: { "@xml:lang": "en", FirstAddressLine: { $: "1 Synthetic Road" }, AdditionalAddressLine: [{ $: "Block B" }], City: { $: "Nairobi" }, Country: { $: country }, PostalCode: { $: "00100" } },
    RegistrationAuthority: { RegistrationAuthorityID: { $: ra }, RegistrationAuthorityEntityID: { $: number } },
    LegalJurisdiction: { $: country },
    EntityCategory: { $: "GENERAL" },
    EntityStatus: { $: status },
    EntityCreationDate: { $: "2012-03-14T00:00:00Z" }
  },
  Registration: {
    InitialRegistrationDate: { $: "2019-05-02T09:12:44Z" },
    LastUpdateDate: { $: "2026-04-30T11:05:10Z" },
    RegistrationStatus: { $: "ISSUED" },
    NextRenewalDate: { $: "2027-05-02T09:12:44Z" },
    ManagingLOU: { $: "529900T8BM49AURSDO55" },
    ValidationSources: { $: corroboration },
    ValidationAuthority: { ValidationAuthorityID: { $: ra }, ValidationAuthorityEntityID: { $: number } }
  }
})

const writeJson = (records: ReadonlyArray<unknown>, name = "golden-copy.json") => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "gleif-")), name)
  fs.writeFileSync(file, JSON.stringify({ _fixture: { synthetic: true }, records }))
  return file
}

const TestLayer = Layer.mergeAll(CompanyWriter.Default, IngestReporter.silent).pipe(
  Layer.provideMerge(TestDatabase.layer),
  Layer.provideMerge(ConfigProvider.layer(ConfigProvider.fromUnknown({ KYB_GLEIF_RA_CODES: "RA990001=ke-brs,RA990002=gh-orc" })))
)

describe("kyb ingest gleif: GLEIF's golden copy, CSV or JSON, streamed", () => {
  layer(TestLayer, { timeout: "120 seconds", excludeTestServices: true })((it) => {
    it.effect("the 18 countries' rows stored by the confirmation rule; other countries skipped; bad rows named by line", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const file = writeFile([
          row("SYNTHKE0000000000101", "Synthetic Kilima Tea Holdings Limited", "KE", "RA990001", "PVT-SYN7K1A2B"),
          row("SYNTHKE0000000000102", "Synthetic Rift Valley Dairies Limited", "KE", "RA990001", "PVT-SYN9R2C3D", "ACTIVE", "PARTIALLY_CORROBORATED"),
          row("SYNTHGH0000000000202", "Synthetic Ashanti Timber Limited", "GH", "RA990002", "CS678902015", "INACTIVE"),
          row("SYNTHDE0000000000401", "Synthetic Rhein Werke GmbH", "DE", "RA000242", "HRB 12345"),
          row("NOT-AN-LEI", "Synthetic Broken Row Limited", "KE", "RA990001", "PVT-SYNBROKEN")
        ])
        const summary = yield* ingestGleifGoldenCopy(file, { batchSize: 2 })
        assert.deepStrictEqual(
          [summary.rows, summary.matched, summary.inserted, summary.rejected],
          [5, 3, 3, 1]
        )
        assert.strictEqual(summary.rejections[0]?.line, 6)
        const stored = yield* sql<{ registration_no: string | null; registration_key: string; source_kind: string; lei: string | null }>`
          SELECT registration_no, registration_key, source_kind, registry_evidence->'lei'->>'corroboration_level' AS lei
          FROM companies ORDER BY registration_key`
        assert.deepStrictEqual(stored.map((r) => [r.registration_no, r.registration_key, r.source_kind, r.lei]), [
          ["PVT-SYN7K1A2B", "PVTSYN7K1A2B", "registry", "FULLY_CORROBORATED"],
          [null, "ref-gleif-gh-synthgh0000000000202", "secondary", null],
          [null, "ref-gleif-ke-synthke0000000000102", "secondary", null]
        ])
        // loaded again: nothing changes
        const again = yield* ingestGleifGoldenCopy(file, { batchSize: 2 })
        assert.deepStrictEqual([again.inserted, again.updated, again.unchanged], [0, 0, 3])
      }))

    it.effect("a large file streams in batches (rows of other countries skipped as they pass)", () =>
      Effect.gen(function*() {
        function* rows() {
          for (let i = 0; i < 20_000; i++) {
            const lei = `SYNTHFR${String(i).padStart(11, "0")}00`
            yield i % 5_000 === 0
              ? row(lei.replace("FR", "KE"), `Synthetic Batch ${i} Limited`, "KE", "RA990001", `PVT-SYNB${i}`)
              : row(lei, `Synthetic Lot ${i} SARL`, "FR", "RA000189", String(100_000_000 + i))
          }
        }
        const summary = yield* ingestGleifGoldenCopy(writeFile(rows()), { batchSize: 500 })
        assert.deepStrictEqual([summary.rows, summary.matched, summary.rejected], [20_000, 4, 0])
      }))

    it.effect("GLEIF's JSON golden copy read by the same rule, streamed; a file of another kind refused in one line", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const records = [
          jsonRecord("SYNTHKE0000000000701", "Synthetic Mara Horticulture Limited", "KE", "RA990001", "PVT-SYNJS0701"),
          jsonRecord("SYNTHGH0000000000702", "Synthetic Tamale Shea Limited", "GH", "RA990002", "CS700702015", "ACTIVE", "PARTIALLY_CORROBORATED"),
          jsonRecord("SYNTHDE0000000000703", "Synthetic Main Werke GmbH", "DE", "RA000242", "HRB 70703"),
          { LEI: { $: "NOT-AN-LEI" }, Entity: { LegalName: { $: "Synthetic Broken Record Limited" } } },
          ...Array.from({ length: 3_000 }, (_, i) => jsonRecord(`SYNTHFR${String(i).padStart(11, "0")}07`, `Synthetic Lot ${i} SARL`, "FR", "RA000189", String(700_000_000 + i)))
        ]
        const summary = yield* ingestGleifGoldenCopy(writeJson(records, "20261129-gleif-goldencopy-lei2.json"), { batchSize: 100 })
        assert.deepStrictEqual([summary.rows, summary.matched, summary.inserted, summary.rejected], [3_004, 2, 2, 1])
        assert.strictEqual(summary.rejections[0]?.line, 4, "a JSON record is named by its position")
        const stored = yield* sql<{ registration_no: string | null; legal_name: string; registered_address: string | null; aliases: string }>`
          SELECT registration_no, legal_name, registered_address,
            (SELECT string_agg(a.name || ':' || a.kind, '|' ORDER BY a.name) FROM company_aliases a WHERE a.company_id = c.id) AS aliases
          FROM companies c WHERE legal_name IN
            ('Synthetic Mara Horticulture Limited', 'Synthetic Tamale Shea Limited') ORDER BY legal_name`
        assert.deepStrictEqual(stored.map((r) => [r.registration_no, r.legal_name, r.registered_address]), [
          ["PVT-SYNJS0701", "Synthetic Mara Horticulture Limited", "1 Synthetic Road, Block B, Nairobi, 00100, KE"],
          [null, "Synthetic Tamale Shea Limited", "1 Synthetic Road, Block B, Nairobi, 00100, GH"]
        ])
        assert.include(stored[0]!.aliases, "Mara Trading:trading")
        // not JSON, not a .csv: refused before any row
        const xml = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "gleif-")), "golden-copy.xml")
        fs.writeFileSync(xml, "<LEIData></LEIData>")
        const exit = yield* Effect.exit(ingestGleifGoldenCopy(xml, { batchSize: 10 }))
        assert.isTrue(Exit.isFailure(exit))
        // a JSON file cut short: a clear failure, never a silent partial success
        const cut = writeJson(records.slice(0, 50))
        fs.truncateSync(cut, fs.statSync(cut).size - 40)
        assert.isTrue(Exit.isFailure(yield* Effect.exit(ingestGleifGoldenCopy(cut, { batchSize: 10 }))))
      }))
  })
})
