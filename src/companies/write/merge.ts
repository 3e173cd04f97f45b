import type { SourceKind } from "../../domain/CanonicalCompany.js"
import { contentHash } from "./hash.js"
import type { CompanyState, FieldProvenance, IdentifierRow, Observation, RegistryEvidence, TrackedField, TrackedList } from "./state.js"
import { trackedFields } from "./state.js"

export type Confidence = (observation: Observation) => number

const instant = (iso: string) => Date.parse(iso)

/**
 * Whether an incoming observation replaces what is held: the newer one wins; at the same instant a deterministic
 * tie-break on the content keeps the merge order-independent, so re-ingesting any file changes nothing.
 */
const incomingWins = (incomingAt: string, heldAt: string, incomingTie: string, heldTie: string) => {
  const a = instant(incomingAt)
  const b = instant(heldAt)
  return a > b || (a === b && incomingTie >= heldTie)
}

/** A registry's word (a live answer or its published file), as against a secondary source's or a generated one. */
const fromRegistry = (kind: SourceKind | undefined) => kind === "registry" || kind === "live"

/**
 * Whether a value from a source of `incomingKind` replaces one a source of `heldKind` gave: a registry's value always
 * replaces a secondary (or synthetic) source's, and a secondary source's never replaces a registry's, however much
 * newer it is; between sources of one rank the newer wins (`newer`). Order-independent, like the date rule.
 */
export const replaces = (incomingKind: SourceKind, heldKind: SourceKind | undefined, newer: () => boolean) => {
  const incomingRank = fromRegistry(incomingKind) ? 1 : 0
  const heldRank = fromRegistry(heldKind) ? 1 : 0
  return incomingRank > heldRank || (incomingRank === heldRank && newer())
}

const provenanceOf = (observation: Observation, confidence: number): FieldProvenance => ({
  source: observation.record.source,
  source_url: observation.record.source_url,
  checked_at: observation.record.last_verified_at,
  confidence,
  source_kind: observation.record.source_kind
})

const tie = (value: string, p: { readonly source: string; readonly source_url: string | null }) =>
  `${value}\u0000${p.source}\u0000${p.source_url ?? ""}`

/** Held identifiers and incoming ones, each (scheme, value) once (the first source that gave it), sorted. */
export const unionIdentifiers = (held: ReadonlyArray<IdentifierRow>, incoming: ReadonlyArray<IdentifierRow>) => {
  const out = new Map<string, IdentifierRow>()
  for (const i of [...held, ...incoming]) {
    const key = `${i.scheme}\u0000${i.value}`
    if (!out.has(key)) out.set(key, i)
  }
  return [...out.values()].sort((a, b) => a.scheme < b.scheme ? -1 : a.scheme > b.scheme ? 1 : a.value < b.value ? -1 : a.value > b.value ? 1 : 0)
}

/** The newer registry evidence (a tie keeps the held one); a source that is no registry never replaces it. */
const newerEvidence = (held: RegistryEvidence | null, incoming: RegistryEvidence | null) =>
  incoming === null ? held : held === null || instant(incoming.checked_at) > instant(held.checked_at) ? incoming : held

/** A company as first observed. */
export const fromObservation = (observation: Observation, confidence: Confidence): CompanyState => {
  const p = provenanceOf(observation, confidence(observation))
  const provenance: Partial<Record<TrackedField | TrackedList, FieldProvenance>> = {}
  for (const field of trackedFields) if (observation.values[field] !== null) provenance[field] = p
  if (observation.aliases !== null) provenance.aliases = p
  if (observation.officers !== null) provenance.officers = p
  const state = {
    id: null,
    registry_id: observation.registry_id,
    country: observation.country,
    registration_key: observation.registration_key,
    number_valid: observation.number_valid,
    values: observation.values,
    provenance,
    record: observation.record,
    registry_url: observation.registry_url,
    aliases_digest: observation.aliases_digest,
    officers_digest: observation.officers_digest,
    aliases: observation.aliases,
    officers: observation.officers,
    identifiers: unionIdentifiers([], observation.identifiers),
    registry_evidence: observation.registry_evidence,
    content_hash: ""
  }
  return { ...state, content_hash: contentHash(state) }
}

/**
 * Folds an observation into a held company field by field: a value replaces the held one only when the
 * observation outranks the held value's source (a registry's over a secondary source's) or is of its rank and not
 * older than its `checked_at` (`replaces`); an absent value never erases a held one.
 * Alias and officer lists are replaced as a whole by a newer observation that carries them.
 */
export const mergeObservation = (held: CompanyState, observation: Observation, confidence: Confidence): CompanyState => {
  const at = observation.record.last_verified_at
  const kind = observation.record.source_kind
  const incoming = provenanceOf(observation, confidence(observation))
  const values: Record<TrackedField, string | null> = { ...held.values }
  const provenance: Partial<Record<TrackedField | TrackedList, FieldProvenance>> = { ...held.provenance }
  for (const field of trackedFields) {
    const value = observation.values[field]
    if (value === null) continue
    const heldValue = held.values[field]
    const heldProvenance = held.provenance[field]
    if (
      heldValue === null || heldProvenance === undefined ||
      replaces(kind, heldProvenance.source_kind ?? held.record.source_kind, () =>
        incomingWins(at, heldProvenance.checked_at, tie(value, incoming), tie(heldValue, heldProvenance)))
    ) {
      values[field] = value
      provenance[field] = incoming
    }
  }
  const recordWins = replaces(kind, held.record.source_kind, () => incomingWins(
    at,
    held.record.last_verified_at,
    tie(observation.record.source_kind, observation.record),
    tie(held.record.source_kind, held.record)
  ))
  const listWins = (list: TrackedList, digest: string | null, heldDigest: string | null) => {
    const heldList = held.provenance[list]
    return digest !== null && (heldList === undefined || replaces(kind, heldList.source_kind ?? held.record.source_kind, () =>
      incomingWins(at, heldList.checked_at, tie(digest, incoming), tie(heldDigest ?? "", heldList))))
  }
  const aliasesWin = listWins("aliases", observation.aliases_digest, held.aliases_digest)
  const officersWin = listWins("officers", observation.officers_digest, held.officers_digest)
  if (aliasesWin) provenance.aliases = incoming
  if (officersWin) provenance.officers = incoming
  const state: CompanyState = {
    ...held,
    number_valid: observation.number_valid,
    values,
    provenance,
    record: recordWins ? observation.record : held.record,
    registry_url: recordWins && observation.registry_url !== null ? observation.registry_url : held.registry_url,
    aliases_digest: aliasesWin ? observation.aliases_digest : held.aliases_digest,
    officers_digest: officersWin ? observation.officers_digest : held.officers_digest,
    aliases: aliasesWin ? observation.aliases : held.aliases,
    officers: officersWin ? observation.officers : held.officers,
    // An identifier both give is credited to the source whose record wins (the registry's over a listing's).
    identifiers: recordWins ? unionIdentifiers(observation.identifiers, held.identifiers) : unionIdentifiers(held.identifiers, observation.identifiers),
    registry_evidence: newerEvidence(held.registry_evidence, observation.registry_evidence)
  }
  return { ...state, content_hash: contentHash(state) }
}
