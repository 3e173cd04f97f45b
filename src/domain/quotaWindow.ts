/** Plans and the calendar-month (UTC) quota window. Pure. */
export const plans = ["free", "starter", "growth", "unlimited"] as const
export type Plan = (typeof plans)[number]

export const planQuota: Readonly<Record<Plan, number | null>> = {
  free: 100,
  starter: 10_000,
  growth: 100_000,
  unlimited: null
}

export const monthlyQuota = (plan: Plan, override: number | null): number | null =>
  override !== null ? override : planQuota[plan]

/** First day of the month containing `now` (UTC), as YYYY-MM-DD: the key of the usage row. */
export const periodOf = (now: Date): string =>
  `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, "0")}-01`

/** The UTC calendar day of `now` (YYYY-MM-DD): the dashboard counts requests per day. */
export const dayOf = (now: Date): string => now.toISOString().slice(0, 10)

/** First instant of the next month (UTC): when the quota renews. */
export const resetOf = (now: Date): Date => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))

/** RFC 3339 without milliseconds, e.g. 2026-12-01T00:00:00Z. */
export const rfc3339 = (date: Date): string => `${date.toISOString().slice(0, -5)}Z`

/** Whole seconds until the reset, at least 1. */
export const retryAfterSeconds = (now: Date): number =>
  Math.max(1, Math.ceil((resetOf(now).getTime() - now.getTime()) / 1000))

/** What the quota said of one request: admitted or not, and the window it counts in. */
export interface QuotaDecision {
  readonly allowed: boolean
  /** null for unlimited keys. */
  readonly limit: number | null
  readonly remaining: number | null
  readonly resetAt: Date
  readonly now: Date
}
