/**
 * Country names as sanctions lists write them ("Korea, North", "Burma", "Congo, Democratic Republic of the",
 * "Iran (Islamic Republic of)", "Region: Crimea") -> ISO 3166-1 alpha-2 codes. English names come from ICU
 * (`Intl.DisplayNames`); the lists' own spellings that ICU does not give are written out below.
 */

const foldCountry = (name: string): string =>
  name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/\bst\.?(?=\s)/g, "saint")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()

/** Spellings of the lists (OFAC, UN) and common English forms that ICU's English names do not cover. */
const LIST_SPELLINGS: ReadonlyArray<readonly [string, string]> = [
  ["korea north", "KP"], ["north korea", "KP"], ["democratic people s republic of korea", "KP"],
  ["korea south", "KR"], ["south korea", "KR"], ["republic of korea", "KR"],
  ["burma", "MM"], ["turkey", "TR"], ["czech republic", "CZ"], ["viet nam", "VN"], ["macau", "MO"], ["laos", "LA"],
  ["palestinian", "PS"], ["palestine", "PS"], ["state of palestine", "PS"], ["west bank", "PS"], ["gaza", "PS"],
  ["bahamas the", "BS"], ["the gambia", "GM"], ["gambia the", "GM"], ["virgin islands british", "VG"],
  ["congo democratic republic of the", "CD"], ["democratic republic of the congo", "CD"], ["drc", "CD"],
  ["congo republic of the", "CG"], ["republic of the congo", "CG"], ["cote d ivoire", "CI"], ["ivory coast", "CI"],
  ["north macedonia the republic of", "MK"], ["man isle of", "IM"], ["syrian arab republic", "SY"], ["syria", "SY"],
  ["iran islamic republic of", "IR"], ["iran", "IR"], ["russian federation", "RU"], ["russia", "RU"],
  ["united states of america", "US"], ["united kingdom of great britain and northern ireland", "GB"],
  ["china hong kong special administrative region", "HK"], ["hong kong", "HK"],
  ["united republic of tanzania", "TZ"], ["tanzania", "TZ"], ["brunei", "BN"], ["saint vincent and the grenadines", "VC"], ["crimea", "UA"], ["northern mali", "ML"]
]

/** Codes ICU still names that are not current ISO 3166-1 countries (withdrawn, or reserved like UK and EU). */
const NOT_COUNTRIES = new Set(["AN", "BU", "CS", "DD", "DY", "EU", "EZ", "FX", "HV", "NH", "QO", "RH", "SU", "TP", "UK", "UN", "VD", "YD", "YU", "ZR"])

const buildTable = (): ReadonlyMap<string, string> => {
  const table = new Map<string, string>()
  const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" })
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b)
      const name = names.of(code)
      if (name === undefined || name === code || NOT_COUNTRIES.has(code)) continue
      table.set(foldCountry(name), code)
      // "Myanmar (Burma)", "Hong Kong SAR China": the name before the parenthesis or the SAR suffix too.
      const plain = foldCountry(name.replace(/\(.*\)/, "").replace(/\bSAR\b.*$/, ""))
      if (plain !== "" && !table.has(plain)) table.set(plain, code)
    }
  }
  for (const [name, code] of LIST_SPELLINGS) table.set(name, code)
  return table
}

let table: ReadonlyMap<string, string> | null = null

/** The ISO 3166-1 alpha-2 code of a country as a list writes it, or null (unknown, "undetermined", a region of several). */
export const countryCodeOfName = (name: string): string | null => {
  table ??= buildTable()
  const trimmed = name.trim()
  if (/^[A-Za-z]{2}$/.test(trimmed)) return trimmed.toUpperCase()
  const folded = foldCountry(trimmed.replace(/^region:/i, ""))
  const direct = table.get(folded)
  if (direct !== undefined) return direct
  // "Korea, North" -> "north korea"; "Iran (Islamic Republic of)" -> "iran".
  const comma = /^([^,]+),(.+)$/.exec(trimmed)
  const reordered = comma === null ? undefined : table.get(foldCountry(`${comma[2]} ${comma[1]}`))
  return reordered ?? table.get(foldCountry(trimmed.replace(/\(.*\)/, ""))) ?? null
}

/**
 * ICU's region codes that ISO 3166-1 does not assign as countries: exceptionally reserved (Ascension, Clipperton,
 * Sark, Diego Garcia, Ceuta and Melilla, the Canary Islands, Tristan da Cunha), user-assigned (Kosovo, the
 * pseudo-locales) and "unknown".
 */
const NOT_ASSIGNED = new Set(["AC", "CP", "CQ", "DG", "EA", "IC", "TA", "XA", "XB", "XK", "ZZ"])

let assigned: ReadonlySet<string> | null = null

/** Whether `code` (any case) is an ISO 3166-1 alpha-2 country code in use (the 249 of the standard). */
export const isIsoCountry = (code: string): boolean => {
  table ??= buildTable()
  assigned ??= new Set([...table.values()].filter((c) => !NOT_ASSIGNED.has(c)))
  return assigned.has(code.trim().toUpperCase())
}
