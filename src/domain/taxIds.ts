import { numberKey } from "./numbers/common.js"

export interface CanonicalTaxId {
  readonly display: string
  readonly key: string
  readonly valid: boolean
}

interface TaxScheme {
  /** Extracts the identifying part of the key (or null when the format does not match). */
  readonly parse: (key: string) => { readonly key: string; readonly display: string } | null
}

const digits = (min: number, max = min) => {
  const pattern = new RegExp(`^\\d{${min},${max}}$`)
  return (key: string) => (pattern.test(key) ? { key, display: key } : null)
}
const pattern = (re: RegExp) => (key: string) => (re.test(key) ? { key, display: key } : null)
const withoutLabel = (label: RegExp, inner: TaxScheme["parse"]) => (key: string) => inner(key.replace(label, ""))

/**
 * Tax identifiers per country (ISO alpha-2). Formats from public material; the ones marked (uncertain)
 * are accepted as printed but their structure is not confirmed.
 */
const schemes: Readonly<Record<string, TaxScheme>> = {
  // NG FIRS/JTB TIN: 8-12 digits; company TINs print as 12345678-0001.
  NG: {
    parse: withoutLabel(/^TIN/, (key) => {
      if (!/^\d{8,12}$/.test(key)) return null
      return { key, display: key.length === 12 ? `${key.slice(0, 8)}-${key.slice(8)}` : key }
    })
  },
  // KE KRA PIN: letter + 9 digits + letter (P051092002G; P for non-individuals, A for individuals).
  KE: { parse: withoutLabel(/^(?:KRA)?PIN(?=[A-Z]\d)/, pattern(/^[A-Z]\d{9}[A-Z]$/)) },
  // MA ICE: 15 digits.
  MA: { parse: withoutLabel(/^ICE/, digits(15)) },
  // SN NINEA: 9 digits (7 on older documents), optionally followed by the 3-character COFI
  // (e.g. "123456789 2G3"); the key is the NINEA alone, the COFI is kept in the display.
  SN: {
    parse: withoutLabel(/^NINEA/, (key) => {
      const m = /^(\d{9}|\d{7})([0-9][A-Z][0-9])?$/.exec(key)
      if (m === null) return null
      return { key: m[1]!, display: m[2] === undefined ? m[1]! : `${m[1]} ${m[2]}` }
    })
  },
  // MG NIF: 10 digits. AO NIF: 10 digits. RW TIN: 9 digits.
  MG: { parse: withoutLabel(/^NIF/, digits(10)) },
  AO: { parse: withoutLabel(/^NIF/, digits(10)) },
  RW: { parse: withoutLabel(/^TIN/, digits(9)) },
  // GH TIN: C/P/G/Q/V + 10 digits (C0001234567); Ghana Card PIN GHA-123456789-0 is also accepted.
  GH: {
    parse: (key) => {
      if (/^[CPGQV]\d{10}$/.test(key)) return { key, display: key }
      const card = /^GHA(\d{9})(\d)$/.exec(key)
      return card === null ? null : { key, display: `GHA-${card[1]}-${card[2]}` }
    }
  },
  // ZA SARS income-tax reference, 10 digits (VAT numbers: 10 digits starting with 4).
  ZA: { parse: digits(10) },
  // TZ TRA TIN: 9 digits, printed 123-456-789.
  TZ: {
    parse: withoutLabel(/^TIN/, (key) => (/^\d{9}$/.test(key) ? { key, display: `${key.slice(0, 3)}-${key.slice(3, 6)}-${key.slice(6)}` } : null))
  },
  // UG URA TIN and ZM ZRA TPIN: 10 digits.
  UG: { parse: withoutLabel(/^TIN/, digits(10)) },
  ZM: { parse: withoutLabel(/^T?PIN/, digits(10)) },
  // CM NIU (uncertain): letter + 12 digits + letter (M051200012345A).
  CM: { parse: withoutLabel(/^NIU/, pattern(/^[A-Z]\d{12}[A-Z]$/)) },
  // CI compte contribuable (uncertain): 7 digits + letter.
  CI: { parse: withoutLabel(/^(?:NCC|CC)/, pattern(/^\d{7}[A-Z]$/)) },
  // TN matricule fiscal 1234567/A/M/000: the key is its first 8 characters (the RNE identifiant unique).
  TN: {
    parse: withoutLabel(/^MF/, (key) => {
      const m = /^(\d{7}[A-Z])(?:[A-Z]{1,2}\d{3})?$/.exec(key)
      return m === null ? null : { key: m[1]!, display: m[1]! }
    })
  },
  // EG tax registration number (uncertain): 9 digits, printed 123-456-789.
  EG: {
    parse: (key) => (/^\d{9}$/.test(key) ? { key, display: `${key.slice(0, 3)}-${key.slice(3, 6)}-${key.slice(6)}` } : null)
  }
}

const GENERIC = /^[A-Z0-9]{5,20}$/

/**
 * Canonical tax id: `key` upper case without separators (the identifying part only, e.g. a Senegalese
 * NINEA without its COFI), `display` as printed by the tax authority, `valid` when the country's format
 * matches. Countries without a scheme fall back to the generic key (valid when 5-20 alphanumerics).
 */
export const canonicalTaxId = (country: string, raw: string): CanonicalTaxId => {
  const key = numberKey(raw)
  const scheme = schemes[country.trim().toUpperCase()]
  if (scheme === undefined) return { display: key, key, valid: GENERIC.test(key) }
  const parsed = scheme.parse(key)
  return parsed === null ? { display: key, key, valid: false } : { ...parsed, valid: true }
}

/** Countries with a specific tax-id scheme. */
export const taxIdCountries: ReadonlyArray<string> = Object.keys(schemes)

/** The name of a country's tax-number scheme, as org-id.guide codes it where it lists one (NG-TIN, SN-NINEA ...). */
const taxSchemeNames: Readonly<Record<string, string>> = {
  NG: "NG-TIN", KE: "KE-KRA", MA: "MA-ICE", SN: "SN-NINEA", MG: "MG-NIF", AO: "AO-NIF", RW: "RW-RRA", GH: "GH-TIN",
  ZA: "ZA-SARS", TZ: "TZ-TRA", UG: "UG-URA", ZM: "ZM-TPIN", CM: "CM-NIU", CI: "CI-NCC", TN: "TN-MF", EG: "EG-TRN",
  ML: "ML-NIF", TG: "TG-NIF", BW: "BW-TIN", ET: "ET-TIN", MW: "MW-MRA", MZ: "MZ-NUIT", NE: "NE-DGI", SL: "SL-NRA"
}

export const taxSchemeOf = (country: string): string => {
  const cc = country.trim().toUpperCase()
  return taxSchemeNames[cc] ?? `${cc}-TAX`
}
