import { alnumRuns, type CanonicalNumber, isDigits, numberKey, parsed, plausibleYear, unparsed } from "./common.js"

// ---------------------------------------------------------------------------------------------------
// NG CAC: RC (companies), BN (business names), IT (incorporated trustees), LP, LLP + 1-10 digits.
// The class is part of the key (the digits alone are not unique across classes). Bare digits are read
// as RC, as CAC's own `rcNumber` field prints companies ("208767"); `details.class_assumed` says so.
const CAC_CLASSES: Readonly<Record<string, string>> = {
  RC: "company",
  BN: "business name",
  IT: "incorporated trustees",
  LP: "limited partnership",
  LLP: "limited liability partnership"
}
const CAC = /^(RC|BN|IT|LLP|LP)?(?:NO?)?(\d{1,10})$/

export const ngCac = (raw: string): CanonicalNumber => {
  const m = CAC.exec(numberKey(raw))
  if (m === null) return unparsed(raw)
  const cls = m[1] ?? "RC"
  const digits = m[2]!
  const details: Record<string, string> = { class: cls, class_name: CAC_CLASSES[cls]!, number: digits }
  if (m[1] === undefined) details.class_assumed = "true"
  return parsed(`${cls} ${digits}`, `${cls}${digits}`, details)
}

/** CAC search rows carry the class as `classificationId` (1 business name, 2 company, 3 trustees). */
export const cacNumberFromSearch = (rcNumber: string, classificationId: number | null | undefined): CanonicalNumber => {
  const key = numberKey(rcNumber)
  const prefix = classificationId === 1 ? "BN" : classificationId === 3 ? "IT" : "RC"
  return /^\d+$/.test(key) ? ngCac(`${prefix}${key}`) : ngCac(rcNumber)
}

// ---------------------------------------------------------------------------------------------------
// GH ORC (uncertain): CS/CG/CU + digits, the last four being the registration year (CS160152013:
// sequence 16015, year 2013); older C/G/BN numbers are a letter prefix + digits.
const GH_PREFIXES: Readonly<Record<string, string>> = {
  CS: "company limited by shares",
  CG: "company limited by guarantee",
  CU: "unlimited company",
  CA: "external company",
  BN: "business name",
  C: "company (legacy)",
  G: "company limited by guarantee (legacy)"
}
const GH_CURRENT = /^(CS|CG|CU|CA)(\d{3,7})((?:19|20)\d{2})$/
const GH_LEGACY = /^(BN|C|G)(\d{1,9})$/

export const ghOrc = (raw: string): CanonicalNumber => {
  const key = numberKey(raw)
  const current = GH_CURRENT.exec(key)
  if (current !== null) {
    const [, prefix, sequence, year] = current
    return parsed(key, key, { prefix: prefix!, entity_type: GH_PREFIXES[prefix!]!, sequence: sequence!, year: year! })
  }
  const legacy = GH_LEGACY.exec(key)
  if (legacy !== null) {
    return parsed(key, key, { prefix: legacy[1]!, entity_type: GH_PREFIXES[legacy[1]!]!, sequence: legacy[2]! })
  }
  return unparsed(raw)
}

// ---------------------------------------------------------------------------------------------------
// KE BRS: PVT-/PUB-/CLG-/LLP-/BN- + 6-10 alphanumerics (PVT-JZUA6Z663); older C.12345 and CPR/2009/12345.
const KE_PREFIXES: Readonly<Record<string, string>> = {
  PVT: "private company",
  PUB: "public company",
  CLG: "company limited by guarantee",
  LLP: "limited liability partnership",
  BN: "business name",
  FC: "foreign company",
  CPR: "company (legacy)",
  C: "company (legacy)"
}
const KE_CURRENT = /^(PVT|PUB|CLG|LLP|BN|FC)([A-Z0-9]{6,10})$/
const KE_CPR = /^CPR((?:19|20)\d{2})(\d{1,7})$/
const KE_LEGACY = /^C(\d{1,7})$/

export const keBrs = (raw: string): CanonicalNumber => {
  const key = numberKey(raw)
  const current = KE_CURRENT.exec(key)
  if (current !== null) {
    const [, prefix, code] = current
    return parsed(`${prefix}-${code}`, key, { prefix: prefix!, entity_type: KE_PREFIXES[prefix!]! })
  }
  const cpr = KE_CPR.exec(key)
  if (cpr !== null) {
    return parsed(`CPR/${cpr[1]}/${cpr[2]}`, key, { prefix: "CPR", entity_type: KE_PREFIXES.CPR!, year: cpr[1]!, sequence: cpr[2]! })
  }
  const legacy = KE_LEGACY.exec(key)
  if (legacy !== null) return parsed(`C.${legacy[1]}`, key, { prefix: "C", entity_type: KE_PREFIXES.C!, sequence: legacy[1]! })
  return unparsed(raw)
}

