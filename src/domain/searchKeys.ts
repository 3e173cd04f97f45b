/**
 * Search keys beside the normalised name (`normalizeName`), pure: the spacing-insensitive key, share-class listings,
 * and the spellings a query word may stand for (a transposed pair of letters, a linguistic equivalent).
 */
import { otherSpellings } from "./nameEquivalences.js"

/**
 * A normalised name without its spaces: "eco bank" and "ecobank", "m t n" (already "mtn") and "first rand" and
 * "firstrand" agree. Punctuation is already a space in the normalised form (`foldName`), so dots and hyphens are
 * covered too. The SQL side is `replace(name_norm, ' ', '')` (migration 0190's indexes).
 */
export const compactKey = (normalized: string): string => normalized.replaceAll(" ", "")

/**
 * A listing of one share class of an issuer rather than the issuer itself, by how the exchanges name them: a rate
 * ("Standard Bank Group Ltd 6.5%"), "Pref", "Preference", "Preferred" (shares), "Non Cum", "Cumulative",
 * "Redeemable", optionally followed by a legal form ("Livestock Feed Pref Ltd"). Case-insensitive, on the name as
 * written lower-cased (`name_lower`). Written in the regular-expression syntax that both JavaScript and
 * PostgreSQL (`~`) read the same way: no shorthand classes, no look-around.
 */
export const SHARE_CLASS_PATTERN =
  ".[ (]([0-9]+([.,][0-9]+)? ?%|pref|prefs|preference|preferred|non[ -]?cum|non[ -]cumulative|cumulative|redeemable)" +
  "( (preference|preferred|redeemable|ordinary|pref))*( shares?| stock)?( ltd| limited| plc)?[ )]*$"

const SHARE_CLASS = new RegExp(SHARE_CLASS_PATTERN)

/**
 * Every name `SHARE_CLASS_PATTERN` matches holds one of these: the database checks them (strpos) before running
 * the pattern, which costs about 5 µs a name (a ranking over thousands of matches orders them all by it).
 */
export const SHARE_CLASS_HINTS: ReadonlyArray<string> = ["%", "pref", "cum", "redeem"]

/** Whether a legal name names a share-class listing (see `SHARE_CLASS_PATTERN`). */
export const isShareClassListing = (legalName: string): boolean => SHARE_CLASS.test(legalName.trim().toLowerCase())

/** The issuer's name a share-class listing carries ("Standard Bank Group Ltd 6.5%" -> "standard bank group ltd"), lower case; null for any other name. */
export const shareClassIssuer = (legalName: string): string | null => {
  const lower = legalName.trim().toLowerCase()
  const found = SHARE_CLASS.exec(lower)
  return found === null ? null : lower.slice(0, found.index + 1).trim()
}

export interface NamedCompany {
  readonly legalName: string
  readonly country: string
}

/**
 * The candidates without the share-class listings whose issuer is among them (same country, same normalised name
 * once the class is cut off): a listing of one class of a company is that company, not a second candidate for it.
 * `normalize` is the name key to compare (`normalizeName`).
 */
export const withoutIssuersShareClasses = <C>(
  candidates: ReadonlyArray<C>,
  nameOf: (c: C) => NamedCompany,
  normalize: (name: string, country: string) => string
): ReadonlyArray<C> => {
  const held = new Set<string>()
  for (const c of candidates) {
    const { country, legalName } = nameOf(c)
    if (!isShareClassListing(legalName)) held.add(`${country} ${normalize(legalName, country)}`)
  }
  return candidates.filter((c) => {
    const { country, legalName } = nameOf(c)
    const issuer = shareClassIssuer(legalName)
    return issuer === null || !held.has(`${country} ${normalize(issuer, country)}`)
  })
}

/** A word shorter than this has no transposition looked up: too many short words are one swap apart. */
const TRANSPOSABLE = 4

/**
 * The spellings with two adjacent letters swapped ("cemnet" -> "ecmnet", "cmenet", ..., "cement"), distinct and
 * without the word itself. The vocabulary's trigram look-up misses these (a swap changes up to three trigrams
 * of a short word), so the search asks for them by equality.
 */
export const transpositions = (word: string): ReadonlyArray<string> => {
  const letters = [...word]
  if (letters.length < TRANSPOSABLE) return []
  const out = new Set<string>()
  // The word cut around letters i and i + 1 (code points: `at` is where each starts in the word's code units).
  let at = 0
  for (let i = 0; i + 1 < letters.length; i++) {
    const [a, b] = [letters[i]!, letters[i + 1]!]
    if (a !== b) out.add(word.slice(0, at) + b + a + word.slice(at + a.length + b.length))
    at += a.length
  }
  out.delete(word)
  return [...out]
}

/** Why a word was offered as a spelling of a query word. */
export type SpellingKind = "transposed" | "equivalent"

export interface Spelling {
  readonly word: string
  readonly kind: SpellingKind
}

/** The spellings of one query word to look up in the vocabulary: linguistic equivalents first, then transpositions. */
export const spellingsOf = (word: string): ReadonlyArray<Spelling> => {
  const equivalent = otherSpellings(word)
  const seen = new Set(equivalent)
  return [
    ...equivalent.map((w) => ({ word: w, kind: "equivalent" as const })),
    ...transpositions(word).filter((w) => !seen.has(w)).map((w) => ({ word: w, kind: "transposed" as const }))
  ]
}
