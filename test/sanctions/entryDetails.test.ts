import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as path from "node:path"
import { parseListPaths } from "../../src/sanctions/buildIndex.js"
import { displayedRemarks, REMARKS_CUT } from "../../src/sanctions/lists/ofacDetails.js"
import { entryHash } from "../../src/sanctions/matching/screen.js"
import type { SanctionsEntry } from "../../src/sanctions/model.js"
import { euFsf, euLegacy, listsDir, ukInvBan, ukXlsx, worldBank } from "./paths.js"

/** Each shipped list parsed once (data/sanctions, data/README.md). */
const parsed = new Map<string, Promise<ReadonlyArray<SanctionsEntry>>>()
const entriesOf = (file: string) => {
  if (!parsed.has(file)) parsed.set(file, Effect.runPromise(Effect.map(parseListPaths([file]), (lists) => lists.flatMap((l) => l.entries))))
  return parsed.get(file)!
}
const entry = async (file: string, id: string) => {
  const found = (await entriesOf(file)).find((e) => e.entry_id === id || e.name === id)
  expect(found, `${id} in ${file}`).toBeDefined()
  expect(found!.details, `${id} has details`).toBeDefined()
  return { ...found!, details: found!.details! }
}
const sdn = path.join(listsDir, "ofac-sdn")
const consolidated = path.join(listsDir, "ofac-consolidated")
const un = path.join(listsDir, "un")

