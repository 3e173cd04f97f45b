/**
 * How current a screening list is (pure). A version is "as of" the later of the day its source published it and the
 * last day an official download confirmed it was still the one published (`kyb lists update` finding the same
 * files). A version whose date nobody knows is never taken for current: its age is unknown and it counts as stale.
 */
export interface DatedVersion {
  /** Publication date (YYYY-MM-DD) the list's files give, or the operator gave; null: unknown. */
  readonly publishedOn: string | null
  /** The last day an official download found this version still published (YYYY-MM-DD); null: never confirmed. */
  readonly confirmedOn: string | null
}

export interface Freshness {
  /** The day the version is known current on; null when neither date is known. */
  readonly asOf: string | null
  /** Whole days from `asOf` to today (UTC); null when `asOf` is unknown. */
  readonly ageDays: number | null
  /** Older than the limit, or of unknown date: verdicts screened with it are `review` (`lists_stale`). */
  readonly stale: boolean
}

export const DEFAULT_LISTS_MAX_AGE_DAYS = 7

const DAY_MS = 86_400_000
const isoDay = /^\d{4}-\d{2}-\d{2}$/

const dayNumber = (day: string): number | null => {
  if (!isoDay.test(day)) return null
  const ms = Date.parse(`${day}T00:00:00Z`)
  return Number.isNaN(ms) ? null : Math.floor(ms / DAY_MS)
}

const later = (a: string | null, b: string | null): string | null => (a === null ? b : b === null ? a : a >= b ? a : b)

/**
 * The freshness of a version on `today` (YYYY-MM-DD, UTC) under a limit of `maxAgeDays` days; `null`: the operator
 * turned the limit off (the age is still reported, nothing is stale).
 */
export const freshnessOf = (version: DatedVersion, today: string, maxAgeDays: number | null): Freshness => {
  const asOf = later(version.publishedOn, version.confirmedOn)
  const from = asOf === null ? null : dayNumber(asOf)
  const to = dayNumber(today)
  const ageDays = from === null || to === null ? null : Math.max(0, to - from)
  return { asOf, ageDays, stale: maxAgeDays !== null && (ageDays === null || ageDays > maxAgeDays) }
}

/** KYB_LISTS_MAX_AGE_DAYS as written: a whole number of days (0 or more), or "off"; anything else is refused. */
export const parseMaxAgeDays = (text: string): { readonly days: number | null } | { readonly error: string } => {
  const t = text.trim().toLowerCase()
  if (t === "off") return { days: null }
  return /^\d{1,6}$/.test(t) ? { days: Number(t) } : { error: `KYB_LISTS_MAX_AGE_DAYS must be a whole number of days or "off", got '${text}'` }
}

/** Today's date (YYYY-MM-DD) in UTC. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10)
