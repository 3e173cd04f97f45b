import { SqlClient } from "effect/sql"
import { Clock, Config, Duration, Effect, Context, Layer } from "effect"
import type { Actor, Attribution, Origin } from "../access/actor.js"
import {
  anchorProblems, anchorWords, type AuditAnchor, type AuditEntry, breakWords, type ChainBreak, entryHash, firstBreak, GENESIS
} from "../domain/auditChain.js"
import { type AuditFilters, AuditRepo } from "./AuditRepo.js"

export { type AuditAction, auditActions } from "../domain/auditActions.js"
import type { AuditAction } from "../domain/auditActions.js"
import { traced } from "../metrics/span.js"
import { inOneSnapshot } from "../db/oneSnapshot.js"

export interface AuditEvent {
  readonly action: AuditAction
  readonly object?: { readonly type: string; readonly id: string } | undefined
  readonly outcome?: "succeeded" | "refused"
  /** Small facts about the change (strings, numbers, booleans): never a secret. */
  readonly details?: Readonly<Record<string, string | number | boolean | null>>
}

/** Who did it, for the log: the account whose chain it goes in, who, and from where. */
export type AuditActor = Pick<Actor, "accountId"> & { readonly by: Attribution | null; readonly origin?: Origin | undefined }

/** A chain that does not verify: its account and the first bad entry. */
export interface BrokenChain {
  readonly accountId: string
  readonly seq: number
  readonly problem: ChainBreak["problem"]
  readonly words: string
}

const SLICE = 1000

/**
 * The audit trail (issue 39): `record` appends an entry to the account's hash chain inside the caller's transaction
 * (its own when there is none), so the entry and the change commit or roll back together; it locks only that
 * account's chain head (the heads are anchored by AuditAnchoring, off the request path). `verify` recomputes every
 * chain (or one account's) from one snapshot of the log and names the first bad entry.
 */
