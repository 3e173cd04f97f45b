import type { CanonicalCompany } from "../../domain/CanonicalCompany.js"

/**
 * A hand-written check at least as strict as the CanonicalCompany schema, for the hot path: a record it accepts
 * is one the schema accepts (and decodes to itself, excess properties aside). A record it refuses goes through
 * the schema, which gives the reason. Keep in step with src/domain/CanonicalCompany.ts.
 */

type Obj = Record<string, unknown>

const COUNTRY = /^[A-Za-z]{2}$/
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
const STATUSES: ReadonlySet<unknown> = new Set(["active", "dissolved", "dormant", "unknown"])
const KINDS: ReadonlySet<unknown> = new Set(["live", "registry", "secondary", "synthetic"])
const ALIAS_KINDS: ReadonlySet<unknown> = new Set(["brand", "parent", "former", "trading", "short", "ticker"])

const nonBlank = (u: unknown): boolean => typeof u === "string" && u.trim().length > 0
const optionalNonBlank = (u: unknown): boolean => u === undefined || u === null || nonBlank(u)
const optionalDate = (u: unknown): boolean => u === undefined || u === null || (typeof u === "string" && ISO_DATE.test(u))
const isObject = (u: unknown): u is Obj => typeof u === "object" && u !== null && !Array.isArray(u)

const officerOk = (u: unknown): boolean =>
  isObject(u) && nonBlank(u["name"]) && optionalNonBlank(u["role"]) && optionalDate(u["appointed_on"]) &&
  optionalDate(u["resigned_on"]) && optionalNonBlank(u["nationality"])

const aliasOk = (u: unknown): boolean => isObject(u) && nonBlank(u["name"]) && ALIAS_KINDS.has(u["kind"])

export const fastCanonical = (u: unknown): CanonicalCompany | null => {
  if (!isObject(u)) return null
  const ok = typeof u["country"] === "string" && COUNTRY.test(u["country"]) &&
    // Records without a number (reference entities) or with identifiers go through the schema.
    nonBlank(u["registration_no"]) && u["reference_id"] === undefined && u["identifiers"] === undefined &&
    nonBlank(u["legal_name"]) &&
    (u["status"] === undefined || u["status"] === null || STATUSES.has(u["status"])) &&
    optionalNonBlank(u["entity_type"]) && optionalNonBlank(u["entity_type_label"]) &&
    optionalDate(u["incorporation_date"]) && optionalNonBlank(u["registered_address"]) &&
    optionalNonBlank(u["tax_id"]) && optionalNonBlank(u["listed_ticker"]) && nonBlank(u["source"]) &&
    optionalNonBlank(u["source_url"]) && (u["source_kind"] === undefined || KINDS.has(u["source_kind"])) &&
    typeof u["last_verified_at"] === "string" && !Number.isNaN(Date.parse(u["last_verified_at"])) &&
    (u["aliases"] === undefined || (Array.isArray(u["aliases"]) && u["aliases"].every(aliasOk))) &&
    (u["officers"] === undefined || (Array.isArray(u["officers"]) && u["officers"].every(officerOk)))
  return ok ? (u as unknown as CanonicalCompany) : null
}
