import { describe, expect, it } from "@effect/vitest"
import { countryCodeOfName } from "../../src/domain/countryNames.js"

describe("country names as the lists write them", () => {
  it("reads English names, the lists' inverted and old forms, and codes", () => {
    const cases: ReadonlyArray<readonly [string, string]> = [
      ["Nigeria", "NG"], ["South Africa", "ZA"], ["United Kingdom", "GB"], ["United States", "US"], ["France", "FR"],
      ["Hong Kong", "HK"], ["Korea, North", "KP"], ["Korea, South", "KR"], ["Democratic People's Republic of Korea", "KP"],
      ["Burma", "MM"], ["Myanmar", "MM"], ["Congo, Democratic Republic of the", "CD"], ["Democratic Republic of the Congo", "CD"],
      ["Congo, Republic of the", "CG"], ["Cote d Ivoire", "CI"], ["Côte d’Ivoire", "CI"], ["Iran (Islamic Republic of)", "IR"],
      ["Syrian Arab Republic", "SY"], ["Russian Federation", "RU"], ["Bahamas, The", "BS"], ["Man, Isle of", "IM"],
      ["Virgin Islands, British", "VG"], ["Region: Crimea", "UA"], ["Region: Gaza", "PS"], ["West Bank", "PS"],
      ["Bosnia and Herzegovina", "BA"], ["Saint Kitts and Nevis", "KN"], ["Saint Vincent and the Grenadines", "VC"],
      ["Trinidad and Tobago", "TT"], ["North Macedonia, The Republic of", "MK"], ["Turkey", "TR"], ["Türkiye", "TR"],
      ["Kosovo", "XK"], ["Serbia", "RS"], ["Benin", "BJ"], ["Burkina Faso", "BF"], ["The Gambia", "GM"], ["ng", "NG"]
    ]
    for (const [name, code] of cases) expect([name, countryCodeOfName(name)]).toEqual([name, code])
  })

  it("gives null for what is not one country", () => {
    for (const name of ["undetermined", "Region: Commonwealth of Independent States", "", "Atlantis"]) {
      expect(countryCodeOfName(name)).toBeNull()
    }
  })
})