export class Audit extends Context.Service<Audit>()("kyb/Audit", {
  make: Effect.gen(function*() {
    const repo = yield* AuditRepo
    const sql = yield* SqlClient.SqlClient
    const anchorEvery = yield* Config.Duration("KYB_AUDIT_ANCHOR_EVERY").pipe(Config.withDefault(Duration.seconds(10)))
    /** How old an unanchored entry may be before verification says the anchoring task is not keeping up. */
    const anchorAllowance = Duration.max(Duration.minutes(1), Duration.times(anchorEvery, 10))

    const record = (actor: AuditActor, event: AuditEvent) =>
      sql.withTransaction(Effect.gen(function*() {
        const head = yield* repo.lockHead(actor.accountId)
        const at = new Date(yield* Clock.currentTimeMillis).toISOString()
        const fields = {
          account_id: actor.accountId,
          seq: head.seq + 1,
          at,
          actor: actor.by,
          action: event.action,
          object_type: event.object?.type ?? null,
          object_id: event.object?.id ?? null,
          address: actor.origin?.address ?? null,
          client: actor.origin?.client ?? null,
          outcome: event.outcome ?? "succeeded",
          details: event.details ?? {}
        }
        const prev = head.seq === 0 ? GENESIS : head.hash
        yield* repo.append({ ...fields, prev_hash: prev, hash: entryHash(prev, fields) })
      })).pipe(Effect.orDie, traced("Audit.record"))

    /** A page of the account's log, oldest first; `next` is the sequence number to continue after (null: the end). */
    const page = (accountId: string, filters: AuditFilters, afterSeq: number, limit: number) =>
      Effect.map(repo.page(accountId, filters, afterSeq, limit + 1), (rows) => ({
        entries: rows.slice(0, limit),
        next: rows.length > limit ? rows[limit - 1]!.seq : null
      })).pipe(Effect.orDie)

    /** Every entry matching the filters, a slice at a time, for an export. */
    const each = Effect.fnUntraced(function*(accountId: string, filters: AuditFilters, use: (entries: ReadonlyArray<AuditEntry>) => Effect.Effect<void>) {
      let after = 0
      while (true) {
        const rows = yield* repo.page(accountId, filters, after, SLICE).pipe(Effect.orDie)
        if (rows.length > 0) yield* use(rows)
        if (rows.length < SLICE) return
        after = rows[rows.length - 1]!.seq
      }
    })

    /** The account's chain checked; the hashes of the entries `keep` names (the anchored ones), and its last sequence number. */
    const verifyAccount = Effect.fnUntraced(function*(accountId: string, head: { readonly seq: number; readonly hash: string } | null, keep: ReadonlySet<number>) {
      const entries: Array<AuditEntry> = []
      let after = 0
      while (true) {
        const rows = yield* repo.slice(accountId, after, SLICE)
        entries.push(...rows)
        if (rows.length < SLICE) break
        after = rows[rows.length - 1]!.seq
      }
      const hashes = new Map(entries.filter((e) => keep.has(e.seq)).map((e) => [e.seq, e.hash] as const))
      const lastAnchored = Math.max(0, ...keep)
      const unanchoredSince = entries.find((e) => e.seq > lastAnchored)?.at ?? null
      return { entries: entries.length, broken: firstBreak(entries, head), hashes, last: entries.at(-1)?.seq ?? 0, unanchoredSince }
    })

    const allAnchors = Effect.gen(function*() {
      const anchors: Array<AuditAnchor> = []
      let after = 0
      while (true) {
        const rows = yield* repo.anchors(after, SLICE)
        anchors.push(...rows)
        if (rows.length < SLICE) return anchors
        after = rows[rows.length - 1]!.seq
      }
    })

    /**
     * Every chain (or the account's): how many entries were checked, the chains that do not verify, and what the
     * chain of chain heads finds (every chain's anchored heads still there, unchanged; the anchors linked).
     */
    const verify = (accountId: string | null) =>
      // one snapshot: an anchor committed between reading the anchors and their end would look like a broken link
      inOneSnapshot(sql, Effect.gen(function*() {
        const heads = yield* repo.chains(accountId)
        const headless = (yield* repo.accountsWithoutHead).filter((r) => accountId === null || r.account_id === accountId)
        const anchors = yield* allAnchors
        const end = yield* repo.anchorEnd
        const anchored = new Map<string, Set<number>>()
        for (const a of anchors) anchored.set(a.account_id, (anchored.get(a.account_id) ?? new Set()).add(a.head_seq))
        const chains = [...heads.map((h) => ({ id: h.account_id, head: { seq: h.seq, hash: h.hash } })), ...headless.map((r) => ({ id: r.account_id, head: null }))]
        let checked = 0
        const broken: Array<BrokenChain> = []
        const seen = new Map<string, { readonly hashes: ReadonlyMap<number, string>; readonly head: number; readonly unanchoredSince: string | null }>()
        const cutoff = new Date((yield* Clock.currentTimeMillis) - Duration.toMillis(anchorAllowance)).toISOString()
        for (const chain of chains) {
          const result = yield* verifyAccount(chain.id, chain.head, anchored.get(chain.id) ?? new Set())
          checked += result.entries
          seen.set(chain.id, { hashes: result.hashes, head: Math.max(chain.head?.seq ?? 0, result.last), unanchoredSince: result.unanchoredSince })
          if (result.broken !== null) {
            broken.push({ accountId: chain.id, seq: result.broken.seq, problem: result.broken.problem, words: breakWords[result.broken.problem] })
          }
        }
        const inScope = accountId === null ? anchors : anchors.filter((a) => a.account_id === accountId)
        // one account's verification checks its own anchors; the links of the anchor chain are checked over all of it
        const problems = anchorProblems(accountId === null ? anchors : inScope, end, seen, cutoff)
          .filter((p) => accountId === null || p.kind !== "anchor_chain")
        return { chains: chains.length, entries: checked, broken, anchors: { count: anchors.length, problems: problems.map(anchorWords) } }
      })).pipe(Effect.orDie)

    /**
     * An export (JSON lines, as the console's export.jsonl writes them) compared with what the database holds now:
     * every exported entry must still be there with the same hash, and must itself hash right (an export edited
     * after it was taken proves nothing).
     */
    const compareExport = Effect.fnUntraced(function*(exported: ReadonlyArray<AuditEntry>) {
      const differences: Array<string> = []
      const byAccount = new Map<string, Array<AuditEntry>>()
      for (const e of exported) byAccount.set(e.account_id, [...(byAccount.get(e.account_id) ?? []), e])
      for (const [account, entries] of byAccount) {
        for (let i = 0; i < entries.length; i += SLICE) {
          const slice = entries.slice(i, i + SLICE)
          const stored = new Map((yield* repo.hashesOf(account, slice.map((e) => e.seq))).map((r) => [r.seq, r.hash] as const))
          for (const e of slice) {
            const { prev_hash, hash, ...fields } = e
            if (entryHash(prev_hash, fields) !== hash) differences.push(`account ${account}: the export's entry ${e.seq} does not match its own hash (the export was edited)`)
            else if (!stored.has(e.seq)) differences.push(`account ${account}: entry ${e.seq} is in the export and no longer in the database`)
            else if (stored.get(e.seq) !== hash) differences.push(`account ${account}: entry ${e.seq} differs from the export (rewritten since)`)
          }
        }
      }
      return { compared: exported.length, differences }
    }, Effect.orDie)

    /** The anchoring task's step (AuditAnchoring runs it every KYB_AUDIT_ANCHOR_EVERY): how many heads it anchored. */
    const anchorPending = Effect.orDie(repo.anchorPending).pipe(traced("Audit.anchorPending"))

    return { record, page, each, verify, compareExport, anchorPending, anchorEvery, actors: (accountId: string) => Effect.orDie(repo.actors(accountId)) } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([AuditRepo.Default]))
}
