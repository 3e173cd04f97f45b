import { Clock, Effect, Either, Option } from "effect"
import {
  SanctionsHit,
  SanctionsScreening,
  Signals,
  Verdict,
  VerdictCandidate,
  VerdictCompany,
  type VerifyInput
} from "../api/schemas/Verdict.js"
import { companyJson } from "../companies/companyRow.js"
import { type CompanyDetails, CompanyRepo } from "../companies/CompanyRepo.js"
import { LiveFallback } from "../companies/live/LiveFallback.js"
import { namesAgree } from "../domain/nameAgreement.js"
import { canonicalNumber, numberKey, registryForCountry, type RegistryId, registryIds } from "../domain/registrationNumbers.js"
import { decideVerdict } from "../domain/verdictPolicy.js"
import { Screener } from "../sanctions/Screener.js"
import { mergeScreenings, type ScreeningResult, type ScreenSubject } from "../sanctions/screen.js"
import { type CompanyJson, CompanySearch, type ResolvedCandidate } from "../search/CompanySearch.js"
import { analyseQuery, type SearchQuery } from "../search/searchQuery.js"
import { designates, isAmbiguous, RESOLVED_MIN_SCORE, rescore } from "./resolution.js"

/** A stored company the inputs designate. */
interface Found {
  readonly companyId: string
  readonly company: CompanyJson
  /** Read with the row when the look-up could (by number in a country). */
  readonly details?: CompanyDetails
}

const foundOf = (companyId: string, company: CompanyJson): Found => ({ companyId, company })

/** What resolving the inputs gave, and what could not be checked. */
interface Resolution {
  readonly found: Found | null
  /** When nothing is resolved: the closest candidates, best first. */
  readonly candidates: ReadonlyArray<ScoredFound>
  readonly matchConfidence: number
  readonly ambiguous: boolean
  /** A live registry that had to be asked gave no usable answer. */
  readonly registryUnreachable: boolean
}

interface ScoredFound {
  readonly score: number
  readonly found: Found
}

const MAX_CANDIDATES = 5

/** The search cascade's candidates, re-scored for a verdict: best first. */
const rescoredCandidates = (name: string, found: ReadonlyArray<ResolvedCandidate>) =>
  rescore(
    name,
    found.map((c) => ({
      legalName: c.company.legal_name,
      country: c.company.country,
      matchType: c.match_type,
      matchScore: c.match_score,
      found: foundOf(c.companyId, c.company)
    }))
  ).map((c) => ({
    score: c.score,
    found: c.found,
    // A whole alias or number found it; otherwise the legal name must designate the business named.
    designating: c.matchType === "alias" || c.matchType === "id" || designates(name, c.legalName)
  }))

const unresolved = (
  options: {
    readonly ambiguous?: boolean
    readonly unreachable?: boolean
    readonly confidence?: number
    readonly candidates?: ReadonlyArray<ScoredFound>
  } = {}
): Resolution => ({
  found: null,
  candidates: (options.candidates ?? []).slice(0, MAX_CANDIDATES),
  matchConfidence: options.confidence ?? 0,
  ambiguous: options.ambiguous ?? false,
  registryUnreachable: options.unreachable ?? false
})

const round2 = (n: number) => Math.round(n * 100) / 100

const noDetails: CompanyDetails = { aliases: [], formerNames: [], people: [], contracts: false, trademarks: false }

const OWNER_ROLE = /significant control|owner|benefici|shareholder/i

/**
 * Every name in play: the name as given (whatever the resolution found), the resolved legal name, its aliases
 * and former names. The people the record names are screened apart, as individuals.
 */
const businessNames = (given: string | undefined, found: Found | null, details: CompanyDetails): ReadonlyArray<ScreenSubject> => [
  ...(given === undefined ? [] : [{ name: given, from: "input" as const }]),
  ...(found === null ? [] : [{ name: found.company.legal_name, from: "legal_name" as const }]),
  ...details.aliases.map((name) => ({ name, from: details.formerNames.includes(name) ? "former_name" as const : "alias" as const }))
]

const peopleNames = (details: CompanyDetails): ReadonlyArray<ScreenSubject> =>
  details.people.map((p) => ({ name: p.name, from: OWNER_ROLE.test(p.role ?? "") ? "owner" as const : "officer" as const }))

