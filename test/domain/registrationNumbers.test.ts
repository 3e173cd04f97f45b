import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  cacNumberFromSearch,
  candidateKeys,
  canonicalNumber,
  countryOfRegistry,
  isRegistryId,
  numberKey,
  type RegistryId,
  registryForCountry,
  registryIds
} from "../../src/domain/registrationNumbers.js"

/** [registry, raw, key, display, valid, expected details subset] — every example of REGISTRIES.md is here. */
type Row = readonly [RegistryId, string, string, string, boolean, Record<string, string>?]

const examples: ReadonlyArray<Row> = [
  // ng-cac
  ["ng-cac", "RC 208767", "RC208767", "RC 208767", true, { class: "RC", class_name: "company" }],
  ["ng-cac", "RC-208767", "RC208767", "RC 208767", true],
  ["ng-cac", "rc.208767", "RC208767", "RC 208767", true],
  ["ng-cac", "RC208767", "RC208767", "RC 208767", true],
  ["ng-cac", " rc / 208767 ", "RC208767", "RC 208767", true],
  ["ng-cac", "RC_208767", "RC208767", "RC 208767", true],
  ["ng-cac", "RC1726083", "RC1726083", "RC 1726083", true],
  ["ng-cac", "BN 2345678", "BN2345678", "BN 2345678", true, { class: "BN", class_name: "business name" }],
  ["ng-cac", "IT 12345", "IT12345", "IT 12345", true, { class: "IT", class_name: "incorporated trustees" }],
  ["ng-cac", "LP 1234", "LP1234", "LP 1234", true, { class: "LP" }],
  ["ng-cac", "LLP-1234", "LLP1234", "LLP 1234", true, { class: "LLP" }],
  ["ng-cac", "RC 613", "RC613", "RC 613", true],
  ["ng-cac", "RC No. 613", "RC613", "RC 613", true],
  ["ng-cac", "RC N° 613", "RC613", "RC 613", true],
  ["ng-cac", "208767", "RC208767", "RC 208767", true, { class: "RC", class_assumed: "true" }],
  ["ng-cac", "RC 0012345", "RC0012345", "RC 0012345", true],
  ["ng-cac", "XY 208767", "XY208767", "XY 208767", false],
  ["ng-cac", "RC 12345678901", "RC12345678901", "RC 12345678901", false],
  ["ng-cac", "RC", "RC", "RC", false],
  // gh-orc
  ["gh-orc", "CS160152013", "CS160152013", "CS160152013", true, { prefix: "CS", year: "2013", sequence: "16015" }],
  ["gh-orc", "cs-16015-2013", "CS160152013", "CS160152013", true],
  ["gh-orc", "CG 01234 2019", "CG012342019", "CG012342019", true, { entity_type: "company limited by guarantee" }],
  ["gh-orc", "C-12345", "C12345", "C12345", true, { prefix: "C" }],
  ["gh-orc", "BN 123456", "BN123456", "BN123456", true, { prefix: "BN" }],
  ["gh-orc", "XY123", "XY123", "XY123", false],
  // ke-brs
  ["ke-brs", "PVT-JZUA6Z663", "PVTJZUA6Z663", "PVT-JZUA6Z663", true, { prefix: "PVT", entity_type: "private company" }],
  ["ke-brs", "pvt jzua6z663", "PVTJZUA6Z663", "PVT-JZUA6Z663", true],
  ["ke-brs", "PVT.JZUA6Z663", "PVTJZUA6Z663", "PVT-JZUA6Z663", true],
  ["ke-brs", "CLG-7AB12CD", "CLG7AB12CD", "CLG-7AB12CD", true, { entity_type: "company limited by guarantee" }],
  ["ke-brs", "C.12345", "C12345", "C.12345", true, { prefix: "C" }],
  ["ke-brs", "C 12345", "C12345", "C.12345", true],
  ["ke-brs", "CPR/2009/12345", "CPR200912345", "CPR/2009/12345", true, { year: "2009" }],
  ["ke-brs", "CPR-2009-12345", "CPR200912345", "CPR/2009/12345", true],
  ["ke-brs", "P051092002G", "P051092002G", "P051092002G", false],
  ["ke-brs", "PVT-12", "PVT12", "PVT-12", false],
  // za-cipc
  ["za-cipc", "1950/038232/06", "195003823206", "1950/038232/06", true, { entity_type_code: "06", entity_type: "public company", year: "1950" }],
  ["za-cipc", "1950-038232-06", "195003823206", "1950/038232/06", true],
  ["za-cipc", "1950.038232.06", "195003823206", "1950/038232/06", true],
  ["za-cipc", "1950 038232 06", "195003823206", "1950/038232/06", true],
  ["za-cipc", "195003823206", "195003823206", "1950/038232/06", true],
  ["za-cipc", "1994/009584/06", "199400958406", "1994/009584/06", true],
  ["za-cipc", "1991/005476/30", "199100547630", "1991/005476/30", true, { entity_type: "state-owned company" }],
  ["za-cipc", "2006/006498/07", "200600649807", "2006/006498/07", true, { entity_type: "private company" }],
  ["za-cipc", "2012/123456/08", "201212345608", "2012/123456/08", true, { entity_type: "non-profit company" }],
  ["za-cipc", "1999/123456/21", "199912345621", "1999/123456/21", true, { entity_type: "personal liability company" }],
  ["za-cipc", "CK1995/012345/23", "199501234523", "1995/012345/23", true, { entity_type: "close corporation" }],
  ["za-cipc", "CK 95/12345/23", "199501234523", "1995/012345/23", true, { year_expanded: "true" }],
  ["za-cipc", "1950/38232/06", "195003823206", "1950/038232/06", true],
  ["za-cipc", "1950/038232/99", "195003823299", "1950/038232/99", true, { entity_type_code: "99" }],
  ["za-cipc", "0950/038232/06", "095003823206", "0950/038232/06", false],
  ["za-cipc", "1950/038232", "1950038232", "1950/038232", false],
  ["za-cipc", "K2011123456", "K2011123456", "K2011123456", false],
  // tz-brela
  ["tz-brela", "123456", "123456", "123456", true],
  ["tz-brela", "123 456", "123456", "123456", true],
  ["tz-brela", "154127389", "154127389", "154127389", true],
  ["tz-brela", "ET-COMPANY", "ETCOMPANY", "ET-COMPANY", false],
  // ug-ursb
  ["ug-ursb", "80010001803086", "80010001803086", "80010001803086", true, { kind: "brn" }],
  ["ug-ursb", "8001 0001 8030 86", "80010001803086", "80010001803086", true],
  ["ug-ursb", "BN-55471", "BN55471", "BN-55471", true, { kind: "legacy business name" }],
  ["ug-ursb", "bn 55471", "BN55471", "BN-55471", true],
  ["ug-ursb", "101303A", "101303A", "101303A", true, { kind: "legacy company number" }],
  ["ug-ursb", "ABC-1", "ABC1", "ABC-1", false],
  // zm-pacra
  ["zm-pacra", "120130109834", "120130109834", "120130109834", true, { kind_digit: "1", year: "2013" }],
  ["zm-pacra", "320170016571", "320170016571", "320170016571", true, { year: "2017" }],
  ["zm-pacra", "1202-1002-3366", "120210023366", "120210023366", true, { year: "2021" }],
  ["zm-pacra", "12013010983", "12013010983", "12013010983", false],
  // mu-cbrd
  ["mu-cbrd", "C137459", "C137459", "C137459", true, { kind: "file_number", entity: "company" }],
  ["mu-cbrd", "c 137459", "C137459", "C137459", true],
  ["mu-cbrd", "C07012345", "C07012345", "C07012345", true, { kind: "brn" }],
  ["mu-cbrd", "P16", "P16", "P16", true, { kind: "file_number", entity: "partnership" }],
  ["mu-cbrd", "137459", "137459", "137459", false],
  // sn-rccm
  ["sn-rccm", "SN-DKR-2017-B-12345", "SNDKR2017B12345", "SN-DKR-2017-B-12345", true, { country: "SN", city: "DKR", year: "2017", section: "B", sequence: "12345" }],
  ["sn-rccm", "SN.DKR.2017.B.12345", "SNDKR2017B12345", "SN-DKR-2017-B-12345", true],
  ["sn-rccm", "SN DKR 2017 B 12345", "SNDKR2017B12345", "SN-DKR-2017-B-12345", true],
  ["sn-rccm", "SN/DKR/2017/B/12345", "SNDKR2017B12345", "SN-DKR-2017-B-12345", true],
  ["sn-rccm", "sndkr2017b12345", "SNDKR2017B12345", "SN-DKR-2017-B-12345", true],
  ["sn-rccm", "RCCM SN-DKR-2017-B-12345", "SNDKR2017B12345", "SN-DKR-2017-B-12345", true],
  ["sn-rccm", "RCCM N° SN DKR 2017 B 12345", "SNDKR2017B12345", "SN-DKR-2017-B-12345", true],
  ["sn-rccm", "DKR-2017-B-12345", "SNDKR2017B12345", "SN-DKR-2017-B-12345", true],
  ["sn-rccm", "SN-DKR-2017-A-00123", "SNDKR2017A00123", "SN-DKR-2017-A-00123", true, { section_name: "personne physique" }],
  ["sn-rccm", "SN-DKR-2008-M-1234", "SNDKR2008M1234", "SN-DKR-2008-M-1234", false, { section: "M" }],
  ["sn-rccm", "CI-ABJ-2017-B-12345", "CIABJ2017B12345", "CI-ABJ-2017-B-12345", false, { country: "CI" }],
  ["sn-rccm", "SN-DKR-B-12345", "SNDKRB12345", "SN-DKR-B-12345", false],
  // ci-rccm
  ["ci-rccm", "CI-ABJ-2017-B-12345", "CIABJ2017B12345", "CI-ABJ-2017-B-12345", true],
  ["ci-rccm", "CI ABJ 2017 B 12345", "CIABJ2017B12345", "CI-ABJ-2017-B-12345", true],
  ["ci-rccm", "CI-ABJ-03-2005-B14-0001", "CIABJ032005B140001", "CI-ABJ-03-2005-B14-0001", true, { court: "03", year: "2005", section: "B", volume: "14", sequence: "0001" }],
  ["ci-rccm", "CI.ABJ.03.2005.B14.0001", "CIABJ032005B140001", "CI-ABJ-03-2005-B14-0001", true],
  ["ci-rccm", "CI-ABJ-03-2005-B-14-0001", "CIABJ032005B140001", "CI-ABJ-03-2005-B14-0001", true],
  ["ci-rccm", "CI-ABJ-2003-B-287.634", "CIABJ2003B287634", "CI-ABJ-2003-B-287634", true, { sequence: "287634" }],
  ["ci-rccm", "CI-ABJ-2003-B-287 634", "CIABJ2003B287634", "CI-ABJ-2003-B-287634", true],
  ["ci-rccm", "CI-ABJ-03-2021-B13-01234", "CIABJ032021B1301234", "CI-ABJ-03-2021-B13-01234", true],
  // cm-rccm
  ["cm-rccm", "RC/DLA/2015/B/1234", "CMDLA2015B1234", "CM-DLA-2015-B-1234", true, { country: "CM", city: "DLA", year: "2015", section: "B", sequence: "1234" }],
  ["cm-rccm", "CM-DLA-2015-B-1234", "CMDLA2015B1234", "CM-DLA-2015-B-1234", true],
  ["cm-rccm", "cm dla 2015 b 1234", "CMDLA2015B1234", "CM-DLA-2015-B-1234", true],
  ["cm-rccm", "RC/YAO/2010/A/567", "CMYAO2010A567", "CM-YAO-2010-A-567", true],
  ["cm-rccm", "RC/NGA/2015/B/12", "CMNGA2015B12", "CM-NGA-2015-B-12", true, { city: "NGA" }],
  ["cm-rccm", "M051200012345A", "M051200012345A", "M051200012345A", false],
  // ma-ompic
  ["ma-ompic", "Casablanca 123456", "CASABLANCA123456", "Casablanca 123456", true, { court: "CASABLANCA", number: "123456" }],
  ["ma-ompic", "CASABLANCA-123456", "CASABLANCA123456", "Casablanca 123456", true],
  ["ma-ompic", "RC 123456 Casablanca", "CASABLANCA123456", "Casablanca 123456", true],
  ["ma-ompic", "RC n° 123456 (Casa)", "CASABLANCA123456", "Casablanca 123456", true],
  ["ma-ompic", "Tribunal de Commerce de Casablanca 123456", "CASABLANCA123456", "Casablanca 123456", true],
  ["ma-ompic", "Rabat 123456", "RABAT123456", "Rabat 123456", true],
  ["ma-ompic", "Fès 1234", "FES1234", "Fès 1234", true],
  ["ma-ompic", "Fez 1234", "FES1234", "Fès 1234", true],
  ["ma-ompic", "El Jadida 9876", "ELJADIDA9876", "El Jadida 9876", true],
  ["ma-ompic", "Ifrane 55", "IFRANE55", "Ifrane 55", true, { court_known: "false" }],
  ["ma-ompic", "الدار البيضاء 123456", "CASABLANCA123456", "Casablanca 123456", true],
  ["ma-ompic", "السجل التجاري 123456 فاس", "FES123456", "Fès 123456", true],
  ["ma-ompic", "123456", "123456", "123456", false],
  ["ma-ompic", "Casablanca", "CASABLANCA", "CASABLANCA", false],
  // eg-cr
  ["eg-cr", "117508", "117508", "117508", true],
  ["eg-cr", "Cairo 117508", "CAIRO117508", "Cairo 117508", true, { office: "CAIRO", number: "117508" }],
  ["eg-cr", "CR No. 117508 Cairo", "CAIRO117508", "Cairo 117508", true],
  ["eg-cr", "Giza/12345", "GIZA12345", "Giza 12345", true],
  ["eg-cr", "سجل تجاري القاهرة 117508", "CAIRO117508", "Cairo 117508", true],
  ["eg-cr", "Port Said 4455", "PORTSAID4455", "Port Said 4455", true],
  ["eg-cr", "بورسعيد 4455", "PORTSAID4455", "Port Said 4455", true],
  ["eg-cr", "القاهرة ١١٧٥٠٨", "CAIRO117508", "Cairo 117508", true],
  ["eg-cr", "۱۱۷۵۰۸", "117508", "117508", true],
  ["eg-cr", "ABC", "ABC", "ABC", false],
  // mg-rcs
  ["mg-rcs", "2011 B 00123", "2011B00123", "2011 B 00123", true, { kind: "rcs", year: "2011", section: "B", sequence: "00123" }],
  ["mg-rcs", "2011B00123", "2011B00123", "2011 B 00123", true],
  ["mg-rcs", "RCS Antananarivo 2011 B 00123", "2011B00123", "2011 B 00123", true, { tribunal: "Antananarivo" }],
  ["mg-rcs", "4001257310", "4001257310", "4001257310", true, { kind: "nif" }],
  ["mg-rcs", "NIF 4001257310", "4001257310", "4001257310", true, { kind: "nif" }],
  ["mg-rcs", "46101 11 2011 0 10123", "46101112011010123", "46101112011010123", true, { kind: "stat" }],
  ["mg-rcs", "B 00123", "B00123", "B 00123", false],
  // ao-gue
  ["ao-gue", "5417123456", "5417123456", "5417123456", true, { kind: "nif" }],
  ["ao-gue", "541 712 3456", "5417123456", "5417123456", true],
  ["ao-gue", "NIF 5417123456", "5417123456", "5417123456", true],
  ["ao-gue", "541712345", "541712345", "541712345", false],
  // rw-rdb
  ["rw-rdb", "100123456", "100123456", "100123456", true],
  ["rw-rdb", "100 123 456", "100123456", "100123456", true],
  ["rw-rdb", "10012345", "10012345", "10012345", false],
  // bw-cipa
  ["bw-cipa", "BW00001234567", "BW00001234567", "BW00001234567", true, { kind: "uin" }],
  ["bw-cipa", "bw 0000 1234 567", "BW00001234567", "BW00001234567", true],
  ["bw-cipa", "CO2001/1234", "CO20011234", "CO2001/1234", true, { kind: "legacy", year: "2001", sequence: "1234" }],
  ["bw-cipa", "CO 2001/1234", "CO20011234", "CO2001/1234", true],
  ["bw-cipa", "CO/2001/1234", "CO20011234", "CO2001/1234", true],
  ["bw-cipa", "BW123", "BW123", "BW123", false],
  // tn-rne
  ["tn-rne", "1234567A", "1234567A", "1234567A", true, { kind: "identifiant_unique", control_letter: "A" }],
  ["tn-rne", "0478007G", "0478007G", "0478007G", true],
  ["tn-rne", "1234567/A", "1234567A", "1234567A", true],
  ["tn-rne", "1234567/A/M/000", "1234567A", "1234567A", true, { category: "M", establishment: "000" }],
  ["tn-rne", "1234567A/A/M/000", "1234567A", "1234567A", true, { vat_code: "A", category: "M", establishment: "000" }],
  ["tn-rne", "B0123452015", "B0123452015", "B0123452015", true, { kind: "rc", section: "B", year: "2015" }],
  ["tn-rne", "123456A", "123456A", "123456A", false],
  ["tn-rne", "12345678", "12345678", "12345678", false]
]

