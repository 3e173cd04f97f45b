import { countryCodeOfName } from "./countryNames.js"

/** What the caller knows of the subject screened, to raise or lower a hit (never to find one). */
export interface KnownFacts {
  /** YYYY, YYYY-MM or YYYY-MM-DD. */
  readonly date_of_birth?: string | undefined
  /** ISO 3166-1 alpha-2, upper case. */
  readonly nationality?: string | undefined
  readonly identifiers?: ReadonlyArray<{ readonly type?: string | undefined; readonly value: string }> | undefined
}

/** What a hit's listing says that the facts are weighed against (its `listing`, details when they were read). */
export interface ListedFacts {
  readonly entity_type: string
  readonly identifiers: ReadonlyArray<{ readonly type: string; readonly value: string }>
  readonly details?: {
    readonly nationalities: ReadonlyArray<string>
    readonly dates_of_birth: ReadonlyArray<string>
    readonly documents: ReadonlyArray<{ readonly type: string; readonly number: string }>
  } | null | undefined
}

export interface FactFactor {
  readonly factor: string
  readonly effect: number
  readonly detail: string
}

/** Score effects of what the caller knows, on a hit's 0-1 score. */
export const FACT_EFFECTS = {
  dateOfBirthAgrees: 0.06,
  yearOfBirthAgrees: 0.04,
  yearOfBirthOneOff: -0.05,
  yearOfBirthConflicts: -0.15,
  nationalityAgrees: 0.04,
  nationalityConflicts: -0.1,
  identifierAgrees: 0.2
} as const

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
const pad = (n: number) => String(n).padStart(2, "0")

interface ListedBirth {
  readonly from: number
  readonly to: number
  /** YYYY-MM-DD when the list gives a whole date. */
  readonly date: string | null
}

/**
 * A date of birth as a list writes it: "1971", "01 Apr 1956", "Apr 1960", "circa 1979-1982", "1958 to 1962",
 * "1960-01-01" (UN, EU), "01/04/1960" or "00/00/1960" (UK, 00 for an unknown part). Circa widens by two years. Null:
 * no year in it.
 */
export const listedBirth = (text: string): ListedBirth | null => {
  const years = [...text.matchAll(/(?<!\d)(1[89]\d\d|20\d\d)(?!\d)/g)].map((m) => Number(m[1]))
  if (years.length === 0) return null
  const circa = /circa|approx|about|\bc\./i.test(text) ? 2 : 0
  const ranged = years.length >= 2 && /\d{4}\s*(?:to|-|–)\s*\d{4}/i.test(text)
  const from = (ranged ? Math.min(...years) : years[0]!) - circa
  const to = (ranged ? Math.max(...years) : years[0]!) + circa
  const iso = /(\d{4})-(\d{2})-(\d{2})/.exec(text)
  const dmy = /(\d{2})\/(\d{2})\/(\d{4})/.exec(text)
  const worded = /(\d{1,2})\s+([A-Za-z]{3})[a-z]*\.?\s+(\d{4})/.exec(text)
  const date = ranged || circa > 0 ? null
    : iso !== null ? `${iso[1]}-${iso[2]}-${iso[3]}`
    : dmy !== null && dmy[1] !== "00" && dmy[2] !== "00" ? `${dmy[3]}-${dmy[2]}-${dmy[1]}`
    : worded !== null && MONTHS.includes(worded[2]!.toLowerCase()) ? `${worded[3]}-${pad(MONTHS.indexOf(worded[2]!.toLowerCase()) + 1)}-${pad(Number(worded[1]))}`
    : null
  return { from, to, date }
}

