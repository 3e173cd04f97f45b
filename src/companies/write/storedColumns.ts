import { Option, Schema } from "effect"
import { LeiRegistration } from "../../domain/CanonicalCompany.js"
import type { IdentifierRow, RegistryEvidence } from "./state.js"

/** The jsonb columns of a companies row, as text or parsed, read back into what they hold. */

const parsed = (stored: unknown): unknown => typeof stored === "string" ? JSON.parse(stored) : stored
const isObject = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

/** The identifiers column (jsonb, as text or parsed), entries that are not identifiers left out. */
export const identifiersOfStored = (stored: unknown): ReadonlyArray<IdentifierRow> => {
  const u = parsed(stored)
  if (!Array.isArray(u)) return []
  return u.flatMap((i: unknown) =>
    isObject(i) && typeof i["scheme"] === "string" && typeof i["value"] === "string"
      ? [{ scheme: i["scheme"], value: i["value"], source: typeof i["source"] === "string" ? i["source"] : "" }]
      : [])
}

/** The registry_evidence column (jsonb, as text or parsed); null when absent or not evidence. */
export const registryEvidenceOfStored = (stored: unknown): RegistryEvidence | null => {
  const u = parsed(stored)
  if (!isObject(u) || typeof u["source"] !== "string" || typeof u["checked_at"] !== "string") return null
  if (u["kind"] !== "registry" && u["kind"] !== "live") return null
  // Decoded only when present: most evidence is a registry's own, without GLEIF's part.
  const lei = u["lei"] === undefined ? Option.none() : Schema.decodeUnknownOption(LeiRegistration)(u["lei"])
  return {
    source: u["source"],
    source_url: typeof u["source_url"] === "string" ? u["source_url"] : null,
    checked_at: new Date(u["checked_at"]).toISOString(),
    kind: u["kind"],
    ...(Option.isSome(lei) ? { lei: lei.value } : {})
  }
}
