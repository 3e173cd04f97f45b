import { createHash } from "node:crypto"
import { canonicalJson } from "./canonicalJson.js"

/** The fields of an audit entry that its hash covers (everything but the hashes themselves). */
export interface AuditFields {
  readonly account_id: string
  readonly seq: number
  /** ISO 8601, UTC, milliseconds. */
  readonly at: string
  readonly actor: unknown
  readonly action: string
  readonly object_type: string | null
  readonly object_id: string | null
  readonly address: string | null
  readonly client: string | null
  readonly outcome: string
  readonly details: unknown
}

export interface AuditEntry extends AuditFields {
  readonly prev_hash: string
  readonly hash: string
}

/** The hash a chain starts from (the `prev_hash` of an account's first entry). */
export const GENESIS = "0".repeat(64)

/** SHA-256 over the previous entry's hash and the entry's fields as canonical JSON. */
export const entryHash = (prevHash: string, fields: AuditFields): string =>
  createHash("sha256").update(`${prevHash}\n${canonicalJson(fields)}`).digest("hex")

export type ChainBreak =
  | { readonly seq: number; readonly problem: "gap"; readonly expected: number }
  | { readonly seq: number; readonly problem: "prev_hash" | "hash" }
  | { readonly seq: number; readonly problem: "head" }

/**
 * The first entry that breaks an account's chain, or null: entries must be numbered 1, 2, 3 ... without a gap, each
 * naming the hash of the one before, each hash recomputed from its fields, and the last one the chain's head (a
 * deleted tail shows there). An edited field, a deleted or a reordered entry all break it.
 */
export const firstBreak = (
  entries: ReadonlyArray<AuditEntry>,
  head: { readonly seq: number; readonly hash: string } | null
): ChainBreak | null => {
  let previous = GENESIS
  let expected = 1
  for (const entry of entries) {
    if (entry.seq !== expected) return { seq: entry.seq, problem: "gap", expected }
    if (entry.prev_hash !== previous) return { seq: entry.seq, problem: "prev_hash" }
    const { prev_hash: _prev, hash, ...fields } = entry
    if (entryHash(previous, fields) !== hash) return { seq: entry.seq, problem: "hash" }
    previous = hash
    expected += 1
  }
  const last = entries.length
  if (head === null ? last !== 0 : head.seq !== last || (last > 0 && head.hash !== previous)) return { seq: head?.seq ?? last, problem: "head" }
  return null
}

export const breakWords: Readonly<Record<ChainBreak["problem"], string>> = {
  gap: "an entry is missing or out of order",
  prev_hash: "it does not name the hash of the entry before it (an entry before was changed, removed or moved)",
  hash: "its content does not match its hash (it was edited)",
  head: "the chain's recorded end does not match its last entry (entries at the end were removed)"
}
