import { describe, expect, it } from "vitest"
import { officialListingUrl } from "../../src/sanctions/listing.js"
import { aliasKindWords, matchWords } from "../../src/web/words.js"

describe("a hit's explanation in words a reviewer reads", () => {
  it("legal-form classes and alias kinds read as words; the rest is kept as written", () => {
    expect(matchWords(`"safaricom #co" against "safaricom #plc": 1 of 2 words agree; score 0.71`))
      .toBe(`"safaricom company" against "safaricom public limited company": 1 of 2 words agree; score 0.71`)
    expect(matchWords(`same name "AL-QAIDA" (its packed; the other entry's: "AL-QAIDA", its aka)`))
      .toBe(`same name "AL-QAIDA" (its second name of a listing that gives two in one; the other entry's: "AL-QAIDA", its also known as)`)
    expect(matchWords(`(its name; the other entry's: "X", its original_script)`)).toBe(`(its name; the other entry's: "X", its name in its original script)`)
    expect(matchWords(`"#zz" stays a word`)).toBe(`"zz" stays a word`)
    expect(aliasKindWords("weak_aka")).toBe("weak alias (the list's own)")
    expect(aliasKindWords("brand_new_kind")).toBe("brand new kind")
  })

  it("an official page only for OFAC's numbered entries", () => {
    expect(officialListingUrl("ofac_sdn", "306")).toBe("https://sanctionssearch.ofac.treas.gov/Details.aspx?id=306")
    expect(officialListingUrl("ofac_consolidated", "18224")).toBe("https://sanctionssearch.ofac.treas.gov/Details.aspx?id=18224")
    expect(officialListingUrl("un_sc", "SOe.001")).toBeNull()
    expect(officialListingUrl("uk_ofsi", "12345")).toBeNull()
    expect(officialListingUrl("eu_fsf", "EU.123.45")).toBeNull()
  })
})
