import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect } from "effect"
import { DEFAULT_OFAC_URL, DEFAULT_UN_URL, officialSources, sourceAddresses } from "../../src/listUpdates/officialSources.js"
import { ofacPublishDateIn } from "../../src/sanctions/lists/ofacPublishDate.js"

const addressesFrom = (provider: ConfigProvider.ConfigProvider) => Effect.runPromise(sourceAddresses.pipe(Effect.provideService(ConfigProvider.ConfigProvider, provider)))

describe("which list addresses are read, and which are the publishers' own", () => {
  it("an emptied KYB_LISTS_*_URL leaves its list out, from the environment and from an object alike; unset gives the publisher's", async () => {
    const env = { KYB_LISTS_OFAC_URL: "", KYB_LISTS_UN_URL: "", KYB_LISTS_UK_URL: "off", KYB_LISTS_EU_URL: "http://127.0.0.1:9/eu.xml" }
    for (const provider of [ConfigProvider.fromEnv({ env }), ConfigProvider.fromUnknown(env)]) {
      const at = await addressesFrom(provider)
      expect(at).toEqual({ ofac: "", un: "", uk: "", eu: "http://127.0.0.1:9/eu.xml", worldBank: "" })
      expect(officialSources(at).map((s) => [s.list, s.publisher])).toEqual([["eu_fsf", false]])
    }
    const unset = await addressesFrom(ConfigProvider.fromEnv({ env: {} }))
    expect([unset.ofac, unset.un]).toEqual([DEFAULT_OFAC_URL, DEFAULT_UN_URL])
  })

  it("only the publisher's own address may confirm; OFAC's CSVs are dated by the same publication's XML", () => {
    const official = officialSources({ ofac: `${DEFAULT_OFAC_URL}/`, un: DEFAULT_UN_URL, uk: "", eu: "", worldBank: "" })
    expect(official.map((s) => [s.list, s.publisher, s.statedIn ?? null])).toEqual([
      ["ofac_sdn", true, `${DEFAULT_OFAC_URL}/SDN.XML`],
      ["ofac_consolidated", true, `${DEFAULT_OFAC_URL}/CONSOLIDATED.XML`],
      ["un_sc", true, null]
    ])
    const copy = officialSources({ ofac: "http://127.0.0.1:8/ofac", un: "http://127.0.0.1:8/un.xml", uk: "", eu: "", worldBank: "http://127.0.0.1:8/wb.xlsx" })
    expect(copy.map((s) => s.publisher)).toEqual([false, false, false, false])
  })
})

describe("OFAC's Publish_Date", () => {
  it("is read from the head of its XML, in OFAC's MM/DD/YYYY", () => {
    const head = `<?xml version="1.0" standalone="yes"?>\r\n<sdnList xmlns="https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/XML">` +
      `<publshInformation><Publish_Date>05/03/2024</Publish_Date><Record_Count>12345</Record_Count></publshInformation><sdnEntry>`
    expect(ofacPublishDateIn(head)).toBe("2024-05-03")
    expect(ofacPublishDateIn(head.replace("05/03/2024", "02/30/2024"))).toBeNull()
    expect(ofacPublishDateIn(head.replace("05/03/2024", "2024-05-03"))).toBeNull()
    expect(ofacPublishDateIn("<sdnList><sdnEntry><Publish_Date>05/03/2024</Publish_Date>")).toBeNull()
    expect(ofacPublishDateIn("")).toBeNull()
  })
})
