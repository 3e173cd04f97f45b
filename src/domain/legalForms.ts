import { foldTokens } from "./fold.js"
import { type LegalFormSpec, legalFormTable } from "./legalFormTable.js"

/** Country names (folded) that BRVM-style names carry after their legal form: "X SA COTE D'IVOIRE". */
const countrySuffixNames: ReadonlyArray<string> = [
  "Nigeria", "Ghana", "Kenya", "South Africa", "Tanzania", "Uganda", "Zambia", "Mauritius", "Maurice", "Senegal",
  "Côte d'Ivoire", "Cote Divoire", "Cote Ivoire", "Ivory Coast", "CI", "Cameroon", "Cameroun", "Maroc", "Morocco",
  "Egypt", "Egypte", "Misr", "Madagascar", "Angola", "Rwanda", "Botswana", "Tunisie", "Tunisia", "Benin", "Bénin",
  "Burkina Faso", "Burkina", "Mali", "Niger", "Togo", "Guinée Bissau", "Guinea Bissau", "Guinée", "Guinea", "Gabon",
  "Congo", "RDC", "DRC", "Tchad", "Chad", "Centrafrique", "Namibia", "Zimbabwe", "Malawi", "Mozambique",
  "Moçambique", "Ethiopia", "Sierra Leone", "Liberia", "Gambia", "Algérie", "Algeria", "Libya", "Sudan",
  "Eswatini", "Swaziland", "Lesotho", "Burundi", "Djibouti", "Mauritanie", "Mauritania", "Cabo Verde", "Cape Verde"
]

interface Phrase {
  readonly words: ReadonlyArray<string>
  readonly spec: LegalFormSpec
}

const byLastWord = new Map<string, Array<Phrase>>()
for (const spec of legalFormTable) {
  for (const alias of spec.aliases) {
    const words = foldTokens(alias)
    const last = words[words.length - 1]
    if (last === undefined) continue
    const list = byLastWord.get(last) ?? []
    if (!list.some((p) => p.words.join(" ") === words.join(" "))) list.push({ words, spec })
    byLastWord.set(last, list)
  }
}
for (const list of byLastWord.values()) list.sort((a, b) => b.words.length - a.words.length)
const byFirstWord = new Map<string, Array<Phrase>>()
for (const list of byLastWord.values()) {
  for (const phrase of list) {
    const first = phrase.words[0]!
    byFirstWord.set(first, [...(byFirstWord.get(first) ?? []), phrase])
  }
}
for (const list of byFirstWord.values()) list.sort((a, b) => b.words.length - a.words.length)

const countriesByLastWord = new Map<string, Array<ReadonlyArray<string>>>()
for (const name of countrySuffixNames) {
  const words = foldTokens(name)
  const last = words[words.length - 1]
  if (last === undefined) continue
  const list = countriesByLastWord.get(last) ?? []
  list.push(words)
  countriesByLastWord.set(last, list)
}
for (const list of countriesByLastWord.values()) list.sort((a, b) => b.length - a.length)

const applies = (spec: LegalFormSpec, country: string | undefined): boolean => {
  if (country === undefined) return spec.strict !== true
  if (spec.notIn !== undefined && spec.notIn.includes(country)) return false
  return spec.countries === undefined || spec.countries.includes(country)
}

const endsWith = (tokens: ReadonlyArray<string>, end: number, words: ReadonlyArray<string>): boolean => {
  const start = end - words.length
  if (start < 0) return false
  for (let i = 0; i < words.length; i++) if (tokens[start + i] !== words[i]) return false
  return true
}

/** The longest legal-form phrase ending at `end` (exclusive) that leaves at least one word before it. */
const formEndingAt = (tokens: ReadonlyArray<string>, end: number, country: string | undefined): Phrase | undefined => {
  const last = tokens[end - 1]
  if (last === undefined) return undefined
  const candidates = byLastWord.get(last)
  if (candidates === undefined) return undefined
  for (const phrase of candidates) {
    if (phrase.words.length < end && endsWith(tokens, end, phrase.words) && applies(phrase.spec, country)) return phrase
  }
  return undefined
}

const countrySuffixLength = (tokens: ReadonlyArray<string>): number => {
  const last = tokens[tokens.length - 1]
  if (last === undefined) return 0
  const candidates = countriesByLastWord.get(last)
  if (candidates === undefined) return 0
  for (const words of candidates) if (words.length < tokens.length && endsWith(tokens, tokens.length, words)) return words.length
  return 0
}

/** Left dangling when a form such as "Co" goes: "Rogers & Co Ltd" -> "rogers". */
const CONNECTORS: ReadonlySet<string> = new Set(["and", "et", "e", "y"])

export interface LegalFormMatch {
  readonly form: string
  readonly canonical: string
}

/**
 * Removes trailing legal forms from folded words in place, repeatedly ("Holdings Co Ltd" -> "holdings",
 * "Electric Co SAE" -> "electric"), and a legal form standing before a trailing country name
 * ("Ecobank Transnational Incorporated Togo" -> "ecobank transnational togo"). Never removes the
 * last remaining word. Returns the first (outermost) form removed.
 * `country` must be upper case (or undefined).
 */
