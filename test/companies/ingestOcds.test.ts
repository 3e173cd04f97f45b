import { describe, expect, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as path from "node:path"
import type { Award } from "../../src/companies/ingest/procurement/award.js"
import { awardsOfRelease, releasesOf } from "../../src/companies/ingest/procurement/ocds.js"

const samples = path.resolve(import.meta.dirname, "..", "..", "data", "procurement", "ocds_samples")
const sample = JSON.parse(
  fs.readFileSync(path.join(samples, "ng_ocds-gyl66f-borbda-27yetd-ocds-gyl66f-borbda-27yetd.json"), "utf8")
) as Record<string, unknown>

const release = (ocid: string, supplier: string, amount: number) => ({
  ocid,
  id: `${ocid}-1`,
  date: "2020-01-02T00:00:00Z",
  tag: ["award"],
  buyer: { id: "B", name: "Ministry of Roads" },
  parties: [{ id: "S", name: supplier.toLowerCase(), roles: ["supplier"], address: { countryName: "Kenya" } }],
  awards: [{ id: "A1", title: "Road works", date: "2020-01-03", value: { amount, currency: "KES" }, suppliers: [{ id: "S", name: supplier }] }]
})

const awardsOf = (document: unknown, country: string | null = null): Array<Award> =>
  releasesOf(document).flatMap((r, i) => awardsOfRelease(r, i + 1, country, null).awards)

describe("OCDS awards", () => {
  it("reads a real Nigerian release: supplier legal name from its party, buyer, value, date, country from the ocid", () => {
    const [award] = awardsOf(sample)
    expect(award).toMatchObject({
      country: "NG",
      ocid: "ocds-gyl66f-borbda-27yetd",
      buyer: "benin-owena river basin development authority",
      title: "Construction of Itapaji Small Hydro Power Project",
      value: "54389500",
      currency: "NGN",
      award_date: "2013-09-27",
      supplier: "DTEC Nigeria Limited",
      supplier_norm: "dtec nigeria"
    })
  })

  it("reads release packages, record packages (compiled release preferred) and arrays of releases", () => {
    const a = release("ocds-x-1", "Nairobi Builders Ltd", 100)
    const b = release("ocds-x-2", "Mombasa Works Ltd", 200)
    expect(awardsOf({ releases: [a, b] }).map((x) => x.supplier)).toEqual(["Nairobi Builders Ltd", "Mombasa Works Ltd"])
    expect(awardsOf([a]).map((x) => x.country)).toEqual(["KE"])
    const recordPackage = { records: [{ ocid: "ocds-x-1", releases: [a, a], compiledRelease: b }, { ocid: "ocds-x-3", releases: [a] }] }
    expect(awardsOf(recordPackage).map((x) => x.ocid)).toEqual(["ocds-x-2", "ocds-x-1"])
  })

  it("takes the country from --country first, and rejects awards whose country cannot be told", () => {
    const a = { ...release("ocds-unknownprefix-1", "Acme Ltd", 1), parties: [] }
    expect(awardsOfRelease(a, 1, null, null).rejected).toEqual(["country unknown (give --country)"])
    expect(awardsOfRelease(a, 1, "UG", null).awards[0]?.country).toBe("UG")
  })

  it("skips planning releases without awards (the Ugandan samples)", () => {
    for (const name of fs.readdirSync(samples).filter((f) => f.startsWith("ug_"))) {
      const document = JSON.parse(fs.readFileSync(path.join(samples, name), "utf8")) as unknown
      expect(awardsOf(document)).toEqual([])
    }
  })
})
