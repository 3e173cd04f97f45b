import { Clock, Effect, Option } from "effect"
import {
  SanctionsHit,
  SanctionsScreening,
  Signals,
  Verdict,
  VerdictCompany,
  type VerifyInput
} from "../api/schemas/Verdict.js"
import type { CompanyRow } from "../companies/companyRow.js"
import { companyJson } from "../companies/companyRow.js"
import { CompanyRepo } from "../companies/CompanyRepo.js"
import { namesAgree } from "../domain/nameAgreement.js"
import { numberKey } from "../domain/registrationNumbers.js"
import { decideVerdict } from "../domain/verdictPolicy.js"
import { Screener } from "../sanctions/Screener.js"
import { CompanySearch } from "../search/CompanySearch.js"
import { isAmbiguous, RESOLVED_MIN_SCORE } from "./resolution.js"

interface Resolution {
  readonly row: CompanyRow | null
  readonly companyJson: ReturnType<typeof companyJson> | null
  readonly matchConfidence: number
  readonly ambiguous: boolean
  readonly nameMismatch: boolean
}

const unresolved = (ambiguous: boolean): Resolution => ({
  row: null,
  companyJson: null,
  matchConfidence: 0,
  ambiguous,
  nameMismatch: false
})

/**
 * resolve -> screen -> signals -> verdict. Usable without HTTP: `Verifier.verify(input)` in any Effect program
 * that provides the layer.
 */
export class Verifier extends Effect.Service<Verifier>()("kyb/Verifier", {
  effect: Effect.gen(function*() {
    const repo = yield* CompanyRepo
    const search = yield* CompanySearch
    const screener = yield* Screener

    const byNumber = (raw: string, country: string | undefined, name: string | undefined, now: Date) =>
      Effect.gen(function*() {
        const rows: ReadonlyArray<CompanyRow> = country !== undefined
          ? Option.toArray(yield* repo.findRow(country, raw))
          : yield* repo.findRowsByKey(numberKey(raw))
        const [row, other] = rows
        if (row === undefined) return unresolved(false)
        if (other !== undefined) return unresolved(true)
        const aliases = (yield* repo.aliasesOf(row.id)).map((a) => a.name)
        return {
          row,
          companyJson: companyJson(row, now),
          matchConfidence: 1,
          ambiguous: false,
          nameMismatch: name !== undefined && !namesAgree(name, row.legal_name, aliases, row.country)
        } satisfies Resolution
      })

    const byName = (name: string, country: string | undefined) =>
      Effect.gen(function*() {
        const candidates = yield* search.resolve(country === undefined ? { name } : { name, country })
        const scored = candidates.map((c) => ({ ...c, score: c.match_score }))
        const best = scored[0]
        if (best === undefined || best.score < RESOLVED_MIN_SCORE) return unresolved(false)
        if (isAmbiguous(scored)) return unresolved(true)
        const row = yield* repo.findRow(best.company.country, best.company.registration_no)
        return Option.match(row, {
          onNone: () => unresolved(false),
          onSome: (r): Resolution => ({
            row: r,
            companyJson: best.company,
            matchConfidence: Math.round(best.score * 100) / 100,
            ambiguous: false,
            nameMismatch: false
          })
        })
      })

    const verify = (input: VerifyInput) =>
      Effect.gen(function*() {
        const now = new Date(yield* Clock.currentTimeMillis)
        const country = input.country?.toUpperCase()
        const resolution = input.registration_no !== undefined
          ? yield* byNumber(input.registration_no, country, input.name, now)
          : yield* byName(input.name ?? "", country)
        const row = resolution.row
        const aliases = row === null ? [] : (yield* repo.aliasesOf(row.id)).map((a) => a.name)
        const screenedNames = row === null ? [input.name].filter((n): n is string => n !== undefined) : [row.legal_name, ...aliases]
        const screening = yield* screener.screen(screenedNames, { country: row?.country ?? country })
        const evidence = row === null ? { contracts: false, trademarks: false } : yield* repo.evidenceOf(row.id)
        const sanctionsHit = screening.result === "match" || screening.result === "potential_match"
        const decision = decideVerdict({
          resolved: row !== null,
          matchConfidence: resolution.matchConfidence,
          status: row?.status ?? null,
          sanctions: screening.result,
          nameMismatch: resolution.nameMismatch,
          ambiguous: resolution.ambiguous,
          registryUnreachable: false
        })
        const company = resolution.companyJson
        return new Verdict({
          result: decision.result,
          registered: row !== null,
          match_confidence: resolution.matchConfidence,
          company: company === null ? null : new VerdictCompany(company),
          sanctions: new SanctionsScreening({
            screened: screening.screened,
            result: screening.result,
            hits: screening.hits.map((h) => new SanctionsHit({
              list: h.list,
              entry_id: h.entry_id,
              name: h.name,
              matched_name: h.matched_name,
              score: h.score,
              programs: [...h.programs],
              entity_type: h.entity_type,
              listed_on: h.listed_on,
              list_version: h.list_version
            }))
          }),
          data_confidence: company?.confidence ?? null,
          signals: new Signals({
            listed: row?.listed_ticker != null,
            has_government_contracts: evidence.contracts,
            has_trademarks: evidence.trademarks,
            active: row?.status === "active",
            registry_reachable: true,
            sanctions_hit: sanctionsHit
          }),
          sources: [...(company === null ? [] : [company.source]), ...(yield* screener.sources)],
          review_reason: decision.reviewReason,
          review_reasons: [...decision.reviewReasons],
          checked_at: now.toISOString()
        })
      }).pipe(Effect.orDie, Effect.withSpan("Verifier.verify"))

    return { verify } as const
  })
}) {}