const verdictOf = (
  resolution: Resolution,
  nameMismatch: boolean,
  screening: ScreeningResult,
  people: { readonly screened: number; readonly hit: boolean },
  evidence: { readonly contracts: boolean; readonly trademarks: boolean },
  listSources: ReadonlyArray<string>,
  now: Date
): Verdict => {
  const company = resolution.found?.company ?? null
  const decision = decideVerdict({
    resolved: company !== null,
    matchConfidence: resolution.matchConfidence,
    status: company?.status ?? null,
    sanctions: screening.result,
    nameMismatch,
    ambiguous: resolution.ambiguous,
    registryUnreachable: resolution.registryUnreachable
  })
  return new Verdict({
    result: decision.result,
    registered: company !== null,
    match_confidence: resolution.matchConfidence,
    company: company === null ? null : new VerdictCompany(company),
    candidates: resolution.candidates.map((c) =>
      new VerdictCandidate({
        legal_name: c.found.company.legal_name,
        country: c.found.company.country,
        registration_no: c.found.company.registration_no,
        score: round2(c.score)
      })
    ),
    sanctions: new SanctionsScreening({
      screened: screening.screened,
      result: screening.result,
      hits: screening.hits.map((h) =>
        new SanctionsHit({
          list: h.list,
          entry_id: h.entry_id,
          name: h.name,
          matched_name: h.matched_name,
          score: h.score,
          programs: [...h.programs],
          entity_type: h.entity_type,
          listed_on: h.listed_on,
          list_version: h.list_version,
          screened_name: h.screened_name,
          screened_from: h.screened_from,
          entry_hash: h.entry_hash,
          explanation: h.explanation
        })
      )
    }),
    data_confidence: company?.confidence ?? null,
    signals: new Signals({
      listed: company?.listed_ticker != null,
      has_government_contracts: evidence.contracts,
      has_trademarks: evidence.trademarks,
      active: company?.status === "active",
      registry_reachable: !resolution.registryUnreachable,
      sanctions_hit: screening.result === "match" || screening.result === "potential_match",
      officer_sanctions_hit: people.hit,
      officers_screened: people.screened
    }),
    sources: [...(company === null ? [] : [company.source]), ...listSources],
    review_reason: decision.reviewReason,
    review_reasons: [...decision.reviewReasons],
    checked_at: now.toISOString(),
    check_id: null
  })
}

/**
 * resolve -> screen -> signals -> verdict (spec 4.3, DESIGN section 4). Usable without HTTP:
 * `Verifier.verify(input)` in any Effect program that provides `Verifier.Default` and a SqlClient.
 *
 * Resolution: by registration number (any separator style; scoped by country when given; precedence over the
 * name, which is then compared with the record), else by name through the search cascade. A miss in the store
 * asks the live registries of the scope (by number: the country's registry; by name: every live registry of the
 * scope) and stores what they return. A registry that could not be asked makes the verdict `review`
 * (`registry_unreachable`), never `not_found`.
 */
