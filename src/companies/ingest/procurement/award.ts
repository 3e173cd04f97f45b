import { normalizeName } from "../../../domain/normalize.js"

/** One procurement award to one supplier, as stored in procurement_awards. */
export interface Award {
  readonly line: number
  readonly award_key: string
  readonly country: string
  readonly ocid: string | null
  readonly buyer: string | null
  readonly title: string | null
  readonly value: string | null
  readonly currency: string | null
  readonly award_date: string | null
  readonly supplier: string
  readonly supplier_norm: string
  readonly source_url: string | null
}

export interface AwardFields {
  readonly country: string
  readonly ocid: string | null
  readonly buyer: string | null
  readonly title: string | null
  readonly value: number | null
  readonly currency: string | null
  readonly date: string | null
  readonly supplier: string
  readonly source_url: string | null
}

/** An address glued to a supplier name ("Chenkibou Nig Ltd, 19 Balewa Crescent ...") is left out of matching. */
const withoutAddress = (name: string) => name.replace(/,\s*(?:no\.?\s*)?\d.*$/i, "").trim()

const text = (s: string | null | undefined): string | null => {
  const t = s?.trim() ?? ""
  return t === "" ? null : t
}

const isoDay = (raw: string | null): string | null => {
  if (raw === null) return null
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw)
  const iso = dmy === null ? raw.slice(0, 10) : `${dmy[3]}-${dmy[2]!.padStart(2, "0")}-${dmy[1]!.padStart(2, "0")}`
  const d = new Date(`${iso}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null
}

/**
 * A stored award, or why it cannot be. The key is the ocid, supplier and value when an ocid is known (so an
 * award published both as OCDS and as CSV is held once, even where the two print its date differently), else a
 * digest of every field.
 */
export const awardOf = (line: number, f: AwardFields): Award | string => {
  const supplier = text(f.supplier)
  if (supplier === null) return "no supplier"
  const country = f.country.trim().toUpperCase()
  if (!/^[A-Z]{2}$/.test(country)) return `country ${JSON.stringify(f.country)} is not an ISO-3166 alpha-2 code`
  if (f.value !== null && !Number.isFinite(f.value)) return "value is not a number"
  const supplierNorm = normalizeName(withoutAddress(supplier), country)
  if (supplierNorm === "") return `supplier ${JSON.stringify(supplier)} has no name left after normalisation`
  const date = isoDay(text(f.date))
  const value = f.value === null ? null : String(f.value)
  const ocid = text(f.ocid)
  const identity = ocid === null
    ? ["digest", country, text(f.buyer), text(f.title), value, text(f.currency), date, supplierNorm]
    : ["ocid", ocid, supplierNorm, value]
  return {
    line,
    award_key: JSON.stringify(identity),
    country,
    ocid,
    buyer: text(f.buyer),
    title: text(f.title),
    value,
    currency: text(f.currency)?.toUpperCase() ?? null,
    award_date: date,
    supplier,
    supplier_norm: supplierNorm,
    source_url: text(f.source_url)
  }
}