describe("registry ids", () => {
  it("lists the 18 registries", () => {
    expect(registryIds).toHaveLength(18)
    expect(new Set(registryIds).size).toBe(18)
  })

  it.each([
    ["NG", "ng-cac"], ["ng", "ng-cac"], ["Za", "za-cipc"], ["TN", "tn-rne"], ["ci", "ci-rccm"], ["MA", "ma-ompic"],
    ["US", null], ["", null], ["NGA", null]
  ] as const)("registryForCountry(%j) = %j", (country, id) => {
    expect(registryForCountry(country)).toBe(id)
  })

  it("maps every registry back to its country", () => {
    for (const id of registryIds) expect(registryForCountry(countryOfRegistry(id))).toBe(id)
    expect(isRegistryId("ng-cac")).toBe(true)
    expect(isRegistryId("xx-none")).toBe(false)
  })

  it("has examples for every registry", () => {
    expect(new Set(examples.map((r) => r[0]))).toEqual(new Set(registryIds))
  })
})

describe("canonicalNumber", () => {
  for (const [registry, raw, key, display, valid, details] of examples) {
    it(`${registry} ${JSON.stringify(raw)}`, () => {
      const n = canonicalNumber(registry, raw)
      expect({ key: n.key, display: n.display, valid: n.valid }).toEqual({ key, display, valid })
      if (details !== undefined) expect(n.details).toMatchObject(details)
    })
  }

  it("re-reads its own display form to the same key", () => {
    for (const [registry, raw] of examples) {
      const n = canonicalNumber(registry, raw)
      if (n.valid) expect(canonicalNumber(registry, n.display).key).toBe(n.key)
    }
  })

  it("never throws and keys are [A-Z0-9] only", () => {
    fc.assert(
      fc.property(fc.constantFrom(...registryIds), fc.string({ unit: "grapheme", maxLength: 40 }), (registry, raw) => {
        const n = canonicalNumber(registry, raw)
        expect(n.key).toMatch(/^[A-Z0-9]*$/)
      }),
      { numRuns: 2000 }
    )
  })

  const separators = fc.constantFrom("/", ".", "-", " ", "_", " / ", "")
  const reseparate = (segments: ReadonlyArray<string>, seps: ReadonlyArray<string>) =>
    segments.map((s, i) => (i === 0 ? s : `${seps[i % seps.length]}${s}`)).join("")

  it.each([
    ["za-cipc", ["1950", "038232", "06"]],
    ["ng-cac", ["RC", "208767"]],
    ["sn-rccm", ["SN", "DKR", "2017", "B", "12345"]],
    ["cm-rccm", ["CM", "DLA", "2015", "B", "1234"]],
    ["ke-brs", ["PVT", "JZUA6Z663"]],
    ["bw-cipa", ["CO", "2001", "1234"]],
    ["ug-ursb", ["BN", "55471"]],
    ["mg-rcs", ["2011", "B", "00123"]],
    ["ma-ompic", ["Casablanca", "123456"]]
  ] as const)("%s: any separators between segments give one key", (registry, segments) => {
    const expected = canonicalNumber(registry, segments.join("-")).key
    fc.assert(
      fc.property(fc.array(separators, { minLength: 1, maxLength: 6 }), fc.boolean(), (seps, lower) => {
        const raw = reseparate(segments, seps)
        const n = canonicalNumber(registry, lower ? raw.toLowerCase() : raw)
        expect(n.key).toBe(expected)
        expect(n.valid).toBe(true)
      }),
      { numRuns: 200 }
    )
  })

  it("keeps the generic key for registries without special rules", () => {
    const generic: ReadonlyArray<RegistryId> = ["gh-orc", "ke-brs", "tz-brela", "ug-ursb", "zm-pacra", "mu-cbrd", "rw-rdb", "bw-cipa"]
    fc.assert(
      fc.property(fc.constantFrom(...generic), fc.string({ maxLength: 20 }), (registry, raw) => {
        expect(canonicalNumber(registry, raw).key).toBe(numberKey(raw))
      }),
      { numRuns: 2000 }
    )
  })
})