const birthFactor = (known: string, listed: ReadonlyArray<string>): FactFactor | null => {
  const births = listed.flatMap((t) => listedBirth(t) ?? [])
  if (births.length === 0) return null
  const year = Number(known.slice(0, 4))
  const said = listed.join("; ")
  if (known.length === 10 && births.some((b) => b.date === known)) {
    return { factor: "date_of_birth_agrees", effect: FACT_EFFECTS.dateOfBirthAgrees, detail: `date of birth ${known} is the list's (${said})` }
  }
  if (births.some((b) => year >= b.from && year <= b.to)) {
    return { factor: "year_of_birth_agrees", effect: FACT_EFFECTS.yearOfBirthAgrees, detail: `born in ${year}, as the list gives (${said})` }
  }
  const off = Math.min(...births.map((b) => Math.min(Math.abs(year - b.from), Math.abs(year - b.to))))
  return off <= 1
    ? { factor: "year_of_birth_one_off", effect: FACT_EFFECTS.yearOfBirthOneOff, detail: `born in ${year}, a year from the list's (${said})` }
    : { factor: "year_of_birth_conflicts", effect: FACT_EFFECTS.yearOfBirthConflicts, detail: `born in ${year}; the list gives ${said}` }
}

const nationalityFactor = (known: string, listed: ReadonlyArray<string>): FactFactor | null => {
  const codes = listed.map(countryCodeOfName).filter((c): c is string => c !== null)
  if (codes.length === 0) return null
  const said = listed.join("; ")
  return codes.includes(known)
    ? { factor: "nationality_agrees", effect: FACT_EFFECTS.nationalityAgrees, detail: `nationality ${known}, as the list gives (${said})` }
    : { factor: "nationality_conflicts", effect: FACT_EFFECTS.nationalityConflicts, detail: `nationality ${known}; the list gives ${said}` }
}

const identifierKey = (value: string) => value.normalize("NFKC").toUpperCase().replace(/[^\p{L}\p{N}]/gu, "")

const identifierFactor = (known: KnownFacts["identifiers"], listed: ListedFacts): FactFactor | null => {
  if (known === undefined || known.length === 0) return null
  const held = [
    ...listed.identifiers.map((i) => ({ type: i.type, value: i.value })),
    ...(listed.details?.documents ?? []).map((d) => ({ type: d.type, value: d.number }))
  ]
  for (const k of known) {
    const same = held.find((h) => identifierKey(h.value) !== "" && identifierKey(h.value) === identifierKey(k.value))
    if (same !== undefined) {
      return { factor: "identifier_agrees", effect: FACT_EFFECTS.identifierAgrees, detail: `identifier ${k.value} is the list's ${same.type}` }
    }
  }
  return null
}

/**
 * What the caller knows, weighed against what a list says of a hit's entry: a date or year of birth and a nationality
 * (individuals only) and identifiers (any entry) that agree raise the hit, a year of birth or a nationality that
 * conflicts lowers it; a fact the list does not give changes nothing and is said so. Pure.
 */
export const weighKnownFacts = (known: KnownFacts, listed: ListedFacts): ReadonlyArray<FactFactor> => {
  const person = listed.entity_type === "individual"
  const details = listed.details ?? null
  const notListed = (what: string): FactFactor => ({ factor: `${what}_not_listed`, effect: 0, detail: `the list gives no ${what.replace(/_/g, " ")} to compare` })
  const factors: Array<FactFactor> = []
  if (person && known.date_of_birth !== undefined) factors.push(birthFactor(known.date_of_birth, details?.dates_of_birth ?? []) ?? notListed("date_of_birth"))
  if (person && known.nationality !== undefined) factors.push(nationalityFactor(known.nationality.toUpperCase(), details?.nationalities ?? []) ?? notListed("nationality"))
  const id = identifierFactor(known.identifiers, listed)
  if (id !== null) factors.push(id)
  return factors
}

/**
 * A hit's score after the facts: their effects added, within 0-1, and never below `floor` (the review threshold) for a
 * hit that reached it: what a caller declares may lower a name's hit to potential_match, never clear it.
 */
export const scoreWithFacts = (score: number, factors: ReadonlyArray<FactFactor>, floor: number): number => {
  const moved = Math.min(1, Math.max(0, score + factors.reduce((sum, f) => sum + f.effect, 0)))
  const kept = score >= floor ? Math.max(floor, moved) : moved
  return Math.round(kept * 100) / 100
}
