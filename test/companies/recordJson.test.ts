import { SqlClient } from "@effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer, Option, Schema } from "effect"
import { CompanyRecord } from "../../src/api/schemas/Company.js"
import { CompanyRepo } from "../../src/companies/CompanyRepo.js"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import { TestDatabase } from "../support/testDatabase.js"

const Services = Layer.mergeAll(CompanyWriter.Default, CompanyRepo.Default).pipe(Layer.provideMerge(TestDatabase.layer))

describe("the record's JSON (GET /v1/company answers it without encoding it again)", () => {
  layer(Services, { timeout: "60 seconds" })((it) => {
    it.effect("is what the schema's encoding gives, for a record with officers, owners and provenance", () =>
      Effect.gen(function*() {
        const writer = yield* CompanyWriter
        const sql = yield* SqlClient.SqlClient
        yield* writer.upsertBatch([{
          country: "NG",
          registration_no: "RC 777001",
          legal_name: "Record Json Foods Limited",
          status: "active",
          entity_type: "private company limited by shares",
          incorporation_date: "2001-02-03",
          registered_address: "1 Marina, Lagos",
          source: "Corporate Affairs Commission (NG-CAC)",
          source_kind: "registry",
          last_verified_at: "2026-11-20T08:00:00.000Z",
          officers: [{ name: "Ada Json", role: "director", appointed_on: "2001-02-03" }, { name: "Bo Json", role: "secretary" }]
        }])
        yield* sql`INSERT INTO company_owners (company_id, name, kind, nationality, share_pct, voting_pct, notified_on, source, last_verified_at)
          SELECT id, 'Json Holdings Ltd', 'entity', 'NG', 62.5, 62.5, '2020-01-01', 'NG-CAC PSC', '2026-11-20T08:00:00Z' FROM companies
          WHERE legal_name = 'Record Json Foods Limited'`
        const found = yield* (yield* CompanyRepo).findRecord("NG", "RC777001")
        assert.isTrue(Option.isSome(found))
        const record = Option.getOrThrow(found)
        assert.isAbove(record.officers.length, 1)
        assert.strictEqual(record.owners.length, 1)
        assert.isAbove(Object.keys(record.provenance).length, 0)
        const answered: unknown = JSON.parse(JSON.stringify(record))
        const encoded: unknown = JSON.parse(JSON.stringify(Schema.encodeSync(CompanyRecord)(record)))
        assert.deepStrictEqual(answered, encoded)
      }))
  })
})
