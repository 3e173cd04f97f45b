import { nameTokens, normalizeName } from "../domain/normalize.js"
import { compactKey } from "../domain/searchKeys.js"
import { canonicalNumber, numberKey, registryForCountry, registryIds } from "../domain/registrationNumbers.js"
import { canonicalTaxId, taxIdCountries } from "../domain/taxIds.js"

/** A search query analysed once: the literal, normalised and identifier forms every tier compares with. */
export interface SearchQuery {
  /** The query as sent, trimmed. */
  readonly text: string
  /** Compared with `name_lower` by the literal tiers. */
  readonly lower: string
  /** `normalizeName(q, country)`: `query_normalized`, compared with `name_norm` and alias names. */
  readonly normalized: string
  readonly tokens: ReadonlyArray<string>
  /** `normalized` without spaces (`compactKey`): the name with other spacing or punctuation. */
  readonly compact: string
  /** Upper case ISO code of the scope; undefined for all countries. */
  readonly country: string | undefined
  /** Registration number keys to look up (any separator style), empty when the query has no digit. */
  readonly numberKeys: ReadonlyArray<string>
  readonly taxKeys: ReadonlyArray<string>
  /** One or two characters: answered by prefix (and exact alias) only. */
  readonly short: boolean
  /** Mostly digits (four or more): a registration number or tax id, answered by the id and prefix tiers only. */
  readonly numberLike: boolean
}

const DIGIT = /[0-9]/
const DIGITS = /[0-9]/g

const looksLikeNumber = (text: string) => {
  const key = numberKey(text)
  const digits = key.match(DIGITS)?.length ?? 0
  return digits >= 4 && digits * 2 >= key.length
}
const WHITESPACE = /\s+/g

const distinct = (values: ReadonlyArray<string>): ReadonlyArray<string> => [...new Set(values.filter((v) => v.length > 0))]

const numberKeysOf = (text: string, country: string | undefined): ReadonlyArray<string> => {
  const generic = numberKey(text)
  if (!DIGIT.test(generic)) return []
  const scope = country === undefined ? registryIds : [registryForCountry(country)]
  const keys = [generic]
  for (const registry of scope) if (registry !== null) keys.push(canonicalNumber(registry, text).key)
  return distinct(keys)
}

const taxKeysOf = (text: string, country: string | undefined): ReadonlyArray<string> => {
  const generic = numberKey(text)
  if (!DIGIT.test(generic)) return []
  const keys = [generic]
  for (const c of country === undefined ? taxIdCountries : [country]) keys.push(canonicalTaxId(c, text).key)
  return distinct(keys)
}

export const analyseQuery = (q: string, country?: string): SearchQuery => {
  const text = q.trim().replace(WHITESPACE, " ")
  const scope = country === undefined || country.trim() === "" ? undefined : country.trim().toUpperCase()
  const normalized = normalizeName(text, scope)
  return {
    text,
    lower: text.toLowerCase(),
    normalized,
    tokens: nameTokens(normalized),
    compact: compactKey(normalized),
    country: scope,
    numberKeys: numberKeysOf(text, scope),
    taxKeys: taxKeysOf(text, scope),
    short: [...text].length <= 2,
    numberLike: looksLikeNumber(text)
  }
}
