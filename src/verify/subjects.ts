import type { CompanyDetails } from "../companies/CompanyRepo.js"
import type { ScreenSubject } from "../sanctions/matching/screen.js"
import type { Found } from "./candidates.js"
import { type DecidedHit, outcomeOf } from "../domain/decisions.js"

const OWNER_ROLE = /significant control|owner|benefici|shareholder/i

/**
 * Every name in play: the name as given (whatever the resolution found), the resolved legal name, its aliases
 * and former names. The people the record names are screened apart: natural persons as individuals, corporate owners
 * as entities, owners of a kind the register does not say as both.
 */
export const businessNames = (given: string | undefined, found: Found | null, details: CompanyDetails): ReadonlyArray<ScreenSubject> => [
  ...(given === undefined ? [] : [{ name: given, from: "input" as const }]),
  ...(found === null ? [] : [{ name: found.company.legal_name, from: "legal_name" as const }]),
  ...details.aliases.map((name) => ({ name, from: details.formerNames.includes(name) ? "former_name" as const : "alias" as const }))
]

type HeldPerson = CompanyDetails["people"][number]

const subjectOf = (p: HeldPerson): ScreenSubject => ({
  name: p.name,
  from: OWNER_ROLE.test(p.role ?? "") ? "owner" : "officer"
})

/** A person's names: as the source reads it, and as the register writes it where that differs (both screened). */
const namesOf = (p: HeldPerson): ReadonlyArray<string> =>
  p.registered_as === undefined || p.registered_as === null || p.registered_as === p.name ? [p.name] : [p.name, p.registered_as]

const subjectsOf = (p: HeldPerson): ReadonlyArray<ScreenSubject> => namesOf(p).map((name) => ({ ...subjectOf(p), name }))

/** The people the record names who are (or may be) natural persons: screened against the lists' individuals. */
export const peopleNames = (details: CompanyDetails): ReadonlyArray<ScreenSubject> =>
  details.people.filter((p) => p.kind !== "entity").flatMap(subjectsOf)

/** Owners that are (or may be) legal entities ("Dangote Industries Limited"): screened against entities and vessels. */
export const corporateOwnerNames = (details: CompanyDetails): ReadonlyArray<ScreenSubject> =>
  details.people.filter((p) => p.kind !== "individual").flatMap(subjectsOf)

/** Years on the register after which a company is of long standing. */
const ESTABLISHED_YEARS = 10

/**
 * A listed company, or one incorporated ten years ago or more: a name a letter away from a listed entity's name with
 * another legal form does not designate it (`ScreenOptions.established`).
 */
export const establishedCompany = (
  company: { readonly listed_ticker?: string | null | undefined; readonly incorporation_date?: string | null | undefined } | null | undefined,
  now: Date
): boolean => {
  if (company === null || company === undefined) return false
  if (company.listed_ticker !== null && company.listed_ticker !== undefined) return true
  const since = company.incorporation_date === null || company.incorporation_date === undefined ? NaN : Date.parse(company.incorporation_date)
  return !Number.isNaN(since) && now.getTime() - since >= ESTABLISHED_YEARS * 365.25 * 24 * 3600 * 1000
}

type PersonHit = DecidedHit & { readonly screened_name: string; readonly screened_from: string; readonly dismissed: boolean }

/** Each person the record names with their own result: the hits their name produced (none screened: unavailable). */
export const peopleResults = (details: CompanyDetails, hits: ReadonlyArray<PersonHit>, screened: boolean, matchAt: number) =>
  details.people.map((p) => {
    const { from } = subjectOf(p)
    const role = from === "owner" ? "owner" as const : "officer" as const
    const names = namesOf(p)
    const own = hits.filter((h) => names.includes(h.screened_name) && h.screened_from === role)
    return { name: p.name, role, position: p.role ?? null, source: "record" as const, result: screened ? outcomeOf(own, matchAt) : "unavailable" as const }
  })

type Kind = "individual" | "entity" | "vessel"

/** Each name screened once, with every kind of listed entry it was screened against (the verdict's `names_screened`). */
export const namesScreened = (groups: ReadonlyArray<{ readonly subjects: ReadonlyArray<ScreenSubject>; readonly kinds: ReadonlyArray<Kind> }>) => {
  const named = new Map<string, { name: string; from: ScreenSubject["from"]; kinds: Set<Kind> }>()
  for (const { subjects, kinds } of groups) {
    for (const s of subjects) {
      const key = `${s.from}\u0000${s.name}`
      const held = named.get(key) ?? { name: s.name, from: s.from, kinds: new Set<Kind>() }
      kinds.forEach((k) => held.kinds.add(k))
      named.set(key, held)
    }
  }
  const order: ReadonlyArray<Kind> = ["individual", "entity", "vessel"]
  return [...named.values()].map((n) => ({ name: n.name, from: n.from, screened_as: order.filter((k) => n.kinds.has(k)) }))
}
