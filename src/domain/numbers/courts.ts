import { foldName } from "../fold.js"
import { alnumRuns, type CanonicalNumber, isDigits, numberKey, parsed, plausibleYear, unparsed } from "./common.js"

const ARABIC = /[\u0600-\u06ff]/

/**
 * Replaces Arabic-script court/office names by their Latin key word ("الدار البيضاء 123456" ->
 * "CASABLANCA 123456"), so that the court stays part of the key; unknown Arabic words are dropped.
 */
const latinizePlaces = (raw: string, places: ReadonlyArray<readonly [string, string]>): string => {
  if (!ARABIC.test(raw)) return raw
  let folded = ` ${foldName(raw)} `
  for (const [arabic, latin] of places) folded = folded.replace(` ${arabic} `, ` ${latin} `)
  return folded.trim()
}
const foldPlaces = (pairs: ReadonlyArray<readonly [string, string]>): ReadonlyArray<readonly [string, string]> =>
  pairs
    .map(([arabic, latin]) => [foldName(arabic), latin] as const)
    .sort((a, b) => b[0].length - a[0].length)

const titleCase = (words: ReadonlyArray<string>): string =>
  words.map((w) => w.charAt(0) + w.slice(1).toLowerCase()).join(" ")

interface CourtAndNumber {
  readonly words: ReadonlyArray<string>
  readonly number: string
}

/** Letter words (labels removed) and the one digit run of "Casablanca 123456", "RC 123456 (Casablanca)", ... */
const courtAndNumber = (raw: string, labels: ReadonlySet<string>): CourtAndNumber | null => {
  const words: Array<string> = []
  const numbers: Array<string> = []
  for (const run of alnumRuns(raw)) {
    if (isDigits(run)) numbers.push(run)
    else if (!labels.has(run)) words.push(run)
  }
  return numbers.length === 1 ? { words, number: numbers[0]! } : null
}

// ---------------------------------------------------------------------------------------------------
// MA OMPIC: an RC number is unique only within the court (tribunal) that keeps it, so the court is part
// of the key: "Casablanca 123456", "RC 123456 Casablanca", "RC n° 123456 (Casablanca)" -> CASABLANCA123456.
// Courts are matched on a list of commercial and first-instance courts with common spellings
// (Casa, Fez, Tangier, Marrakesh); an unlisted court name is accepted as written (court_known=false).
// Without a court the number is flagged invalid and keyed on its digits alone.
const MA_LABELS = new Set(["RC", "R", "C", "NO", "N", "TRIBUNAL", "DE", "DU", "COMMERCE", "TC", "TPI", "REGISTRE", "COMMERCIAL"])
const MA_COURTS: Readonly<Record<string, string>> = {
  CASABLANCA: "Casablanca", RABAT: "Rabat", FES: "Fès", MARRAKECH: "Marrakech", TANGER: "Tanger", AGADIR: "Agadir",
  OUJDA: "Oujda", MEKNES: "Meknès", ELJADIDA: "El Jadida", KENITRA: "Kénitra", TETOUAN: "Tétouan", SAFI: "Safi",
  SETTAT: "Settat", MOHAMMEDIA: "Mohammedia", BENIMELLAL: "Béni Mellal", NADOR: "Nador", LAAYOUNE: "Laâyoune",
  KHOURIBGA: "Khouribga", ESSAOUIRA: "Essaouira", OUARZAZATE: "Ouarzazate", ERRACHIDIA: "Errachidia", TAZA: "Taza",
  LARACHE: "Larache", KHEMISSET: "Khémisset", BERRECHID: "Berrechid", GUELMIM: "Guelmim", TAROUDANT: "Taroudant",
  INEZGANE: "Inezgane", DAKHLA: "Dakhla", SALE: "Salé", TEMARA: "Témara", BENSLIMANE: "Benslimane",
  SIDIKACEM: "Sidi Kacem", TIZNIT: "Tiznit", OUEZZANE: "Ouezzane", KSARELKEBIR: "Ksar El Kebir", BERKANE: "Berkane"
}
const MA_COURT_ALIASES: Readonly<Record<string, string>> = {
  CASA: "CASABLANCA", FEZ: "FES", TANGIER: "TANGER", TANGIERS: "TANGER", MARRAKESH: "MARRAKECH",
  TETUAN: "TETOUAN", LAAYOUN: "LAAYOUNE", ELAYOUN: "LAAYOUNE", JADIDA: "ELJADIDA"
}

const MA_ARABIC_COURTS = foldPlaces([
  ["الدار البيضاء", "CASABLANCA"], ["الرباط", "RABAT"], ["فاس", "FES"], ["مراكش", "MARRAKECH"], ["طنجة", "TANGER"],
  ["أكادير", "AGADIR"], ["وجدة", "OUJDA"], ["مكناس", "MEKNES"], ["الجديدة", "EL JADIDA"], ["القنيطرة", "KENITRA"],
  ["تطوان", "TETOUAN"], ["آسفي", "SAFI"], ["سطات", "SETTAT"], ["المحمدية", "MOHAMMEDIA"], ["العيون", "LAAYOUNE"]
])

export const maOmpic = (raw: string): CanonicalNumber => {
  const parts = courtAndNumber(latinizePlaces(raw, MA_ARABIC_COURTS), MA_LABELS)
  if (parts === null || !/^\d{1,7}$/.test(parts.number)) return unparsed(raw)
  const { number, words } = parts
  if (words.length === 0) return { ...parsed(number, number, { number }), valid: false }
  const joined = words.join("")
  const court = MA_COURT_ALIASES[joined] ?? joined
  const known = MA_COURTS[court]
  const display = `${known ?? titleCase(words)} ${number}`
  return parsed(display, `${court}${number}`, { court, court_known: known === undefined ? "false" : "true", number })
}

