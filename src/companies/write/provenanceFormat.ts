import type { SourceKind } from "../../domain/CanonicalCompany.js"
import type { FieldProvenance, Provenance, TrackedField, TrackedList } from "./state.js"

// Field names are a fixed set: each quoted once, not once per company.
const quotedKeys = new Map<string, string>()
const quoted = (key: string) => {
  let q = quotedKeys.get(key)
  if (q === undefined) quotedKeys.set(key, q = JSON.stringify(key))
  return q
}

/**
 * How per-field provenance is stored (companies.provenance, json): each distinct source once, and each field the
 * index of its source, `{"sources":[{source, source_url, checked_at, confidence}], "fields":{"legal_name":0}}`.
 * Fields observed together share a source, so this is a fifth of a field-by-field map (1,360 bytes per company on
 * the generated corpus), and checking it costs the database a fifth as much on every write. Rows written as a
 * field-by-field map (`{"legal_name":{source, ...}}`, the first format) are still read.
 */
export const encodeProvenance = (provenance: Provenance): string => {
  const seen: Array<FieldProvenance> = []
  let sources = ""
  let fields = ""
  for (const key in provenance) {
    const value = provenance[key as keyof Provenance]
    if (value === undefined) continue
    let i = seen.indexOf(value)
    if (i === -1) {
      i = seen.push(value) - 1
      sources += (i === 0 ? "" : ",") + JSON.stringify(value)
    }
    fields += `${fields === "" ? "" : ","}${quoted(key)}:${i}`
  }
  return `{"sources":[${sources}],"fields":{${fields}}}`
}

const sourceKinds: ReadonlyArray<unknown> = ["live", "registry", "secondary", "synthetic"] satisfies ReadonlyArray<SourceKind>
const isSourceKind = (u: unknown): u is SourceKind => sourceKinds.includes(u)

const isObject = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

const fieldProvenanceOf = (u: unknown): FieldProvenance | null => {
  if (!isObject(u) || typeof u["source"] !== "string" || typeof u["checked_at"] !== "string") return null
  return {
    source: u["source"],
    source_url: typeof u["source_url"] === "string" ? u["source_url"] : null,
    checked_at: u["checked_at"],
    confidence: typeof u["confidence"] === "number" ? u["confidence"] : 0,
    ...(isSourceKind(u["source_kind"]) ? { source_kind: u["source_kind"] } : {})
  }
}

/** The stored provenance (parsed json, or its text) as a field map; entries that are not provenance are left out. */
export const decodeProvenance = (stored: unknown): Provenance => {
  const u: unknown = typeof stored === "string" ? JSON.parse(stored) : stored
  const out: Partial<Record<TrackedField | TrackedList, FieldProvenance>> = {}
  if (!isObject(u)) return out
  if (Array.isArray(u["sources"]) && isObject(u["fields"])) {
    const sources = u["sources"].map(fieldProvenanceOf)
    for (const [field, index] of Object.entries(u["fields"])) {
      const p = typeof index === "number" ? sources[index] : undefined
      // One shared object per source, as the writer built it (serialised once again on the next write).
      if (p !== undefined && p !== null) out[field as TrackedField] = p
    }
    return out
  }
  for (const [field, value] of Object.entries(u)) {
    const p = fieldProvenanceOf(value)
    if (p !== null) out[field as TrackedField] = p
  }
  return out
}
