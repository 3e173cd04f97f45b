import { cell } from "../batch/resultsCsv.js"
import type { AuditEntry } from "../domain/auditChain.js"

const HEADER = ["seq", "at", "actor_type", "actor_id", "actor_name", "action", "object_type", "object_id", "outcome", "address", "client", "details", "prev_hash", "hash"]

const actorParts = (actor: unknown): readonly [string, string, string] => {
  if (typeof actor !== "object" || actor === null) return ["", "", ""]
  const a = actor as { type?: string; id?: string; name?: string; label?: string | null }
  return [a.type ?? "", a.id ?? "", a.name ?? a.label ?? ""]
}

/** The CSV export's header line. */
export const auditCsvHeader = HEADER.join(",") + "\r\n"

/** Entries as CSV lines (formula-like cells neutralised), with their hashes so a copy can be checked against the chain later. */
export const auditCsvLines = (entries: ReadonlyArray<AuditEntry>): string =>
  entries.map((e) => [e.seq, e.at, ...actorParts(e.actor), e.action, e.object_type, e.object_id, e.outcome, e.address, e.client,
    JSON.stringify(e.details), e.prev_hash, e.hash].map(cell).join(",") + "\r\n").join("")

/** Entries as JSON lines, every field as stored. */
export const auditJsonLines = (entries: ReadonlyArray<AuditEntry>): string => entries.map((e) => JSON.stringify(e) + "\n").join("")
