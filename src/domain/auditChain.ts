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

/** One link of the chain of chain heads: an account's head as it was after an append. */
export interface AuditAnchor {
  readonly seq: number
  readonly account_id: string
  readonly head_seq: number
  readonly head_hash: string
  readonly prev_hash: string
  readonly hash: string
}

/** SHA-256 over the previous anchor's hash and the head it anchors (sql/0340_audit_anchors.sql computes the same). */
export const anchorHash = (prevHash: string, accountId: string, headSeq: number, headHash: string): string =>
  createHash("sha256").update(`${prevHash}\n${accountId}\n${headSeq}\n${headHash}`).digest("hex")

export type AnchorProblem =
  | { readonly kind: "anchor_chain"; readonly seq: number }
  | { readonly kind: "missing_chain"; readonly accountId: string; readonly headSeq: number }
  | { readonly kind: "missing_entry"; readonly accountId: string; readonly headSeq: number }
  | { readonly kind: "rewritten"; readonly accountId: string; readonly headSeq: number }
  | { readonly kind: "unanchored"; readonly accountId: string; readonly headSeq: number }

/**
 * What the chain of chain heads says is wrong. The anchors must link (numbered without a gap, each naming the hash
 * before, each hash recomputed, the last one the recorded end); every anchored head must still be in its account's
 * chain with the hash it had (a chain deleted whole, a tail cut off or a chain rewritten from some entry on shows
 * here); and every chain's entries past its last anchored head must be younger than `cutoff` (anchoring is done by
 * a periodic task, not by the write: an older unanchored entry means the task stopped, or the entry was appended
 * behind the service's back). `chains` gives, per account, each anchored entry's hash by sequence number, the
 * current head, and the time of its first entry past the last anchor (null: none there).
 */
export const anchorProblems = (
  anchors: ReadonlyArray<AuditAnchor>,
  end: { readonly seq: number; readonly hash: string },
  chains: ReadonlyMap<string, { readonly hashes: ReadonlyMap<number, string>; readonly head: number; readonly unanchoredSince: string | null }>,
  cutoff: string
): ReadonlyArray<AnchorProblem> => {
  const problems: Array<AnchorProblem> = []
  let previous = GENESIS
  let expected = 1
  let linked = true
  const lastAnchored = new Map<string, number>()
  for (const anchor of anchors) {
    if (linked && (anchor.seq !== expected || anchor.prev_hash !== previous ||
      anchorHash(previous, anchor.account_id, anchor.head_seq, anchor.head_hash) !== anchor.hash)) {
      problems.push({ kind: "anchor_chain", seq: anchor.seq })
      linked = false
    }
    previous = anchor.hash
    expected += 1
    lastAnchored.set(anchor.account_id, Math.max(lastAnchored.get(anchor.account_id) ?? 0, anchor.head_seq))
    const chain = chains.get(anchor.account_id)
    const at = { accountId: anchor.account_id, headSeq: anchor.head_seq }
    if (chain === undefined || chain.head === 0) problems.push({ kind: "missing_chain", ...at })
    else if (!chain.hashes.has(anchor.head_seq)) problems.push({ kind: "missing_entry", ...at })
    else if (chain.hashes.get(anchor.head_seq) !== anchor.head_hash) problems.push({ kind: "rewritten", ...at })
  }
  if (linked && (end.seq !== anchors.length || (anchors.length > 0 && end.hash !== previous))) problems.push({ kind: "anchor_chain", seq: end.seq })
  for (const [accountId, chain] of chains) {
    const late = chain.unanchoredSince === null || chain.unanchoredSince <= cutoff
    if (chain.head > (lastAnchored.get(accountId) ?? 0) && late) problems.push({ kind: "unanchored", accountId, headSeq: chain.head })
  }
  return dedupe(problems)
}

/** One problem per account and kind (the first): a chain deleted whole shows once, not once per anchor. */
const dedupe = (problems: ReadonlyArray<AnchorProblem>) => {
  const seen = new Set<string>()
  return problems.filter((p) => {
    const key = p.kind === "anchor_chain" ? "anchor" : `${p.accountId}:${p.kind}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

export const anchorWords = (p: AnchorProblem): string => {
  switch (p.kind) {
    case "anchor_chain":
      return `the chain of chain heads is broken at anchor ${p.seq} (an anchor was changed, removed or moved)`
    case "missing_chain":
      return `account ${p.accountId}: its chain is gone, though entry ${p.headSeq} was anchored (the chain was deleted)`
    case "missing_entry":
      return `account ${p.accountId}: entry ${p.headSeq} was anchored and is gone (entries at the end were removed)`
    case "rewritten":
      return `account ${p.accountId}: entry ${p.headSeq} is not the one anchored (the chain was rewritten from there or before)`
    case "unanchored":
      return `account ${p.accountId}: entries up to ${p.headSeq} were not anchored in time (the anchoring task is not running, or they were appended behind the service's back)`
  }
}