describe("numberKey", () => {
  it.each([
    ["RC 208767", "RC208767"],
    ["rc.208767", "RC208767"],
    ["RC-208767", "RC208767"],
    ["1950/038232/06", "195003823206"],
    ["  pvt_jzua6z663 ", "PVTJZUA6Z663"],
    ["Fès 0012", "FES0012"],
    ["١١٧٥٠٨", "117508"],
    ["", ""]
  ])("numberKey(%j) = %j", (raw, key) => {
    expect(numberKey(raw)).toBe(key)
  })
})

describe("cacNumberFromSearch", () => {
  it.each([
    ["208767", 2, "RC208767"],
    ["2345678", 1, "BN2345678"],
    ["12345", 3, "IT12345"],
    ["RC 613", 2, "RC613"],
    ["613", null, "RC613"]
  ] as const)("(%j, %j) -> %s", (rc, cls, key) => {
    expect(cacNumberFromSearch(rc, cls).key).toBe(key)
  })
})

describe("candidateKeys", () => {
  it.each([
    ["ng-cac", "208767", ["RC208767", "BN208767", "IT208767", "LP208767", "LLP208767", "208767"]],
    ["ng-cac", "RC 208767", ["RC208767"]],
    ["ng-cac", "BN-2345678", ["BN2345678"]],
    ["ma-ompic", "123456", ["123456"]],
    ["ma-ompic", "Casablanca 123456", ["CASABLANCA123456"]],
    ["cm-rccm", "RC/DLA/2015/B/1234", ["CMDLA2015B1234", "RCDLA2015B1234"]],
    ["za-cipc", "1950/038232/06", ["195003823206"]],
    ["tn-rne", "1234567/A/M/000", ["1234567A", "1234567AM000"]],
    ["rw-rdb", "", []]
  ] as const)("%s %j -> %j", (registry, raw, keys) => {
    expect(candidateKeys(registry, raw)).toEqual(keys)
  })
})