export class Verifier extends Effect.Service<Verifier>()("kyb/Verifier", {
  effect: Effect.gen(function*() {
    const repo = yield* CompanyRepo
    const search = yield* CompanySearch
    const screener = yield* Screener
    const fallback = yield* LiveFallback

    /** Stored companies with this registration number: in the country's registry, or in any registry. */
    const storedByNumber = (raw: string, country: string | undefined) =>
      Effect.gen(function*() {
        const now = new Date(yield* Clock.currentTimeMillis)
        if (country !== undefined) {
          const stored = yield* repo.findWithDetails(country, raw)
          return Option.toArray(stored).map(({ details, row }): Found => ({ companyId: row.id, company: companyJson(row, now), details }))
        }
        const hits = yield* search.findByNumber(raw)
        return hits.filter((h) => h.field === "registration_no").map((h): Found => ({ companyId: h.companyId, company: h.company }))
      })

    /** On a store miss: the live registries that can hold this number, asked by number; what they return is stored. */
    const liveByNumber = (raw: string, country: string | undefined) =>
      Effect.gen(function*() {
        const scope = country === undefined
          ? registryIds.filter((id) => canonicalNumber(id, raw).valid)
          : [registryForCountry(country)].filter((id): id is RegistryId => id !== null)
        // A "number" without a digit designates nothing any registry could hold: nothing to ask.
        const targets = /[0-9]/.test(numberKey(raw)) ? scope.filter((id) => fallback.liveRegistries.includes(id)) : []
        if (targets.length === 0) return { found: [] as ReadonlyArray<Found>, unreachable: false }
        const outcomes = yield* Effect.forEach(
          targets,
          (id) => fallback.byNumber(id, raw).pipe(Effect.catchTag("SqlError", Effect.die), Effect.either),
          { concurrency: "unbounded" }
        )
        const found: Array<Found> = []
        for (const outcome of outcomes) {
          if (Either.isLeft(outcome) || Option.isNone(outcome.right)) continue
          found.push(...(yield* storedByNumber(outcome.right.value.registration_no, outcome.right.value.country)))
        }
        return { found, unreachable: outcomes.some(Either.isLeft) }
      })

    const byNumber = (raw: string, country: string | undefined, name: string | undefined) =>
      Effect.gen(function*() {
        let found: ReadonlyArray<Found> = yield* storedByNumber(raw, country)
        let unreachable = false
        if (found.length === 0) {
          const asked = yield* liveByNumber(raw, country)
          found = asked.found
          unreachable = asked.unreachable
        }
        // The same number in several registries (no country given): the given name may tell them apart.
        if (found.length > 1 && name !== undefined) {
          const agreeing = []
          for (const f of found) {
            const { aliases } = yield* repo.detailsOf(f.companyId)
            if (namesAgree(name, f.company.legal_name, aliases, f.company.country)) agreeing.push(f)
          }
          if (agreeing.length === 1) found = agreeing
        }
        const [one, other] = found
        if (one === undefined) return unresolved({ unreachable })
        if (other !== undefined) {
          return unresolved({ ambiguous: true, unreachable, confidence: 1, candidates: found.map((f) => ({ score: 1, found: f })) })
        }
        return { found: one, candidates: [], matchConfidence: 1, ambiguous: false, registryUnreachable: unreachable } satisfies Resolution
      })

    /**
     * The candidates for a name, best first: whole-name matches as they are when they settle it, else the search
     * cascade's re-scored for a verdict (a whole alias or number found it; otherwise the legal name must designate
     * the business named).
     */
    const candidates = (name: string, q: SearchQuery) =>
      Effect.map(search.resolve(q), ({ candidates, settled }) =>
        settled
          ? candidates.map((c) => ({ score: c.match_score, found: foundOf(c.companyId, c.company), designating: true }))
          : rescoredCandidates(name, candidates))

    /**
     * On a store miss: every live registry of the scope, asked by name as search does on a miss (what they return is
     * stored; a query every registry answered is not asked again within KYB_LIVE_SEARCH_TTL: the store then holds
     * their answer).
     */
    const liveByName = (q: SearchQuery) =>
      Effect.map(
        q.short ? Effect.succeed(Option.none()) : fallback.byName(q),
        Option.match({
          onNone: () => ({ stored: false, unreachable: false }),
          onSome: (o) => ({ stored: o.stored > 0, unreachable: o.unreachable.length > 0 })
        })
      )

    const byName = (name: string, country: string | undefined) =>
      Effect.gen(function*() {
        const q = analyseQuery(name, country)
        let scored = yield* candidates(name, q)
        const bestUsable = () => scored.find((c) => c.designating)?.score ?? 0
        let unreachable = false
        if (bestUsable() < RESOLVED_MIN_SCORE) {
          const asked = yield* liveByName(q)
          unreachable = asked.unreachable
          if (asked.stored) scored = yield* candidates(name, q)
        }
        const usable = scored.filter((c) => c.designating)
        const best = usable[0]
        if (best === undefined || best.score < RESOLVED_MIN_SCORE) return unresolved({ unreachable, candidates: scored })
        if (isAmbiguous(usable)) {
          return unresolved({ ambiguous: true, unreachable, confidence: round2(best.score), candidates: usable })
        }
        return {
          found: best.found,
          candidates: [],
          matchConfidence: round2(best.score),
          ambiguous: false,
          registryUnreachable: unreachable
        } satisfies Resolution
      })

    const verify = (input: VerifyInput) =>
      Effect.gen(function*() {
        const country = input.country?.toUpperCase()
        const resolved = input.registration_no !== undefined
          ? yield* byNumber(input.registration_no, country, input.name)
          : yield* byName(input.name ?? "", country)
        // A country none of the 18 registries covers could not be checked: review, never not_found.
        const uncovered = country !== undefined && registryForCountry(country) === null
        const resolution = uncovered && resolved.found === null ? { ...resolved, registryUnreachable: true } : resolved
        const found = resolution.found
        const details = found === null ? noDetails : found.details ?? (yield* repo.detailsOf(found.companyId))
        // A name given with a number is compared with the record the number designates.
        const nameMismatch = found !== null && input.registration_no !== undefined && input.name !== undefined &&
          !namesAgree(input.name, found.company.legal_name, details.aliases, found.company.country)
        const screenCountry = found?.company.country ?? country
        const business = yield* screener.screen(businessNames(input.name, found, details), { country: screenCountry })
        const people = peopleNames(details)
        const personal = people.length === 0
          ? null
          : yield* screener.screen(people, { country: screenCountry, entityTypes: ["individual"] })
        const screening = mergeScreenings(personal === null ? [business] : [business, personal])
        const peopleHit = personal !== null && personal.hits.length > 0
        const listSources = yield* screener.sources
        const now = new Date(yield* Clock.currentTimeMillis)
        return verdictOf(resolution, nameMismatch, screening, { screened: people.length, hit: peopleHit }, details, listSources, now)
      }).pipe(Effect.orDie, Effect.withSpan("Verifier.verify"))

    return { verify } as const
  }),
  dependencies: [
    CompanyRepo.Default,
    CompanySearch.Default,
    Screener.Default,
    LiveFallback.Default
  ]
}) {}
