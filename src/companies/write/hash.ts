import { createHash } from "node:crypto"
import type { AliasRow, CompanyState, OfficerRow, Provenance } from "./state.js"
import { trackedFields } from "./state.js"

const sha1 = (text: string) => createHash("sha1").update(text).digest("base64url")

const provenanceKeys = [...trackedFields, "aliases", "officers"] as const

/** Provenance without confidence (a function of the clock), in a fixed key order. */
const stableProvenance = (provenance: Provenance) =>
  provenanceKeys.map((key) => {
    const p = provenance[key]
    return p === undefined ? null : [p.source, p.source_url, p.checked_at]
  })

/** What a stored company row holds, hashed: equal hashes mean writing the state would change nothing. */
export const contentHash = (state: Omit<CompanyState, "content_hash">) =>
  sha1(JSON.stringify([
    state.registry_id,
    state.registration_key,
    state.number_valid,
    trackedFields.map((field) => state.values[field]),
    stableProvenance(state.provenance),
    [state.record.source, state.record.source_url, state.record.source_kind, state.record.last_verified_at],
    state.registry_url,
    state.aliases_digest,
    state.officers_digest
  ]))

export const aliasesDigest = (aliases: ReadonlyArray<AliasRow>) =>
  sha1(JSON.stringify(aliases.map((a) => `${a.kind}:${a.name}`).sort()))

export const officersDigest = (officers: ReadonlyArray<OfficerRow>) =>
  sha1(JSON.stringify(
    officers.map((o) => [o.name, o.role, o.appointed_on, o.resigned_on, o.nationality]).map((o) => JSON.stringify(o)).sort()
  ))
