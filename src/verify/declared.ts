import type { DeclaredPerson } from "../domain/schemas/KnownFacts.js"
import { type DecidedHit, outcomeOf } from "../domain/decisions.js"
import type { ScreeningResult, ScreenSubject } from "../sanctions/matching/screen.js"
import { withKnownFacts } from "../screening/withKnownFacts.js"

type From = "declared_owner" | "declared_director"
const fromOf = (p: DeclaredPerson): From => p.role === "owner" ? "declared_owner" : "declared_director"

/** The people the customer declared (`people`), each a name to screen against the lists' individuals. */
export const declaredSubjects = (people: ReadonlyArray<DeclaredPerson>): ReadonlyArray<ScreenSubject> =>
  people.map((p) => ({ name: p.name, from: fromOf(p) }))

/** The declared people by the country they are screened in: their declared nationality, else the business's. */
export const declaredByCountry = (people: ReadonlyArray<DeclaredPerson>, business: string | undefined) => {
  const groups = new Map<string | undefined, Array<DeclaredPerson>>()
  for (const p of people) {
    const where = p.nationality?.toUpperCase() ?? business
    groups.set(where, [...(groups.get(where) ?? []), p])
  }
  return [...groups.entries()]
}

/** The hits with what the customer declared of each person (birth, nationality, identifiers) weighed in on theirs. */
export const withDeclaredFacts = (hits: ScreeningResult["hits"], people: ReadonlyArray<DeclaredPerson>): ScreeningResult["hits"] =>
  people.reduce((all, p) => withKnownFacts(all, p, (h) => h.screened_name === p.name && h.screened_from === fromOf(p)), hits)

type PersonHit = DecidedHit & { readonly screened_name: string; readonly screened_from: string; readonly dismissed: boolean }

/** Each declared person with their own result, reported as the record's people are, marked declared by the customer. */
export const declaredResults = (people: ReadonlyArray<DeclaredPerson>, hits: ReadonlyArray<PersonHit>, screened: boolean, matchAt: number) =>
  people.map((p) => {
    const own = hits.filter((h) => h.screened_name === p.name && h.screened_from === fromOf(p))
    return {
      name: p.name,
      role: p.role === "owner" ? "owner" as const : "officer" as const,
      position: p.role,
      source: "declared_by_customer" as const,
      ...(p.share === undefined ? {} : { share: p.share }),
      result: screened ? outcomeOf(own, matchAt) : "unavailable" as const
    }
  })