// ---------------------------------------------------------------------------------------------------
// ZA CIPC: YYYY/NNNNNN/NN, the last two digits the entity type. Close corporations may carry a "CK"
// prefix and a two-digit year (CK 95/12345/23); the year is then expanded (>= 20 -> 19yy) and the
// sequence zero-padded to six digits, so every printing of one number has one key.
const CIPC_TYPES: Readonly<Record<string, string>> = {
  "06": "public company",
  "07": "private company",
  "08": "non-profit company",
  "10": "external company",
  "21": "personal liability company",
  "23": "close corporation",
  "24": "primary co-operative",
  "25": "secondary co-operative",
  "26": "tertiary co-operative",
  "30": "state-owned company"
}
const CIPC_COMPACT = /^(?:CK)?(\d{4})(\d{6})(\d{2})$/

const cipcResult = (year: string, sequence: string, type: string, extra: Record<string, string>): CanonicalNumber => {
  const details: Record<string, string> = { year, sequence, entity_type_code: type, ...extra }
  const label = CIPC_TYPES[type]
  if (label !== undefined) details.entity_type = label
  const result = parsed(`${year}/${sequence}/${type}`, `${year}${sequence}${type}`, details)
  return plausibleYear(year) ? result : { ...result, valid: false }
}

export const zaCipc = (raw: string): CanonicalNumber => {
  const runs = alnumRuns(raw)
  if (runs[0] === "CK") runs.shift()
  if (runs.length === 3 && runs.every(isDigits)) {
    const [y, s, t] = runs as [string, string, string]
    if ((y.length === 4 || y.length === 2) && s.length <= 6 && t.length === 2) {
      const year = y.length === 4 ? y : `${Number(y) >= 20 ? "19" : "20"}${y}`
      return cipcResult(year, s.padStart(6, "0"), t, y.length === 2 ? { year_expanded: "true" } : {})
    }
  }
  const compact = CIPC_COMPACT.exec(numberKey(raw))
  if (compact !== null) return cipcResult(compact[1]!, compact[2]!, compact[3]!, {})
  return unparsed(raw)
}

// ---------------------------------------------------------------------------------------------------
// TZ BRELA: certificate numbers, digits only (old ones 4-6 digits, ORS ones 9). Uncertain upper bound.
export const tzBrela = (raw: string): CanonicalNumber => {
  const key = numberKey(raw)
  return /^\d{1,12}$/.test(key) ? parsed(key, key, {}) : unparsed(raw)
}

// ---------------------------------------------------------------------------------------------------
// UG URSB: 14-digit BRN (80010001803086); legacy BN-55471 and company numbers such as 101303A.
export const ugUrsb = (raw: string): CanonicalNumber => {
  const key = numberKey(raw)
  if (/^\d{14}$/.test(key)) return parsed(key, key, { kind: "brn" })
  const bn = /^BN(\d{1,9})$/.exec(key)
  if (bn !== null) return parsed(`BN-${bn[1]}`, key, { kind: "legacy business name", sequence: bn[1]! })
  if (/^\d{1,9}[A-Z]?$/.test(key)) return parsed(key, key, { kind: "legacy company number" })
  return unparsed(raw)
}

// ---------------------------------------------------------------------------------------------------
// ZM PACRA: 12 digits. Inferred from values (registry-shapes.md): the first digit encodes the kind
// (1 = local company) and the next four the registration year (120210023366 -> 2021).
export const zmPacra = (raw: string): CanonicalNumber => {
  const key = numberKey(raw)
  if (!/^\d{12}$/.test(key)) return unparsed(raw)
  const year = key.slice(1, 5)
  return parsed(key, key, plausibleYear(year) ? { kind_digit: key[0]!, year } : { kind_digit: key[0]! })
}

// ---------------------------------------------------------------------------------------------------
// MU CBRD: company file number C137459 (C companies, P partnerships; up to 6 digits) and the Business
// Registration Number C07012345 (letter + 8 digits). They differ for one company; both are kept, the
// kind tells which one this is.
export const muCbrd = (raw: string): CanonicalNumber => {
  const key = numberKey(raw)
  const file = /^([CP])(\d{1,6})$/.exec(key)
  if (file !== null) {
    return parsed(key, key, { kind: "file_number", entity: file[1] === "C" ? "company" : "partnership" })
  }
  if (/^[A-Z]\d{8}$/.test(key)) return parsed(key, key, { kind: "brn" })
  return unparsed(raw)
}

// ---------------------------------------------------------------------------------------------------
// RW RDB: 9-digit company code (doubles as the TIN).
export const rwRdb = (raw: string): CanonicalNumber => {
  const key = numberKey(raw)
  return /^\d{9}$/.test(key) ? parsed(key, key, { kind: "company code" }) : unparsed(raw)
}

// ---------------------------------------------------------------------------------------------------
// BW CIPA: UIN BW + 11 digits (BW00001234567); legacy CO2001/1234 (and BN for business names).
export const bwCipa = (raw: string): CanonicalNumber => {
  const key = numberKey(raw)
  if (/^BW\d{11}$/.test(key)) return parsed(key, key, { kind: "uin" })
  const legacy = /^(CO|BN)((?:19|20)\d{2})(\d{1,6})$/.exec(key)
  if (legacy !== null) {
    const [, prefix, year, sequence] = legacy
    return parsed(`${prefix}${year}/${sequence}`, key, { kind: "legacy", prefix: prefix!, year: year!, sequence: sequence! })
  }
  return unparsed(raw)
}
