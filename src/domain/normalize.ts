import { foldTokens } from "./fold.js"
import { cutGluedAddress, stripLegalForms } from "./legalForms.js"

export { foldName, foldTokens } from "./fold.js"

/**
 * Bump when `normalizeName`/`foldName` output changes, so stored `name_norm` columns get recomputed.
 */
export const NORMALIZER_VERSION = 1

/**
 * Abbreviations rewritten wherever they stand ("Cadbury Nig" -> "cadbury nigeria", "Int'l" -> "international",
 * "Egyptian Kuwaiti Hld" -> "egyptian kuwaiti holding"). Only unambiguous ones; "Re" (reinsurance or real
 * estate), "Fin" and a mid-name "Co" ("Co-operative") are left alone.
 */
const ABBREVIATIONS: ReadonlyMap<string, string> = new Map([
  ["nig", "nigeria"],
  ["intl", "international"],
  ["int", "international"],
  ["natl", "national"],
  ["hld", "holding"],
  ["hldg", "holding"],
  ["hldgs", "holdings"],
  ["svc", "services"],
  ["svcs", "services"],
  ["mgt", "management"],
  ["mgmt", "management"],
  ["mfg", "manufacturing"],
  ["bros", "brothers"],
  ["devt", "development"]
])
/** Leading words rewritten to one spelling ("Ste Tunisienne ..." and "Société Tunisienne ..." agree). */
const LEADING_WORDS: ReadonlyMap<string, string> = new Map([
  ["ste", "societe"],
  ["ets", "etablissements"],
  ["etbs", "etablissements"]
])

/**
 * The company-name key used for search (`query_normalized`), stored `name_norm` and screening:
 * `foldName`, runs of single letters joined ("U T C" -> "utc"), a few abbreviations expanded
 * ("Nig" -> "nigeria"), a leading "the" dropped, an address glued after the legal form cut off
 * ("Abhumu Ltd, Suite B41, ..." -> "abhumu"), then trailing legal forms stripped repeatedly
 * (see `legalForms.ts`; `country` enables country-specific forms, e.g. "SA" is kept in ZA).
 *
 * Country words are kept: "Guinness Nigeria PLC" -> "guinness nigeria", "Nestle Nigeria Plc" ->
 * "nestle nigeria", "Bank of Africa Senegal" -> "bank of africa senegal". They distinguish sister
 * companies (BRVM names end with the country), and a query without them still matches by prefix.
 * A non-empty name never normalises to "" when it contains a letter or digit: the last word is never
 * stripped ("Holdings Ltd" -> "holdings", "Limited" -> "limited").
 */
export const normalizeName = (name: string, country?: string): string => {
  const tokens = foldTokens(name)
  if (tokens.length === 0) return ""
  for (let i = 0; i < tokens.length; i++) {
    const expanded = ABBREVIATIONS.get(tokens[i]!)
    if (expanded !== undefined) tokens[i] = expanded
  }
  while (tokens.length > 1 && tokens[0] === "the") tokens.shift()
  const leading = LEADING_WORDS.get(tokens[0]!)
  if (leading !== undefined && tokens.length > 1) tokens[0] = leading
  const upperCountry = country === undefined ? undefined : country.toUpperCase()
  cutGluedAddress(tokens, upperCountry)
  stripLegalForms(tokens, upperCountry)
  return tokens.join(" ")
}

/** Words of a normalised (or folded) name. */
export const nameTokens = (normalized: string): ReadonlyArray<string> => {
  const out: Array<string> = []
  for (const word of normalized.split(" ")) if (word.length > 0) out.push(word)
  return out
}
