import { normalizeName } from "../../../domain/normalize.js"

export interface Trademark {
  readonly line: number
  readonly trademark_key: string
  readonly office: string
  readonly mark: string
  readonly owner: string
  readonly owner_norm: string
  /** Countries whose companies the owner is matched against (the office's jurisdiction). */
  readonly countries: string
  readonly status: string | null
  readonly nice_classes: string
  readonly filing_date: string | null
  readonly source_url: string | null
}

const OAPI = ["CI", "SN", "CM", "BJ", "BF", "CF", "CG", "GA", "GN", "GW", "GQ", "ML", "MR", "NE", "TD", "TG", "KM"]
const ARIPO = ["BW", "GH", "KE", "RW", "TZ", "UG", "ZM", "MW", "NA", "ZW", "LR", "SL", "SD", "ST", "SZ", "LS", "MZ", "GM", "SO", "CV"]

/** Offices by name or code, to the countries they register marks for. */
const OFFICES: Readonly<Record<string, ReadonlyArray<string>>> = {
  OAPI, ARIPO,
  CIPC: ["ZA"], IPONIGERIA: ["NG"], TPDR: ["NG"], NIPO: ["NG"], KIPI: ["KE"], RGD: ["GH"], ORC: ["GH"], BRELA: ["TZ"],
  URSB: ["UG"], PACRA: ["ZM"], CIPA: ["BW"], OMPIC: ["MA"], INNORPI: ["TN"], ITDA: ["EG"], EGYPO: ["EG"],
  OMAPI: ["MG"], IAPI: ["AO"], RDB: ["RW"], CBRD: ["MU"], MUIPO: ["MU"]
}

export const officeCountries = (office: string): ReadonlyArray<string> | null => {
  const code = office.trim().toUpperCase().replace(/[^A-Z]/g, "")
  if (/^[A-Z]{2}$/.test(code)) return [code]
  return OFFICES[code] ?? null
}

const isoDay = (raw: string | null): string | null | "invalid" => {
  if (raw === null) return null
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw)
  const iso = dmy === null ? raw.slice(0, 10) : `${dmy[3]}-${dmy[2]!.padStart(2, "0")}-${dmy[1]!.padStart(2, "0")}`
  const d = new Date(`${iso}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : "invalid"
}

const text = (s: string | undefined): string | null => {
  const t = s?.trim() ?? ""
  return t === "" ? null : t
}

/** A CSV row `office,mark,owner,status,classes,filing_date,source_url` as a trademark, or why not. */
export const trademarkOf = (line: number, cells: Readonly<Record<string, string>>): Trademark | string => {
  const office = text(cells["office"])
  const mark = text(cells["mark"])
  const owner = text(cells["owner"])
  if (office === null) return "no office"
  if (mark === null) return "no mark"
  if (owner === null) return "no owner"
  const countries = officeCountries(office)
  if (countries === null) return `office ${JSON.stringify(office)} is not a known office or country code`
  const classes = (text(cells["classes"]) ?? "").split(/[|,;\s]+/).filter((c) => c !== "")
  const nice = classes.map(Number)
  const badClass = classes.find((_, i) => !Number.isInteger(nice[i]) || nice[i]! < 1 || nice[i]! > 45)
  if (badClass !== undefined) return `class ${JSON.stringify(badClass)} is not a Nice class (1-45)`
  const filing = isoDay(text(cells["filing_date"]))
  if (filing === "invalid") return `filing_date ${JSON.stringify(cells["filing_date"])} is not a date`
  const ownerNorm = normalizeName(owner, countries.length === 1 ? countries[0] : undefined)
  if (ownerNorm === "") return `owner ${JSON.stringify(owner)} has no name left after normalisation`
  const officeKey = office.toUpperCase()
  return {
    line,
    trademark_key: JSON.stringify([officeKey, mark.toLowerCase(), ownerNorm]),
    office: officeKey,
    mark,
    owner,
    owner_norm: ownerNorm,
    countries: countries.join(","),
    status: text(cells["status"])?.toLowerCase() ?? null,
    nice_classes: `{${[...new Set(nice)].sort((a, b) => a - b).join(",")}}`,
    filing_date: filing,
    source_url: text(cells["source_url"])
  }
}
