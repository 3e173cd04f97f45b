import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer, References } from "effect"
import * as path from "node:path"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import type { CanonicalCompany } from "../../src/domain/CanonicalCompany.js"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { Verifier } from "../../src/verify/Verifier.js"
import { fixturesDir } from "../sanctions/paths.js"
import { testConfig } from "../support/server.js"
import { TestDatabase } from "../support/testDatabase.js"

const checked = new Date(Date.now() - 86_400_000).toISOString()
const record = (fields: Pick<CanonicalCompany, "country" | "registration_no" | "legal_name">): CanonicalCompany => ({
  status: "active",
  source: `Registry of ${fields.country} (test)`,
  source_kind: "registry",
  last_verified_at: checked,
  ...fields
})

/** A test database (migrated) and the configuration a program would run with: no HTTP anywhere. */
const Database = TestDatabase.layer.pipe(Layer.provide(testConfig()), Layer.provide(Layer.succeed(References.MinimumLogLevel, "Error")))

describe("Verifier as a service layer (no HTTP)", () => {
  layer(Database, { timeout: "120 seconds", excludeTestServices: true })((it) => {
    it.effect("an Effect program provides Verifier.Default over its database and gets verdicts", () =>
      Effect.gen(function*() {
        // Data first: sanctions lists (small fixtures in the real OFAC/UN formats) and two registered companies.
        yield* ingestSanctions([path.join(fixturesDir, "ofac-sdn"), path.join(fixturesDir, "un", "consolidated.xml")], {
          publishedOn: "2024-05-03"
        })
        yield* Effect.flatMap(CompanyWriter, (writer) =>
          writer.upsertBatch([
            record({ country: "KE", registration_no: "PVT-AB12CD34", legal_name: "Savannah Tea Exporters Limited" }),
            record({ country: "UG", registration_no: "80010001803099", legal_name: "Al-Shamal Islamic Bank Limited" })
          ])).pipe(Effect.provide(CompanyWriter.Default))

        const program = Effect.gen(function*() {
          const verifier = yield* Verifier
          return yield* Effect.all([
            verifier.verify({ registration_no: "pvt ab12cd34", country: "KE" }),
            verifier.verify({ name: "Savannah Tea Exporters Ltd" }),
            verifier.verify({ registration_no: "80010001803099", country: "UG" }),
            verifier.verify({ name: "Nowhere Widgets Limited", country: "KE" })
          ])
        })
        // The program's configuration, as the database's: live sources (registries, GLEIF) off, so no HTTP anywhere.
        const [clean, byName, sanctioned, unknown] = yield* program.pipe(Effect.provide(Verifier.Default.pipe(Layer.provide(testConfig()))))

        assert.strictEqual(clean.result, "verified")
        assert.strictEqual(clean.company?.legal_name, "Savannah Tea Exporters Limited")
        assert.deepStrictEqual(clean.sources, ["Registry of KE (test)", "OFAC SDN (2024-05-03)", "UN SC Consolidated (2026-02-27)"])
        assert.strictEqual(byName.result, "verified")
        assert.strictEqual(sanctioned.result, "review")
        assert.strictEqual(sanctioned.review_reason, "sanctions_match")
        assert.strictEqual(sanctioned.sanctions.hits[0]?.entry_id, "7157")
        // KE has no live registry: nothing found there is not looked at, never not_found.
        assert.strictEqual(unknown.result, "review")
        assert.strictEqual(unknown.review_reason, "registry_not_covered")
      }))
  })
})
