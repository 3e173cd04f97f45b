import type { SourceKind } from "./CanonicalCompany.js"

/**
 * DESIGN section 8. A record's confidence = source weight x freshness, rounded to 2 decimals.
 * Weights (in hundredths, so the arithmetic is exact): a live registry fetch 1.0, an official registry
 * extract 0.9, a secondary public source (exchange listing, procurement record) 0.7. Synthetic
 * (generated) records are weighted as secondary sources, 0.7: they stand in for data that did not come
 * from the registry itself.
 */
const WEIGHTS: Readonly<Record<SourceKind, number>> = { live: 100, registry: 90, secondary: 70, synthetic: 70 }

export const sourceWeight = (kind: SourceKind): number => WEIGHTS[kind] / 100

const DAY_MS = 86_400_000
/** A "month" of freshness is 30 days. */
const MONTH_DAYS = 30

/**
 * Freshness in hundredths: 100 while the record is at most 30 days old (or dated in the future), then
 * 5 less for every started 30-day month after that (30 days + 1 ms -> 95, 60 days -> 95, 60 days + 1 ms
 * -> 90), never below 40 (reached after 12 started months, i.e. beyond 360 days). An invalid date counts
 * as stale (40).
 */
const freshnessHundredths = (lastVerifiedAt: Date, now: Date): number => {
  const ageDays = (now.getTime() - lastVerifiedAt.getTime()) / DAY_MS
  if (Number.isNaN(ageDays)) return 40
  if (ageDays <= MONTH_DAYS) return 100
  const startedMonths = Math.ceil((ageDays - MONTH_DAYS) / MONTH_DAYS)
  return Math.max(40, 100 - 5 * startedMonths)
}

export const freshness = (lastVerifiedAt: Date, now: Date): number => freshnessHundredths(lastVerifiedAt, now) / 100

export const recordConfidence = (kind: SourceKind, lastVerifiedAt: Date, now: Date): number =>
  Math.round((WEIGHTS[kind] * freshnessHundredths(lastVerifiedAt, now)) / 100) / 100