describe("what each list says of an entry beyond its names, as the shipped files give it", () => {
  it("OFAC SDN: add.csv's addresses, the Remarks whole and the dates, places of birth and nationality they label, a vessel's columns", async () => {
    const bnc = await entry(sdn, "306")
    expect(bnc.details.addresses).toContainEqual({ address: "Zweierstrasse 35, Zurich CH-8022", country: "Switzerland", note: null })
    expect(bnc.details.remarks).toEqual(["a.k.a. 'BNC'."])
    expect(bnc.details.listed_on).toBeNull() // the legacy CSV publishes no listing date
    const alizai = await entry(sdn, "12018")
    expect(alizai.details.dates_of_birth).toEqual(["15 Oct 1963", "14 Feb 1973", "1957"])
    expect(alizai.details.places_of_birth).toEqual(["Khandahar, Afghanistan", "Helmand, Afghanistan"])
    expect(alizai.details.nationalities).toEqual(["Afghanistan"])
    expect(alizai.details.addresses).toContainEqual({ address: "Musa Qala, Helmand", country: "Afghanistan", note: null })
    const artavil = await entry(sdn, "15036")
    expect(artavil.details.vessel).toMatchObject({ call_sign: "T2EU4", type: "Crude/Oil Products Tanker", flag: "Iran" })
    expect(artavil.details.remarks[0]).toContain("Vessel Registration Identification IMO 9187629")
  })

  it("OFAC: the comments file continues only remarks cut at 1,000 characters (a row of another edition is not joined)", () => {
    const cut = "x".repeat(REMARKS_CUT)
    expect(displayedRemarks(cut, "y")).toBe(`${cut}y`)
    expect(displayedRemarks("DOB 1962; POB Shati.", "ive 2): 24 Feb 2022")).toBe("DOB 1962; POB Shati.")
    expect(displayedRemarks(null, "ive 2): 24 Feb 2022")).toBeNull()
  })

  it("OFAC Consolidated: cons_add.csv's address, the Remarks' date and place of birth", async () => {
    const shanti = await entry(consolidated, "9641")
    expect(shanti.details.addresses).toEqual([{ address: "Gaza", country: "Palestinian", note: null }])
    expect(shanti.details.dates_of_birth).toEqual(["1955"])
    expect(shanti.details.places_of_birth).toEqual(["Jabalia Camp"])
  })

  it("UN: addresses with their note, comments, nationality, dates of birth as given, documents, designations; a date with an offset", async () => {
    const badege = await entry(un, "CDi.001")
    expect(badege.details.addresses).toEqual([{ address: null, country: "Rwanda", note: "as of early 2016" }])
    expect(badege.details.remarks[0]).toMatch(/^He fled to Rwanda in March 2013/)
    expect(badege.details.nationalities).toEqual(["Democratic Republic of the Congo"])
    expect(badege.details.dates_of_birth).toEqual(["1971"])
    const cagl = await entry(un, "CDe.003")
    expect(cagl.details.addresses).toContainEqual({ address: "Avenue Président Mobutu, Goma", country: "Democratic Republic of the Congo", note: null })
    const hassan = await entry(un, "CDi.040")
    expect(hassan.details.documents).toContainEqual({ type: "Passport", number: "AB850901", country: "United Republic of Tanzania", note: "Expiration date: 2026-12-11." })
    expect(hassan.details.positions).toContain("Lieutenant general")
    // <LISTED_ON>2015-04-07-04:00</LISTED_ON>: the hashed listed_on stays as it was (null), the details give the day.
    const fazlullah = await entry(un, "QDi.352")
    expect(fazlullah.listed_on).toBeNull()
    expect(fazlullah.details.listed_on).toBe("2015-04-07")
  })

  it("UK OFSI: the address columns, position, nationality, date of birth as written, Other Information with its statement of reasons", async () => {
    const haq = await entry(ukXlsx, "15672")
    expect(haq.details.addresses).toEqual([{ address: "Hafizabad Taluka Daharki, District Ghotki", country: "Pakistan", note: null }])
    expect(haq.details.positions).toEqual(["Cleric (“Pir”) of Bharchundi Sharif Shrine"])
    expect(haq.details.nationalities).toEqual(["Pakistan"])
    expect(haq.details.remarks).toHaveLength(1)
    expect(haq.details.remarks[0]).toContain("(UK Statement of Reasons):Mian Abdul HAQ is a cleric")
    expect((await entry(ukXlsx, "15890")).details.dates_of_birth).toEqual(["22/08/1990"])
    expect((await entry(ukXlsx, "16636")).details.addresses).toEqual([{ address: "BUILDING 258/4, PROSPECT SUYINBAI, ALMATY", country: "Kazakhstan", note: null }])
    expect((await entry(ukInvBan, "13119")).details.remarks).toEqual([
      "Listed under Schedule 2 of the Russia (Sanctions) (EU Exit) Regulations 2019 (S.I. 2019/855). Not subject to an asset freeze."
    ])
  })

  it("EU FSF: remarks, addresses with their remark, births, citizenship, functions, documents, each regulation with its Official Journal address", async () => {
    const pci = await entry(euFsf, "3822")
    expect(pci.details.addresses).toContainEqual({ address: "Parchin Forked Rd., 35th km. Khavaran Rd., Pakdasht, Tehran", country: "IRAN (ISLAMIC REPUBLIC OF)", note: "Factory" })
    expect(pci.details.addresses).toContainEqual({ address: "Pasdaran Square, PO Box 16765/358, Tehran", country: "IRAN (ISLAMIC REPUBLIC OF)", note: null })
    expect(pci.details.remarks).toEqual(["UN designation:24/03/2007 (no longer valid)"])
    expect(pci.details.legal_acts).toEqual([{ title: "2024/2074 (OJ L29072024), published 2024-07-29", url: "https://eur-lex.europa.eu/legal-content/EN/TXT/PDF/?uri=OJ:L_202402074" }])
    const jan = await entry(euFsf, "521")
    expect(jan.details.remarks[0]).toMatch(/^Believed to be in Afghanistan\/ Pakistan border area/)
    expect(jan.details.dates_of_birth).toEqual(["circa 1953 to 1958"])
    expect(jan.details.nationalities).toEqual(["AFGHANISTAN"])
    expect(jan.details.positions).toEqual(["Minister of Water and Electricity under the Taliban regime"])
    expect((await entry(euFsf, "6106")).details.documents).toEqual([{ type: "National passport", number: "FK117RK0", country: "LIBYA", note: "issued 2018-11-25; valid to 2026-11-24" }])
  })

  it("EU legacy XML: the entity's remark and legal basis, addresses, births, functions (once whatever their case)", async () => {
    const bank = await entry(euLegacy, "230")
    expect(bank.details.addresses).toEqual([{ address: "Rashid Street, Baghdad", country: "IRQ", note: null }, { address: "Mosul", country: "IRQ", note: null }])
    expect(bank.details.remarks).toEqual(["(former Governor was Dr Issam El Moulla HWEISH; offices in Mosul and Basra)"])
    const mugabe = await entry(euLegacy, "1")
    expect(mugabe.details.dates_of_birth).toEqual(["1924-02-21"])
    expect(mugabe.details.places_of_birth).toEqual(["Kutama"])
    expect(mugabe.details.positions).toEqual(["President"])
    expect(mugabe.details.legal_acts[0]!.url).toBe("http://eur-lex.europa.eu/LexUriServ/LexUriServ.do?uri=OJ:L:2012:049:0002:0016:EN:PDF")
  })

  it("World Bank: the firm's address and country, the scope notes of its Additional Firm Info", async () => {
    const grand = await entry(worldBank, "GRAND MOTORS LLC")
    expect(grand.details.addresses).toEqual([{ address: "BINAGADI HIGHWAY, MADAN STREET 4 AZ1053, BAKU", country: "Azerbaijan", note: null }])
    expect(grand.details.remarks).toEqual([]) // its info is the footnote marker *678 only
    const egis = await entry(worldBank, "EGIS WATER AND MARITIME")
    expect(egis.details.remarks).toEqual(["(BUT ONLY FOR ITS BUSINESS OPERATIONS IN THE WATER AND SANITATION SECTOR)"])
  })
})

describe("an entry's hash does not cover its details", () => {
  it("every entry of every shipped list hashes the same with and without its details", async () => {
    let checked = 0
    for (const file of [sdn, consolidated, un, ukXlsx, ukInvBan, euFsf, euLegacy, worldBank]) {
      for (const e of await entriesOf(file)) {
        const { details: _, ...without } = e
        expect(entryHash({ ...without }), `${e.list} ${e.entry_id}`).toBe(entryHash({ ...e }))
        checked++
      }
    }
    expect(checked).toBeGreaterThan(20_000)
  }, 120_000)

  it("a change of its details leaves the hash; a change of what screening reads moves it", async () => {
    const bnc = await entry(sdn, "306")
    const moved = { ...bnc, details: { ...bnc.details, remarks: ["another remark"] } }
    expect(entryHash(moved)).toBe(entryHash({ ...bnc }))
    expect(entryHash({ ...bnc, programs: ["CUBA", "SDGT"] })).not.toBe(entryHash({ ...bnc }))
  })
})