// ---------------------------------------------------------------------------------------------------
// EG commercial registry: numbers are per registry office ("117508" at one office is another company
// than "117508" at another), so an office given with the number is part of the key: "Cairo 117508" ->
// CAIRO117508. The bare number is accepted (it is the registry's own format) and keyed on its digits;
// the record's office then disambiguates. Arabic office names of the main governorates are read too.
const EG_LABELS = new Set(["CR", "C", "R", "NO", "N", "COMMERCIAL", "REGISTRY", "REGISTER", "OFFICE"])

const EG_ARABIC_OFFICES = foldPlaces([
  ["القاهرة", "CAIRO"], ["الجيزة", "GIZA"], ["الإسكندرية", "ALEXANDRIA"], ["الاسكندرية", "ALEXANDRIA"],
  ["بورسعيد", "PORT SAID"], ["السويس", "SUEZ"], ["الإسماعيلية", "ISMAILIA"], ["المنصورة", "MANSOURA"], ["طنطا", "TANTA"],
  ["أسيوط", "ASSIUT"], ["الأقصر", "LUXOR"], ["أسوان", "ASWAN"], ["دمياط", "DAMIETTA"], ["الزقازيق", "ZAGAZIG"]
])

export const egCr = (raw: string): CanonicalNumber => {
  const parts = courtAndNumber(latinizePlaces(raw, EG_ARABIC_OFFICES), EG_LABELS)
  if (parts === null || !/^\d{1,8}$/.test(parts.number)) return unparsed(raw)
  const { number, words } = parts
  if (words.length === 0) return parsed(number, number, { number })
  const office = words.join("")
  return parsed(`${titleCase(words)} ${number}`, `${office}${number}`, { office, number })
}

// ---------------------------------------------------------------------------------------------------
// MG: RCS "2011 B 00123" (year, section, sequence; often preceded by "RCS Antananarivo"), NIF 10 digits
// (the org-id scheme MG-NIF), STAT 17 digits. Uncertain: whether RCS sequences repeat across
// tribunals; the tribunal is kept in details, not in the key, so "2011 B 00123" finds the record.
const MG_LABELS = new Set(["RCS", "RC", "NO", "N", "NIF", "STAT"])

export const mgRcs = (raw: string): CanonicalNumber => {
  const key = numberKey(raw)
  if (/^(?:NIF)?\d{10}$/.test(key)) {
    const nif = key.slice(-10)
    return parsed(nif, nif, { kind: "nif" })
  }
  if (/^(?:STAT)?\d{17}$/.test(key)) {
    const stat = key.slice(-17)
    return parsed(stat, stat, { kind: "stat" })
  }
  const runs = alnumRuns(raw).filter((r) => !MG_LABELS.has(r))
  const firstDigit = runs.findIndex((r) => isDigits(r))
  if (firstDigit < 0) return unparsed(raw)
  const city = runs.slice(0, firstDigit)
  const [year, section, sequence, ...extra] = runs.slice(firstDigit)
  if (
    year === undefined || !plausibleYear(year) || section === undefined || isDigits(section) || section.length !== 1 ||
    !isDigits(sequence) || extra.length > 0
  ) return unparsed(raw)
  const details: Record<string, string> = { kind: "rcs", year, section, sequence }
  if (city.length > 0) details.tribunal = titleCase(city)
  return parsed(`${year} ${section} ${sequence}`, `${year}${section}${sequence}`, details)
}

// ---------------------------------------------------------------------------------------------------
// AO: the company NIF, 10 digits (5417123456), is the identifier the Guiché Único issues.
export const aoGue = (raw: string): CanonicalNumber => {
  const key = numberKey(raw).replace(/^NIF/, "")
  return /^\d{10}$/.test(key) ? parsed(key, key, { kind: "nif" }) : unparsed(raw)
}

// ---------------------------------------------------------------------------------------------------
// TN RNE: identifiant unique = 7 digits + control letter (1234567A, 0478007G), the first 8 characters
// of the matricule fiscal 1234567/A/M/000 (control letter, [VAT code,] category, establishment); the
// key is the identifiant unique. Old RC numbers: section letter + sequence + year (B0123452015).
// The control letter is not verified (its algorithm is not published in the sources at hand).
export const tnRne = (raw: string): CanonicalNumber => {
  const runs = alnumRuns(raw)
  const digits = runs[0]
  let i = 1
  let letters = ""
  while (i < runs.length && !isDigits(runs[i])) letters += runs[i++]
  const establishment = runs[i]
  const complete = i + (establishment === undefined ? 0 : 1) === runs.length
  if (isDigits(digits) && digits.length === 7 && letters.length >= 1 && letters.length <= 3 && complete &&
    (establishment === undefined || establishment.length === 3)) {
    const control = letters[0]!
    const id = `${digits}${control}`
    const details: Record<string, string> = { kind: "identifiant_unique", control_letter: control }
    if (letters.length === 3) details.vat_code = letters[1]!
    if (letters.length >= 2) details.category = letters[letters.length - 1]!
    if (establishment !== undefined) details.establishment = establishment
    return parsed(id, id, details)
  }
  const key = numberKey(raw)
  const rc = /^([A-Z])(\d{1,8})((?:19|20)\d{2})$/.exec(key)
  if (rc !== null) return parsed(key, key, { kind: "rc", section: rc[1]!, sequence: rc[2]!, year: rc[3]! })
  return unparsed(raw)
}
