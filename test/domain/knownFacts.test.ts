import { describe, expect, it } from "vitest"
import { FACT_EFFECTS, listedBirth, scoreWithFacts, weighKnownFacts } from "../../src/domain/knownFacts.js"

const person = (dates: ReadonlyArray<string>, nationalities: ReadonlyArray<string> = [], documents: ReadonlyArray<{ type: string; number: string }> = []) => ({
  entity_type: "individual",
  identifiers: [] as ReadonlyArray<{ type: string; value: string }>,
  details: { dates_of_birth: dates, nationalities, documents }
})
const factors = (...args: Parameters<typeof weighKnownFacts>) => weighKnownFacts(...args).map((f) => [f.factor, f.effect])

describe("listedBirth: a date of birth as the lists write it", () => {
  it.each([
    ["1971", { from: 1971, to: 1971, date: null }],
    ["01 Apr 1956", { from: 1956, to: 1956, date: "1956-04-01" }],
    ["Apr 1960", { from: 1960, to: 1960, date: null }],
    ["circa 1979-1982", { from: 1977, to: 1984, date: null }],
    ["1958 to 1962", { from: 1958, to: 1962, date: null }],
    ["circa 1960", { from: 1958, to: 1962, date: null }],
    ["1960-01-31", { from: 1960, to: 1960, date: "1960-01-31" }],
    ["31/01/1960", { from: 1960, to: 1960, date: "1960-01-31" }],
    ["00/00/1960", { from: 1960, to: 1960, date: null }]
  ])("%s", (text, expected) => expect(listedBirth(text)).toEqual(expected))

  it("no year: null", () => expect(listedBirth("unknown")).toBeNull())
})

describe("weighKnownFacts: what the caller knows raises or lowers a hit", () => {
  it("a whole date the list gives, a year in its range, a year one off, a year far off", () => {
    expect(factors({ date_of_birth: "1956-04-01" }, person(["01 Apr 1956"]))).toEqual([["date_of_birth_agrees", FACT_EFFECTS.dateOfBirthAgrees]])
    expect(factors({ date_of_birth: "1956-05-01" }, person(["01 Apr 1956"]))).toEqual([["year_of_birth_agrees", FACT_EFFECTS.yearOfBirthAgrees]])
    expect(factors({ date_of_birth: "1980" }, person(["circa 1979-1982"]))).toEqual([["year_of_birth_agrees", FACT_EFFECTS.yearOfBirthAgrees]])
    expect(factors({ date_of_birth: "1967" }, person(["1966"]))).toEqual([["year_of_birth_one_off", FACT_EFFECTS.yearOfBirthOneOff]])
    expect(factors({ date_of_birth: "1990-03-02" }, person(["1966"]))).toEqual([["year_of_birth_conflicts", FACT_EFFECTS.yearOfBirthConflicts]])
  })

  it("a nationality as the list writes it, or another", () => {
    expect(factors({ nationality: "SO" }, person([], ["Somalia"]))).toEqual([["nationality_agrees", FACT_EFFECTS.nationalityAgrees]])
    expect(factors({ nationality: "cd" }, person([], ["Congo, Democratic Republic of the"]))).toEqual([["nationality_agrees", FACT_EFFECTS.nationalityAgrees]])
    expect(factors({ nationality: "KE" }, person([], ["Somalia"]))).toEqual([["nationality_conflicts", FACT_EFFECTS.nationalityConflicts]])
  })

  it("a fact the list does not give changes nothing, and is said so", () => {
    expect(factors({ date_of_birth: "1966", nationality: "SO" }, person([]))).toEqual([["date_of_birth_not_listed", 0], ["nationality_not_listed", 0]])
    expect(factors({ date_of_birth: "1966" }, { ...person(["1971"]), details: null })).toEqual([["date_of_birth_not_listed", 0]])
  })

  it("birth and nationality weigh only on individuals; an identifier the list gives on any entry", () => {
    const vessel = { entity_type: "vessel", identifiers: [{ type: "imo", value: "9187629" }], details: null }
    expect(factors({ date_of_birth: "1966", nationality: "SO" }, vessel)).toEqual([])
    expect(factors({ identifiers: [{ type: "imo", value: "IMO 918-7629".replace("IMO ", "") }] }, vessel)).toEqual([["identifier_agrees", FACT_EFFECTS.identifierAgrees]])
    expect(factors({ identifiers: [{ value: "a 12 345" }] }, person([], [], [{ type: "Passport", number: "A12345" }]))).toEqual([["identifier_agrees", FACT_EFFECTS.identifierAgrees]])
    expect(factors({ identifiers: [{ value: "B999" }] }, person([], [], [{ type: "Passport", number: "A12345" }]))).toEqual([])
  })
})

describe("scoreWithFacts", () => {
  const f = (effect: number) => ({ factor: "x", effect, detail: "" })
  it("adds the effects within 0-1", () => {
    expect(scoreWithFacts(0.89, [f(0.04), f(0.04)], 0.7)).toBe(0.97)
    expect(scoreWithFacts(0.98, [f(0.2)], 0.7)).toBe(1)
  })
  it("never lowers a hit that reached the review threshold below it", () => {
    expect(scoreWithFacts(1, [f(-0.15), f(-0.1)], 0.7)).toBe(0.75)
    expect(scoreWithFacts(0.75, [f(-0.15)], 0.7)).toBe(0.7)
  })
})
