import { Layer } from "effect"
import * as fs from "node:fs"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll } from "vitest"
import { type FakeGleif, type FixtureRecord, startFakeGleif } from "../../../scripts/fake-gleif/server.js"
import { makeTestServer } from "../../support/server.js"

/** The synthetic GLEIF records (test/fixtures/gleif/records.json: every one marked synthetic). */
export const gleifFixtures = (): ReadonlyArray<FixtureRecord> => {
  const file = fileURLToPath(new URL("../../fixtures/gleif/records.json", import.meta.url))
  const doc = JSON.parse(fs.readFileSync(file, "utf8")) as { records: ReadonlyArray<FixtureRecord> }
  if (!doc.records.every((r) => r._fixture.synthetic)) throw new Error("a GLEIF fixture record is not marked synthetic")
  return doc.records
}

/** The synthetic RA codes the fixtures use, mapped as an operator would (KYB_GLEIF_RA_CODES). */
export const fixtureAuthorities = "RA990001=ke-brs,RA990002=gh-orc,RA990003=mu-cbrd"

/** `count` synthetic records sharing a name stem, for paging. */
export const pagingFixtures = (template: FixtureRecord, count: number): ReadonlyArray<FixtureRecord> =>
  Array.from({ length: count }, (_, i) => {
    const lei = `SYNTHPG${String(i).padStart(11, "0")}${String(i % 100).padStart(2, "0")}`
    return {
      ...template,
      id: lei,
      attributes: {
        ...template.attributes,
        lei,
        entity: { ...template.attributes.entity, otherNames: [], legalName: { name: `Synthetic Paging Traders ${i} Limited` }, registeredAs: `PVT-SYNPG${String(i).padStart(4, "0")}` }
      },
      _fixture: { synthetic: true }
    }
  })

/** GLEIF's evidence for the synthetic Kilima record (SYNTHKE...101), with the authority's name as given. */
export const kilimaEvidence = (registrationAuthority: string) => ({
  lei: "SYNTHKE0000000000101",
  registration_authority_id: "RA990001",
  registration_authority: registrationAuthority,
  registered_as: "PVT-SYN7K1A2B",
  corroboration_level: "FULLY_CORROBORATED",
  registration_status: "ISSUED",
  entity_status: "ACTIVE",
  initial_registration_date: "2019-05-02T09:12:44Z",
  last_update_date: "2026-04-30T11:05:10Z",
  next_renewal_date: "2027-05-02T09:12:44Z"
})

/**
 * The fake GLEIF of a file's tests (started before them, closed after) and the server with GLEIF as its only live
 * source (no registry adapter), pointed at it on 127.0.0.1; `config` adds to the server's.
 */
export const fakeGleifServer = (config: Readonly<Record<string, string>> = {}) => {
  let started: FakeGleif | undefined
  beforeAll(async () => {
    started = await startFakeGleif(gleifFixtures())
  })
  afterAll(() => started?.close())
  const gleif = (): FakeGleif => {
    if (started === undefined) throw new Error("the fake GLEIF is not started yet")
    return started
  }
  const server = Layer.suspend(() =>
    makeTestServer({
      KYB_REGISTRY_LIVE: "gleif",
      KYB_GLEIF_URL: gleif().url,
      KYB_GLEIF_RA_CODES: fixtureAuthorities,
      // Generous: nothing here measures time, and the machine may be loaded.
      KYB_REGISTRY_TIMEOUT_MS: "10000",
      KYB_REGISTRY_BUDGET_MS: "20000",
      KYB_REGISTRY_BREAKER_THRESHOLD: "1000",
      ...config
    })
  )
  return { gleif, server }
}
