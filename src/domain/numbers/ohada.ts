import { alnumRuns, type CanonicalNumber, isDigits, parsed, plausibleYear, unparsed } from "./common.js"

/**
 * OHADA RCCM numbers (SN, CI, CM): country - city (greffe) - [court] - year - section A|B [volume] - sequence.
 *   SN-DKR-2017-B-12345, CI-ABJ-2017-B-12345, CI-ABJ-03-2005-B14-0001 (court 03, volume 14),
 *   CM-DLA-2015-B-1234 and the older Cameroonian print RC/DLA/2015/B/1234 (read as the same number:
 *   the "RC"/"RCCM" label and "N°" are dropped and the country code is supplied when missing).
 * Section A is natural persons, B legal persons; other letters (M, C, E) occur in print and are kept
 * but flagged invalid. The key is the concatenation of all parts, so "SNDKR2017B12345" and every
 * separator variant share one key.
 */
const SECTIONS: Readonly<Record<string, string>> = { A: "personne physique", B: "personne morale" }
const CITIES: Readonly<Record<string, string>> = { DKR: "Dakar", ABJ: "Abidjan", DLA: "Douala", YAO: "Yaoundé" }
const OHADA_COUNTRIES = new Set(["SN", "CI", "CM", "BJ", "BF", "ML", "NE", "TG", "GA", "CG", "CD", "TD", "CF", "GN", "GW", "GQ", "KM"])

interface Prefix {
  readonly country: string
  readonly city: string
}

const splitPrefix = (letters: string, registryCountry: string): Prefix | null => {
  let rest = letters
  let labelled = false
  if (rest.startsWith("RCCM")) {
    rest = rest.slice(4)
    labelled = true
  } else if (rest.startsWith("RC") && rest.length >= 5) {
    rest = rest.slice(2)
    labelled = true
  }
  for (const no of ["NO", "N"]) {
    const after = rest.slice(no.length)
    if (rest.startsWith(no) && (after.startsWith(registryCountry) || (labelled && after.length >= 3 && after.length <= 4))) {
      rest = after
      break
    }
  }
  if (rest.length >= 5 && rest.length <= 6 && OHADA_COUNTRIES.has(rest.slice(0, 2))) {
    return { country: rest.slice(0, 2), city: rest.slice(2) }
  }
  if (rest.length >= 3 && rest.length <= 4) return { country: registryCountry, city: rest }
  return null
}

/** "287.634" / "287 634" written as a thousands-grouped sequence. */
const THOUSANDS = /(\d)[. ](\d{3})(?![\dA-Za-z])/g

export const ohadaRccm = (registryCountry: string) => (raw: string): CanonicalNumber => {
  const runs = alnumRuns(raw.replace(THOUSANDS, "$1$2"))
  let i = 0
  let letters = ""
  while (i < runs.length && !isDigits(runs[i])) letters += runs[i++]
  const prefix = splitPrefix(letters, registryCountry)
  if (prefix === null) return unparsed(raw)
  const rest = runs.slice(i)
  let court: string | undefined
  let year: string
  let j: number
  const d1 = rest[0]
  if (!isDigits(d1)) return unparsed(raw)
  if (d1.length === 4) {
    year = d1
    j = 1
  } else if (d1.length === 2 && isDigits(rest[1]) && rest[1].length === 4) {
    court = d1
    year = rest[1]
    j = 2
  } else if (d1.length === 6 && plausibleYear(d1.slice(2))) {
    court = d1.slice(0, 2)
    year = d1.slice(2)
    j = 1
  } else if (d1.length === 2) {
    year = d1
    j = 1
  } else {
    return unparsed(raw)
  }
  const section = rest[j]
  if (section === undefined || isDigits(section) || section.length !== 1) return unparsed(raw)
  const numbers = rest.slice(j + 1)
  if (numbers.length === 0 || numbers.length > 2 || !numbers.every(isDigits)) return unparsed(raw)
  const volume = numbers.length === 2 ? numbers[0] : undefined
  const sequence = numbers[numbers.length - 1]!

  const { city, country } = prefix
  const details: Record<string, string> = { country, city, year, section, sequence }
  const cityName = CITIES[city]
  if (cityName !== undefined) details.city_name = cityName
  if (court !== undefined) details.court = court
  if (volume !== undefined) details.volume = volume
  const sectionName = SECTIONS[section]
  if (sectionName !== undefined) details.section_name = sectionName

  const parts = [country, city, ...(court === undefined ? [] : [court]), year, `${section}${volume ?? ""}`, sequence]
  const result = parsed(parts.join("-"), parts.join(""), details)
  const valid = sectionName !== undefined && country === registryCountry && (year.length === 2 || plausibleYear(year))
  return valid ? result : { ...result, valid: false }
}
