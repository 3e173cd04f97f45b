import type { CompanyStatus } from "../../domain/CanonicalCompany.js"

/** Trimmed text, or null when absent or blank (canonical records never carry ""). */
export const text = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim()
  return trimmed === undefined || trimmed.length === 0 ? null : trimmed
}

/** `dd/MM/yyyy` or an ISO date(-time) to `YYYY-MM-DD`; anything else is unknown (null). */
export const isoDate = (value: string | null | undefined): string | null => {
  const raw = text(value)
  if (raw === null) return null
  const dayFirst = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw)
  if (dayFirst) {
    const [, day, month, year] = dayFirst
    return validDate(`${year}-${month!.padStart(2, "0")}-${day!.padStart(2, "0")}`)
  }
  const iso = /^(\d{4}-\d{2}-\d{2})/.exec(raw)
  return iso ? validDate(iso[1]!) : null
}

const validDate = (date: string): string | null => {
  const parsed = new Date(`${date}T00:00:00Z`)
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(date) ? date : null
}

/** A registry's own type label as a normalised slug: "Local Company - Limited by Shares" -> local_company_limited_by_shares. */
export const typeSlug = (label: string | null): string | null => {
  if (label === null) return null
  const slug = label.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
  return slug.length === 0 ? null : slug
}

export interface StatusWords {
  readonly active: ReadonlyArray<string>
  readonly dormant: ReadonlyArray<string>
  readonly dissolved: ReadonlyArray<string>
}

/** Maps a registry's status text by its words; an unrecognised value is "unknown", an absent one null. */
export const statusFrom = (words: StatusWords) => (value: string | null | undefined): CompanyStatus | null => {
  const raw = text(value)
  if (raw === null) return null
  const folded = raw.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "")
  const has = (list: ReadonlyArray<string>) => list.some((word) => folded.includes(word))
  if (has(words.dissolved)) return "dissolved"
  if (has(words.dormant)) return "dormant"
  if (has(words.active)) return "active"
  return "unknown"
}

const monthNames = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
  "november", "december"]

/** "8 November 2021" (strftime "%d %B %Y", English month names) to `YYYY-MM-DD`; anything else is unknown (null). */
export const dayMonthNameYear = (value: string | null | undefined): string | null => {
  const match = /^(\d{1,2})\s+([A-Za-z]+)\s+(\d{4})$/.exec(text(value) ?? "")
  const month = match === null ? -1 : monthNames.indexOf(match[2]!.toLowerCase())
  if (match === null || month < 0) return null
  return validDate(`${match[3]}-${String(month + 1).padStart(2, "0")}-${match[1]!.padStart(2, "0")}`)
}
