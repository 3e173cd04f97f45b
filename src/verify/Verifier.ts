import { Clock, Effect, Context, Layer } from "effect"
import type { VerifyInput } from "../domain/schemas/Verdict.js"
import { type CompanyDetails, CompanyRepo } from "../companies/CompanyRepo.js"
import { namesAgree } from "../domain/nameAgreement.js"
import { applyDecisions, decisionSubjectKeys, type DecisionRule, outcomeOf } from "../domain/decisions.js"
import { normalizeName } from "../domain/normalize.js"
import { numberKey, registryForCountry, type RegistryId } from "../domain/registrationNumbers.js"
import { debarredSignal } from "../debarment/signal.js"
import { isDebarmentList, type ListId, listOrder } from "../sanctions/model.js"
import { Screener } from "../sanctions/Screener.js"
import { THRESHOLDS } from "../sanctions/matching/scoring.js"
import { mergeScreenings, type ScreenSubject } from "../sanctions/matching/screen.js"
import { Resolver } from "./Resolver.js"
import { businessNames, corporateOwnerNames, establishedCompany, namesScreened, peopleNames, peopleResults } from "./subjects.js"
import { declaredByCountry, declaredResults, declaredSubjects, withDeclaredFacts } from "./declared.js"
import { isSoleTraderType, readsAsPersonName } from "../domain/personLikeName.js"
import { verdictOf } from "./verdictOf.js"
import { makeSourcesTriedOf } from "./sourcesTriedOf.js"
import { countVerdict } from "../metrics/series.js"
import { knownFrom, lendLinked } from "../companies/link/lend.js"
import { traced } from "../metrics/span.js"

/** What a caller's decisions are looked up by: the subjects in play and the entries hit. */
export interface DecisionQuery {
  readonly subjectKeys: ReadonlyArray<string>
  /** The verification's country (asked, or the company's): name decisions recorded for another country do not apply. */
  readonly country: string | null
  readonly entries: ReadonlyArray<{ readonly list: string; readonly entry_id: string }>
}

export interface VerifyOptions {
  /** The reviewer's decisions that may apply (the caller's own); none: every hit counts. */
  readonly decisions?: (query: DecisionQuery) => Effect.Effect<ReadonlyArray<DecisionRule>>
  /** The lists screened (the account's choice); default: every list. */
  readonly lists?: ReadonlyArray<ListId>
}

/** The hits of people: those the record names and those the customer declared. */
const PEOPLE_FROM: ReadonlySet<string> = new Set(["officer", "owner", "declared_owner", "declared_director"])

const noDetails: CompanyDetails = { aliases: [], formerNames: [], people: [], contracts: false, trademarks: false, linked: [] }

/**
 * resolve -> screen -> signals -> verdict (spec 4.3, DESIGN section 4). Usable without HTTP:
 * `Verifier.verify(input)` in any Effect program that provides `Verifier.Default` and a SqlClient.
 *
 * Resolution is the Resolver's (a name given with a number is then compared with the record). A registry that
 * could not be asked makes the verdict `review` (`registry_unreachable`), never `not_found`; so does a country no live
 * registry covers when nothing a registry confirmed was found (`registry_not_covered`), and a business no registry
 * confirms (`registration_unconfirmed`). Every name in play is
 * screened (`subjects.ts`); the verdict is assembled by `verdictOf` under the policy of `src/domain/verdictPolicy.ts`.
 */
