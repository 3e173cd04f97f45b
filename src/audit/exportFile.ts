import type { AuditEntry } from "../domain/auditChain.js"

const TEXT_OR_NULL = ["object_type", "object_id", "address", "client"] as const
const TEXT = ["account_id", "at", "action", "outcome", "prev_hash", "hash"] as const

/** One line of an export.jsonl as the console writes it (every stored field), or why it is not one. */
export const exportedEntry = (line: string): AuditEntry | string => {
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch {
    return "not JSON"
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "not a JSON object"
  const e = value as Record<string, unknown>
  for (const field of TEXT) if (typeof e[field] !== "string") return `${field}: must be text`
  for (const field of TEXT_OR_NULL) if (e[field] !== null && typeof e[field] !== "string") return `${field}: must be text or null`
  if (typeof e["seq"] !== "number" || !Number.isSafeInteger(e["seq"]) || e["seq"] < 1) return "seq: must be a whole number from 1"
  if (!("actor" in e) || !("details" in e)) return "actor and details are required"
  return value as AuditEntry
}

/** Every non-empty line of an export file, or the first line that is not an entry. */
export const exportedEntries = (text: string): { readonly entries: ReadonlyArray<AuditEntry> } | { readonly error: string } => {
  const entries: Array<AuditEntry> = []
  const lines = text.split("\n")
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim()
    if (line === "") continue
    const entry = exportedEntry(line)
    if (typeof entry === "string") return { error: `line ${i + 1}: ${entry}` }
    entries.push(entry)
  }
  return { entries }
}
