import { hash } from "node:crypto"
import type { AliasRow, CompanyState, OfficerRow } from "./state.js"
import { trackedFields } from "./state.js"

const sha1 = (text: string) => hash("sha1", text, "base64url")

const SEP = "\u001f"
const part = (value: string | boolean | null) => (value === null ? "\u0000" : String(value))

const provenanceKeys = [...trackedFields, "aliases", "officers"] as const

/**
 * What a stored company row holds, hashed: equal hashes mean writing the state would change nothing. Provenance
 * enters without its confidence (a function of the clock). Fields are joined with a unit separator (values
 * never contain one that matters: a collision would need equal text in every other field).
 */
export const contentHash = (state: Omit<CompanyState, "content_hash">) => {
  let text = state.registry_id + SEP + state.registration_key + SEP + part(state.number_valid)
  for (const field of trackedFields) text += SEP + part(state.values[field])
  for (const key of provenanceKeys) {
    const p = state.provenance[key]
    text += SEP + (p === undefined ? "\u0000" : p.source + SEP + part(p.source_url) + SEP + p.checked_at)
  }
  const r = state.record
  text += SEP + r.source + SEP + part(r.source_url) + SEP + r.source_kind + SEP + r.last_verified_at
  text += SEP + part(state.registry_url) + SEP + part(state.aliases_digest) + SEP + part(state.officers_digest)
  text += SEP + JSON.stringify(state.identifiers) + SEP + JSON.stringify(state.registry_evidence)
  return sha1(text)
}

export const aliasesDigest = (aliases: ReadonlyArray<AliasRow>) =>
  sha1(JSON.stringify(aliases.map((a) => `${a.kind}:${a.name}`).sort()))

export const officersDigest = (officers: ReadonlyArray<OfficerRow>) =>
  sha1(JSON.stringify(
    officers.map((o) => [o.name, o.role, o.appointed_on, o.resigned_on, o.nationality]).map((o) => JSON.stringify(o)).sort()
  ))
