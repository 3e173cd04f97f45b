import {
  type NameScreened,
  SanctionsScreening,
  Signals,
  KnownSource,
  Verdict,
  VerdictCandidate,
  VerdictCompany
} from "../domain/schemas/Verdict.js"
import type { ScreenedPerson } from "../domain/schemas/Listing.js"
import { typedValues } from "../domain/schemas/trusted.js"
import type { DebarredSignal } from "../debarment/signal.js"
import type { HitDecision } from "../domain/decisions.js"
import type { SourceTried } from "../domain/sourcesTried.js"
import { decideVerdict } from "../domain/verdictPolicy.js"
import type { ScreeningResult } from "../sanctions/matching/screen.js"
import type { ListCurrency } from "../sanctions/Screener.js"
import { registryReachable, type Resolution, round2 } from "./candidates.js"
import { sanctionsHitsOf } from "./apiHits.js"

type KnownSourceJson = typeof KnownSource.Type

interface DecidedFields {
  readonly decision: HitDecision | null
  readonly dismissed: boolean
}

/** What a verdict is assembled from: the verifier's findings, by name. */
export interface VerdictInputs {
  /** Which company was meant, if any, and how it was found. */
  readonly resolution: Resolution
  /** The name asked disagrees with the registered one. */
  readonly nameMismatch: boolean
  /** The business's and its people's screening, with each hit's reviewer decision applied. */
  readonly screening: Omit<ScreeningResult, "hits"> & { readonly hits: ReadonlyArray<ScreeningResult["hits"][number] & DecidedFields> }
  /** The people screened (registered and declared), whether any of them is hit, and each one's result. */
  readonly people: { readonly screened: number; readonly hit: boolean; readonly each: ReadonlyArray<typeof ScreenedPerson.Type> }
  /** Whether public contracts or trademarks are on record for the company. */
  readonly evidence: { readonly contracts: boolean; readonly trademarks: boolean }
  /** The sources of the lists screened against. */
  readonly listSources: ReadonlyArray<string>
  /** How current each list screened against is. */
  readonly lists: ReadonlyArray<ListCurrency>
  readonly now: Date
  /** A debarment found for the business or its people (null or absent: none). */
  readonly debarred?: DebarredSignal | null
  /** Whether any registry covers the country, where else the company is known from, and the sources tried. */
  readonly coverage?: {
    readonly notCovered: boolean
    readonly knownFrom: ReadonlyArray<KnownSourceJson>
    readonly sourcesTried?: ReadonlyArray<SourceTried>
  }
  /** Every name screened and as what. */
  readonly namesScreened?: ReadonlyArray<typeof NameScreened.Type>
}

export const verdictOf = (inputs: VerdictInputs): Verdict => {
  const { resolution, nameMismatch, screening, people, evidence, listSources, lists, now, namesScreened } = inputs
  const debarred = inputs.debarred ?? null
  const coverage = inputs.coverage ?? { notCovered: false, knownFrom: [] }
  const company = resolution.found?.company ?? null
  // Registered only on a registry's word (a live answer or its published file): never a listing's, a report's, or
  // a generated record's.
  const registered = company !== null && company.registry_evidence !== null && company.source_kind !== "synthetic"
  const decision = decideVerdict({
    resolved: company !== null,
    matchConfidence: resolution.matchConfidence,
    status: company?.status ?? null,
    sanctions: screening.result,
    listsStale: lists.some((l) => l.stale),
    debarred: debarred?.active ?? false,
    nameMismatch,
    ambiguous: resolution.ambiguous,
    registryUnreachable: resolution.registryUnreachable,
    registryConfirmed: registered,
    registryNotCovered: coverage.notCovered
  })
  return new Verdict({
    result: decision.result,
    registered,
    match_confidence: resolution.matchConfidence,
    company: company === null ? null : new VerdictCompany(company, typedValues),
    candidates: resolution.candidates.map((c) =>
      new VerdictCandidate({
        legal_name: c.found.company.legal_name,
        country: c.found.company.country,
        registration_no: c.found.company.registration_no,
        reference_id: c.found.company.reference_id,
        score: round2(c.score)
      }, typedValues)
    ),
    sanctions: new SanctionsScreening({
      screened: screening.screened,
      result: screening.result,
      hits: sanctionsHitsOf(screening.hits)
    }, typedValues),
    data_confidence: company?.confidence ?? null,
    signals: new Signals({
      listed: company?.listed_ticker != null,
      has_government_contracts: evidence.contracts,
      has_trademarks: evidence.trademarks,
      active: company?.status === "active",
      registry_reachable: registryReachable(resolution),
      sanctions_hit: screening.result === "match" || screening.result === "potential_match",
      officer_sanctions_hit: people.hit,
      officers_screened: people.screened,
      debarred
    }, typedValues),
    sources: [...(company === null ? [] : [company.source]), ...listSources],
    known_from: coverage.knownFrom.map((k) => ({ ...k })),
    ...(coverage.sourcesTried === undefined ? {} : { sources_tried: coverage.sourcesTried.map((t) => ({ ...t, can_confirm: [...t.can_confirm] })) }),
    lists: lists.map((l) => ({
      list: l.list, name: l.name, version: l.version, published_on: l.publishedOn, dated_by: l.datedBy, fetched_from: l.fetchedFrom,
      confirmed_on: l.confirmedOn, confirmed_from: l.confirmedFrom, as_of: l.asOf, age_days: l.ageDays, max_age_days: l.maxAgeDays, stale: l.stale
    })),
    people_screened: people.each.map((p) => ({ ...p })),
    ...(namesScreened === undefined ? {} : { names_screened: namesScreened.map((n) => ({ ...n, screened_as: [...n.screened_as] })) }),
    review_reason: decision.reviewReason,
    review_reasons: [...decision.reviewReasons],
    checked_at: now.toISOString(),
    check_id: null
  }, typedValues)
}
