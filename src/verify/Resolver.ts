import { Clock, Effect, Option, Context, Layer } from "effect"
import { companyJson } from "../companies/companyRow.js"
import { CompanyRepo } from "../companies/CompanyRepo.js"
import { LiveFallback } from "../companies/live/LiveFallback.js"
import { namesAgree } from "../domain/nameAgreement.js"
import { canonicalNumber, numberKey, registryForCountry, type RegistryId, registryIds } from "../domain/registrationNumbers.js"
import { CompanySearch } from "../search/CompanySearch.js"
import { analyseQuery, type SearchQuery } from "../search/searchQuery.js"
import { type Found, foundOf, type Resolution, rescoredCandidates, round2, type Tried, unresolved } from "./candidates.js"
import { isAmbiguous, RESOLVED_MIN_SCORE } from "./resolution.js"
import { traced } from "../metrics/span.js"

/**
 * Which stored company the inputs designate. By registration number (any separator style; scoped by country when
 * given; precedence over the name), else by name through CompanySearch. A miss in the store asks the live
 * registries of the scope through LiveFallback (by number: the registries that can hold it; by name: every live
 * registry of the scope); a registry that could not be asked is reported (`registryUnreachable`), never taken for
 * "not registered".
 */
export class Resolver extends Context.Service<Resolver>()("kyb/Resolver", {
  make: Effect.gen(function*() {
    const repo = yield* CompanyRepo
    const search = yield* CompanySearch
    const fallback = yield* LiveFallback

    /** Stored companies with this registration number: in the country's registry, or in any registry. */
    const storedByNumber = Effect.fnUntraced(function*(raw: string, country: string | undefined) {
      const now = new Date(yield* Clock.currentTimeMillis)
      if (country !== undefined) {
        const stored = yield* repo.findWithDetails(country, raw)
        return Option.toArray(stored).map(({ details, row }): Found => ({ companyId: row.id, company: companyJson(row, now), details }))
      }
      const hits = yield* search.findByNumber(raw)
      return hits.filter((h) => h.field === "registration_no").map((h): Found => ({ companyId: h.companyId, company: h.company }))
    })

    /** On a store miss: the live registries that can hold this number, asked by number; what they return is stored. */
    const liveByNumber = Effect.fnUntraced(function*(raw: string, country: string | undefined) {
      const scope = country === undefined
        ? registryIds.filter((id) => canonicalNumber(id, raw).valid)
        : [registryForCountry(country)].filter((id): id is RegistryId => id !== null)
      // A "number" without a digit designates nothing any registry could hold: nothing to ask.
      const targets = /[0-9]/.test(numberKey(raw)) ? scope.filter((id) => fallback.numberSources.includes(id)) : []
      if (targets.length === 0) return { found: [] as ReadonlyArray<Found>, unreachable: false, answered: false, attempts: [] }
      const outcomes = yield* Effect.forEach(
        targets,
        (id) => fallback.askByNumber(id, raw).pipe(Effect.catchTag("SqlError", Effect.die)),
        { concurrency: "unbounded" }
      )
      const found: Array<Found> = []
      for (const outcome of outcomes) {
        if (Option.isNone(outcome.stored)) continue
        found.push(...(yield* storedByNumber(outcome.stored.value.registration_no, outcome.stored.value.country)))
      }
      return {
        found,
        unreachable: outcomes.some((o) => Option.isSome(o.unavailable)),
        answered: outcomes.some((o) => Option.isNone(o.unavailable)),
        attempts: outcomes.flatMap((o) => o.attempts)
      }
    })

    const byNumber = Effect.fnUntraced(function*(raw: string, country: string | undefined, name: string | undefined) {
      let found: ReadonlyArray<Found> = yield* storedByNumber(raw, country)
      let unreachable = false
      let answered = false
      let tried: Tried = { asked: "number", attempts: [], storeAnswered: found.length > 0, withinTtl: false }
      if (found.length === 0) {
        const asked = yield* liveByNumber(raw, country)
        found = asked.found
        unreachable = asked.unreachable
        answered = asked.answered
        tried = { ...tried, attempts: asked.attempts }
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
      if (one === undefined) return unresolved(tried, { unreachable, answered })
      if (other !== undefined) {
        return unresolved(tried, { ambiguous: true, unreachable, answered, confidence: 1, candidates: found.map((f) => ({ score: 1, found: f })) })
      }
      return {
        found: one, candidates: [], matchConfidence: 1, ambiguous: false, registryUnreachable: unreachable, registryAnswered: answered, tried
      } satisfies Resolution
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
          onNone: () => ({ stored: false, unreachable: false, answered: false, attempts: [], withinTtl: false }),
          onSome: (o) => ({
            stored: o.stored > 0,
            unreachable: o.unreachable.length > 0,
            answered: o.answeredWithinTtl || o.checked.length > o.unreachable.length,
            attempts: o.attempts,
            withinTtl: o.answeredWithinTtl
          })
        })
      )

    const byName = Effect.fnUntraced(function*(name: string, country: string | undefined) {
      const q = analyseQuery(name, country)
      let scored = yield* candidates(name, q)
      const bestUsable = () => scored.find((c) => c.designating)?.score ?? 0
      let unreachable = false
      let answered = false
      let tried: Tried = { asked: "name", attempts: [], storeAnswered: true, withinTtl: false }
      if (bestUsable() < RESOLVED_MIN_SCORE) {
        const asked = yield* liveByName(q)
        unreachable = asked.unreachable
        answered = asked.answered
        tried = { asked: "name", attempts: asked.attempts, storeAnswered: false, withinTtl: asked.withinTtl }
        if (asked.stored) scored = yield* candidates(name, q)
      }
      const usable = scored.filter((c) => c.designating)
      const best = usable[0]
      if (best === undefined || best.score < RESOLVED_MIN_SCORE) return unresolved(tried, { unreachable, answered, candidates: scored })
      if (isAmbiguous(usable)) {
        return unresolved(tried, { ambiguous: true, unreachable, answered, confidence: round2(best.score), candidates: usable })
      }
      return {
        found: best.found,
        candidates: [],
        matchConfidence: round2(best.score),
        ambiguous: false,
        registryUnreachable: unreachable,
        registryAnswered: answered,
        tried
      } satisfies Resolution
    })

    return {
      byNumber: (raw: string, country: string | undefined, name: string | undefined) =>
        traced("Resolver.byNumber", () => ({ country }))(byNumber(raw, country, name)),
      byName: (name: string, country: string | undefined) =>
        traced("Resolver.byName", () => ({ country }))(byName(name, country)),
      /** The live registries switched on: a country outside them is not covered (nothing there is asked). */
      liveRegistries: fallback.liveRegistries,
      /** Whether GLEIF is asked live. */
      gleifEnabled: fallback.gleifEnabled,
      /** Whether a registry's live search looks up this kind of number. */
      searchesNumber: fallback.searchesNumber,
      /** Whether a registry's live search takes a name (Kenya's BRS looks up numbers only). */
      searchesName: fallback.searchesName
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([CompanyRepo.Default, CompanySearch.Default, LiveFallback.Default]))
}