export class Verifier extends Context.Service<Verifier>()("kyb/Verifier", {
  make: Effect.gen(function*() {
    const repo = yield* CompanyRepo
    const resolver = yield* Resolver
    const screener = yield* Screener
    const sourcesTriedOf = yield* makeSourcesTriedOf

    const verify = Effect.fnUntraced(function*(input: VerifyInput, options: VerifyOptions = {}) {
      const country = input.country?.toUpperCase()
      const resolved = input.registration_no !== undefined
        ? yield* resolver.byNumber(input.registration_no, country, input.name)
        : yield* resolver.byName(input.name ?? "", country)
      const details = resolved.found === null ? noDetails : resolved.found.details ?? (yield* repo.detailsOf(resolved.found.companyId))
      // The business: its record with what the records linked to it lend (identifiers, ticker).
      const found = resolved.found === null ? null : { ...resolved.found, company: lendLinked(resolved.found.company, details.linked) }
      const resolution = { ...resolved, found }
      // A name given with a number is compared with the record the number designates.
      const nameMismatch = found !== null && input.registration_no !== undefined && input.name !== undefined &&
        !namesAgree(input.name, found.company.legal_name, details.aliases, found.company.country)
      const screenCountry = found?.company.country ?? country
      const corporateOwners = corporateOwnerNames(details)
      const established = establishedCompany(found?.company, new Date(yield* Clock.currentTimeMillis))
      const lists = options.lists ?? listOrder
      const sanctionsLists = lists.filter((l) => !isDebarmentList(l))
      const debarmentLists = lists.filter(isDebarmentList)
      const ownNames = businessNames(input.name, found, details)
      const businessSubjects = [...ownNames, ...corporateOwners]
      const business = yield* screener.screen(businessSubjects, { country: screenCountry, established, lists: sanctionsLists })
      const declared = input.people ?? []
      // A sole trader's or registered business name's names, and any of the business's names that reads as a
      // person's, are screened against the lists' individuals too (src/domain/personLikeName.ts).
      const soleTrader = isSoleTraderType(found?.company.entity_type, found?.company.entity_type_label)
      const personLike = ownNames.filter((s) => soleTrader || readsAsPersonName(s.name))
      const recordPeople = [...peopleNames(details), ...personLike]
      const people = [...peopleNames(details), ...declaredSubjects(declared)]
      const asPersons = [...recordPeople, ...declaredSubjects(declared)]
      const asIndividuals = (subjects: ReadonlyArray<ScreenSubject>, where: string | undefined) =>
        screener.screen(subjects, { country: where, entityTypes: ["individual"], lists: sanctionsLists })
      // A declared person is screened where they are from (the nationality declared), else where the business is.
      const screenedPersons = [
        ...(recordPeople.length === 0 ? [] : [yield* asIndividuals(recordPeople, screenCountry)]),
        ...(yield* Effect.forEach(declaredByCountry(declared, screenCountry), ([where, group]) => asIndividuals(declaredSubjects(group), where)))
      ]
      const personal = screenedPersons.length === 0 ? null : (() => {
        const all = mergeScreenings(screenedPersons)
        return { ...all, hits: withDeclaredFacts(all.hits, declared) }
      })()
      // Debarment: the business's names against debarred firms, the people it names against debarred individuals.
      const debarmentHits = debarmentLists.length === 0 ? [] : [
        ...(yield* screener.screen(businessSubjects, { country: screenCountry, lists: debarmentLists })).hits,
        ...(people.length === 0 ? [] : (yield* screener.screen(people, { country: screenCountry, entityTypes: ["individual"], lists: debarmentLists })).hits)
      ]
      const merged = mergeScreenings(personal === null ? [business] : [business, personal])
      const rules = options.decisions === undefined || merged.hits.length === 0
        ? []
        : yield* options.decisions({
          subjectKeys: decisionSubjectKeys(input.name, found?.company ?? null, { normalize: normalizeName, numberOf: numberKey }),
          entries: merged.hits.map((h) => ({ list: h.list, entry_id: h.entry_id })),
          country: input.country?.toUpperCase() ?? found?.company.country ?? null
        })
      const decided = applyDecisions(merged.hits, rules)
      const screening = merged.screened ? { ...merged, hits: decided, result: outcomeOf(decided, THRESHOLDS.match) } : { ...merged, hits: decided }
      const peopleHit = decided.some((h) => PEOPLE_FROM.has(h.screened_from) && !h.dismissed)
      const listSources = yield* screener.sourcesFor(lists)
      const listCurrency = yield* screener.currency(lists)
      const now = new Date(yield* Clock.currentTimeMillis)
      const debarred = debarredSignal(debarmentHits, now.toISOString().slice(0, 10))
      // Nothing a registry confirmed, and no live registry covers the country: not looked at, never "absent".
      const scope = found?.company.country ?? country
      // A number of a kind the country's registry search does not look up (a Malagasy NIF), or a name asked of a
      // registry whose search takes no names (Kenya's BRS), is not covered either: it was never asked.
      const liveCovers = (registry: RegistryId) => resolver.liveRegistries.includes(registry) &&
        (input.registration_no !== undefined ? resolver.searchesNumber(registry, input.registration_no)
          : input.name === undefined || resolver.searchesName(registry, input.name))
      const notCovered = found?.company.registry_evidence == null &&
        (scope === undefined ? resolver.liveRegistries.length === 0 : !liveCovers(registryForCountry(scope)!))
      const coverage = {
        notCovered,
        knownFrom: found === null ? [] : knownFrom(found.company, details.linked),
        sourcesTried: sourcesTriedOf(resolution, { country, number: input.registration_no }, { registries: resolver.liveRegistries, gleif: resolver.gleifEnabled })
      }
      const each = [...peopleResults(details, decided, merged.screened, THRESHOLDS.match), ...declaredResults(declared, decided, merged.screened, THRESHOLDS.match)]
      const names = namesScreened([
        { subjects: businessSubjects, kinds: ["entity", "vessel"] },
        { subjects: asPersons, kinds: ["individual"] }
      ])
      const verdict = verdictOf({
        resolution,
        nameMismatch,
        screening,
        people: { screened: details.people.length + declared.length, hit: peopleHit, each },
        evidence: details,
        listSources,
        lists: listCurrency,
        now,
        debarred,
        coverage,
        namesScreened: names
      })
      countVerdict(verdict.result, verdict.review_reason, [...decided.filter((h) => !h.dismissed), ...debarmentHits].map((h) => h.list))
      return verdict
    }, Effect.orDie, traced("Verifier.verify"))

    return { verify } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([CompanyRepo.Default, Resolver.Default, Screener.Default]))
}
