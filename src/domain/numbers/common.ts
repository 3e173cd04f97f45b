/** A registration number (or tax id) in the form a registry prints it and as a lookup key. */
export interface CanonicalNumber {
  /** The registry's preferred printed form ("RC 208767", "1950/038232/06"). */
  readonly display: string
  /** Lookup key: upper case, separators removed, leading zeros kept, class/court prefixes kept. */
  readonly key: string
  /** Whether the number matches the registry's published format; an invalid number is still stored. */
  readonly valid: boolean
  /** Decoded structure (class, year, entity type, court, ...); empty when nothing is known. */
  readonly details: Readonly<Record<string, string>>
}

const NON_ASCII = /[^\x00-\x7f]/
const COMBINING = /\p{M}/gu
const NON_ALNUM = /[^A-Z0-9]+/g
const WHITESPACE = /\s+/g
const RUNS = /[A-Z]+|[0-9]+/g

const ARABIC_INDIC_DIGIT = /[\u0660-\u0669\u06f0-\u06f9]/g
const arabicDigit = (d: string): string => {
  const code = d.charCodeAt(0)
  return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660)
}

/** NFKD, accents folded, Arabic-Indic digits as ASCII, upper case ("Fès n° 12" -> "FES N 12", "١٢" -> "12"). */
const upperFold = (raw: string): string =>
  NON_ASCII.test(raw)
    ? raw.normalize("NFKD").replace(COMBINING, "").replace(ARABIC_INDIC_DIGIT, arabicDigit).toUpperCase()
    : raw.toUpperCase()

/**
 * The generic, registry-independent key: upper case with every separator and other non-alphanumeric
 * character removed, leading zeros kept ("rc.208767" -> "RC208767", "1950/038232/06" -> "195003823206").
 * A registry's own canonicaliser may add to it (Morocco's court, OHADA's country code) but for
 * registries without special rules `canonicalNumber(...).key === numberKey(raw)`.
 */
export const numberKey = (raw: string): string => upperFold(raw).replace(NON_ALNUM, "")

/** Letter runs and digit runs, separators dropped ("CI-ABJ-03-2005-B14-0001" -> CI ABJ 03 2005 B 14 0001). */
export const alnumRuns = (raw: string): Array<string> => upperFold(raw).match(RUNS) ?? []

export const isDigits = (s: string | undefined): boolean => s !== undefined && s.length > 0 && s.charCodeAt(0) <= 57

/** Trimmed, upper case, single spaces: how an unparsed number is displayed. */
const plainDisplay = (raw: string): string => upperFold(raw).trim().replace(WHITESPACE, " ")

export const parsed = (display: string, key: string, details: Record<string, string> = {}): CanonicalNumber => ({
  display,
  key,
  valid: true,
  details
})

/** A number that does not match the registry's format: kept and searchable under its generic key. */
export const unparsed = (raw: string, details: Record<string, string> = {}): CanonicalNumber => ({
  display: plainDisplay(raw),
  key: numberKey(raw),
  valid: false,
  details
})

export const plausibleYear = (year: string): boolean => {
  const y = Number(year)
  return year.length === 4 && y >= 1800 && y <= 2099
}
