import { Result } from "effect"
import type { CanonicalCompany } from "../../domain/CanonicalCompany.js"
import { aliasesDigest, officersDigest } from "./hash.js"
import { nameNorm, numberIdentity, referenceIdentity } from "./identity.js"
import { unionIdentifiers } from "./merge.js"
import type { AliasRow, IdentifierRow, Observation, OfficerRow, TrackedField } from "./state.js"
import { taxSchemeOf } from "../../domain/taxIds.js"

const text = (value: string | null | undefined): string | null => {
  if (value === null || value === undefined) return null
  const trimmed = value.trim()
  return trimmed === "" ? null : trimmed
}

const givenAliases = (record: CanonicalCompany, country: string): ReadonlyArray<AliasRow> | null => {
  if (record.aliases === undefined) return null
  const seen = new Set<string>()
  const rows: Array<AliasRow> = []
  for (const alias of record.aliases) {
    const name = alias.name.trim()
    const norm = nameNorm(name, country)
    const id = `${alias.kind}\u0000${norm}`
    if (norm === "" || seen.has(id)) continue
    seen.add(id)
    rows.push({ name, name_norm: norm, kind: alias.kind, source: record.source })
  }
  return rows
}

const officersOf = (record: CanonicalCompany, checkedAt: string): ReadonlyArray<OfficerRow> | null =>
  record.officers === undefined ? null : record.officers.map((o) => ({
    name: o.name.trim(),
    role: text(o.role),
    appointed_on: text(o.appointed_on),
    resigned_on: text(o.resigned_on),
    nationality: text(o.nationality),
    source: record.source,
    last_verified_at: checkedAt
  }))

/**
 * The identifiers a record gives: its registration number (scheme: the registry), its tax number (the country's tax
 * scheme, unless the source named it), those the source listed, and its reference id; each with the record's source,
 * or the file a listed identifier names as holding it.
 */
const identifiersOf = (
  record: CanonicalCompany,
  country: string,
  number: { readonly registry_id: string; readonly display: string } | null
): ReadonlyArray<IdentifierRow> => {
  const source = record.source.trim()
  const given = (record.identifiers ?? []).map((i) => ({ scheme: i.scheme, value: i.value.trim(), source: i.source?.trim() ?? source }))
  const taxId = text(record.tax_id)
  const out: Array<IdentifierRow> = [...given]
  if (number !== null) out.push({ scheme: number.registry_id, value: number.display, source })
  if (taxId !== null && !given.some((i) => i.value === taxId)) out.push({ scheme: taxSchemeOf(country), value: taxId, source })
  const reference = text(record.reference_id)
  if (reference !== null) out.push({ scheme: "reference", value: reference, source })
  return unionIdentifiers([], out)
}

/** A decoded canonical record as an observation: canonical number, registry, normalised aliases and officers. */
export const observe = (record: CanonicalCompany): Result.Result<Observation, string> => {
  const country = record.country.toUpperCase()
  const raw = text(record.registration_no)
  const kind = record.source_kind ?? "registry"
  if (raw === null && record.reference_id == null) {
    return Result.fail("a record without registration_no needs a reference_id (a secondary source's business)")
  }
  if (raw === null && (kind === "registry" || kind === "live")) {
    return Result.fail("a registry's record carries its registration_no")
  }
  const number = raw === null ? referenceIdentity(record.reference_id!) : numberIdentity(country, raw)
  if (number.key === "") return Result.fail(`registration_no ${JSON.stringify(record.registration_no)} has no digits or letters`)
  const verifiedAt = new Date(record.last_verified_at)
  if (Number.isNaN(verifiedAt.getTime())) return Result.fail("last_verified_at is not a date-time")
  const checkedAt = verifiedAt.toISOString()
  const values: Record<TrackedField, string | null> = {
    registration_no: raw === null ? null : number.display,
    legal_name: record.legal_name.trim(),
    status: record.status ?? null,
    entity_type: text(record.entity_type),
    entity_type_label: text(record.entity_type_label),
    incorporation_date: text(record.incorporation_date),
    registered_address: text(record.registered_address),
    tax_id: text(record.tax_id),
    listed_ticker: text(record.listed_ticker)
  }
  const aliases = givenAliases(record, country)
  const officers = officersOf(record, checkedAt)
  return Result.succeed({
    registry_id: number.registry_id,
    country,
    registration_key: number.key,
    number_valid: number.valid,
    values,
    record: {
      source: record.source.trim(),
      source_url: text(record.source_url),
      source_kind: kind,
      last_verified_at: checkedAt
    },
    identifiers: identifiersOf(record, country, raw === null ? null : number),
    registry_evidence: raw !== null && (kind === "registry" || kind === "live")
      ? {
        source: record.source.trim(),
        source_url: text(record.source_url),
        checked_at: checkedAt,
        kind,
        ...(record.lei_registration === undefined ? {} : { lei: record.lei_registration })
      }
      : null,
    registry_url: null,
    aliases,
    aliases_digest: aliases === null ? null : aliasesDigest(aliases),
    officers,
    officers_digest: officers === null ? null : officersDigest(officers)
  })
}