export const stripLegalForms = (tokens: Array<string>, country: string | undefined): LegalFormMatch | null => {
  let first: LegalFormMatch | null = null
  while (true) {
    const trailing = formEndingAt(tokens, tokens.length, country)
    if (trailing !== undefined) {
      first ??= { form: trailing.words.join(" "), canonical: trailing.spec.canonical }
      tokens.length -= trailing.words.length
      if (tokens.length > 1 && CONNECTORS.has(tokens[tokens.length - 1]!)) tokens.length -= 1
      continue
    }
    const countryLength = countrySuffixLength(tokens)
    if (countryLength === 0) return first
    const beforeCountry = tokens.length - countryLength
    const inner = formEndingAt(tokens, beforeCountry, country)
    if (inner === undefined) return first
    first ??= { form: inner.words.join(" "), canonical: inner.spec.canonical }
    tokens.splice(beforeCountry - inner.words.length, inner.words.length)
  }
}

/**
 * A normalised name without the country names it contains ("guinness nigeria" -> "guinness",
 * "bank of africa cote d ivoire" -> "bank of africa"), for a search that should also match when the
 * query or the record leaves the country word out. Never returns "" for a non-empty input: a name that
 * is only a country name comes back unchanged.
 */
export const withoutCountryNames = (normalized: string): string => {
  const tokens = normalized.split(" ")
  const out: Array<string> = []
  let i = tokens.length
  while (i > 0) {
    const length = countryNameEndingAt(tokens, i)
    if (length > 0) i -= length
    else out.push(tokens[--i]!)
  }
  return out.length === 0 ? normalized : out.reverse().join(" ")
}

const countryNameEndingAt = (tokens: ReadonlyArray<string>, end: number): number => {
  const candidates = countriesByLastWord.get(tokens[end - 1]!)
  if (candidates === undefined) return 0
  for (const words of candidates) if (endsWith(tokens, end, words)) return words.length
  return 0
}

/** Forms after which a registered name ends for sure, so what follows them is not part of the name. */
const NAME_ENDING_FORMS: ReadonlySet<string> = new Set([
  "limited", "plc", "llc", "proprietary limited", "private limited", "limited by guarantee", "sarl", "sarlu", "sas",
  "sasu", "lda", "sae", "soc limited"
])
/** Words that open an address glued to a name ("Abhumu Ltd, Suite B41, ...", "X Nig Ltd No. 5 ..."). */
const ADDRESS_OPENERS: ReadonlySet<string> = new Set([
  "no", "nos", "plot", "suite", "block", "blk", "pobox", "po", "pmb", "km", "opp", "opposite", "behind", "off", "flat", "shop",
  "along", "adjacent", "beside", "bp", "gp"
])
/** Words that open a tail naming another name or a status: "Acme (Pty) Ltd t/a Acme Motors", "X Ltd (in liquidation)". */
const TAIL_OPENERS: ReadonlySet<string> = new Set(["ta", "formerly", "fka", "aka", "dba", "previously", "trading as"])
const STATUS_TAILS: ReadonlySet<string> = new Set(["liquidation", "administration", "receivership", "business"])
/** A house or suite number such as "c179", "d8", "b41". */
const UNIT_NUMBER = /^[a-z]{1,2}\d+[a-z]?$/
const opensTail = (tokens: ReadonlyArray<string>, at: number): boolean => {
  const word = tokens[at]
  if (word === undefined) return false
  const c = word.charCodeAt(0)
  if ((c >= 48 && c <= 57) || ADDRESS_OPENERS.has(word) || TAIL_OPENERS.has(word) || UNIT_NUMBER.test(word)) return true
  const next = tokens[at + 1]
  if (next === undefined) return false
  if (word === "trading" && next === "as") return true
  return (word === "in" || word === "under") && STATUS_TAILS.has(next)
}

/**
 * Cuts what is glued after the registered name: the words following the first name-ending legal form
 * (Ltd, Limited, PLC, LLC, SARL, ...) when the next word opens an address (a number, "No", "Plot",
 * "Suite", "P.O. Box", ...), a trading/former name ("t/a", "trading as", "formerly", "fka") or a status
 * ("in liquidation", "under administration"). "Abhumu Ltd, Suite B41, Area 11 Mall" -> "abhumu ltd",
 * "Acme Motors (Pty) Ltd t/a Acme Toyota" -> "acme motors pty ltd". In place.
 */
export const cutGluedAddress = (tokens: Array<string>, country: string | undefined): void => {
  for (let i = 1; i < tokens.length - 1; i++) {
    const candidates = byFirstWord.get(tokens[i]!)
    if (candidates === undefined) continue
    for (const phrase of candidates) {
      const end = i + phrase.words.length
      if (!NAME_ENDING_FORMS.has(phrase.spec.canonical) || !applies(phrase.spec, country)) continue
      if (endsWith(tokens, end, phrase.words) && opensTail(tokens, end)) {
        tokens.length = end
        return
      }
    }
  }
}

/** The legal form a name carries ("Dangote Cement PLC" -> { form: "plc", canonical: "plc" }), or null. */
export const legalFormOf = (name: string, country?: string): LegalFormMatch | null => {
  const tokens = foldTokens(name)
  const upperCountry = country?.toUpperCase()
  cutGluedAddress(tokens, upperCountry)
  return stripLegalForms(tokens, upperCountry)
}
