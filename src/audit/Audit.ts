import { SqlClient } from "effect/sql"
import { Clock, Effect, Context, Layer } from "effect"
import type { Actor, Attribution, Origin } from "../access/actor.js"
import { type AuditEntry, breakWords, type ChainBreak, entryHash, firstBreak, GENESIS } from "../domain/auditChain.js"
import { type AuditFilters, AuditRepo } from "./AuditRepo.js"

export { type AuditAction, auditActions } from "../domain/auditActions.js"
import type { AuditAction } from "../domain/auditActions.js"
import { traced } from "../metrics/span.js"

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
 * (its own when there is none), so the entry and the change commit or roll back together. `verify` recomputes
 * every chain (or one account's) and names the first bad entry.
 */
export class Audit extends Context.Service<Audit>()("kyb/Audit", {
  make: Effect.gen(function*() {
    const repo = yield* AuditRepo
    const sql = yield* SqlClient.SqlClient

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
    const each = (accountId: string, filters: AuditFilters, use: (entries: ReadonlyArray<AuditEntry>) => Effect.Effect<void>) =>
      Effect.gen(function*() {
        let after = 0
        while (true) {
          const rows = yield* repo.page(accountId, filters, after, SLICE).pipe(Effect.orDie)
          if (rows.length > 0) yield* use(rows)
          if (rows.length < SLICE) return
          after = rows[rows.length - 1]!.seq
        }
      })

    const verifyAccount = (accountId: string, head: { readonly seq: number; readonly hash: string } | null) =>
      Effect.gen(function*() {
        const entries: Array<AuditEntry> = []
        let after = 0
        while (true) {
          const rows = yield* repo.slice(accountId, after, SLICE)
          entries.push(...rows)
          if (rows.length < SLICE) break
          after = rows[rows.length - 1]!.seq
        }
        return { entries: entries.length, broken: firstBreak(entries, head) }
      })

    /** Every chain (or the account's): how many entries were checked, and the chains that do not verify. */
    const verify = (accountId: string | null) =>
      Effect.gen(function*() {
        const heads = yield* repo.chains(accountId)
        const headless = (yield* repo.accountsWithoutHead).filter((r) => accountId === null || r.account_id === accountId)
        const chains = [...heads.map((h) => ({ id: h.account_id, head: { seq: h.seq, hash: h.hash } })), ...headless.map((r) => ({ id: r.account_id, head: null }))]
        let checked = 0
        const broken: Array<BrokenChain> = []
        for (const chain of chains) {
          const result = yield* verifyAccount(chain.id, chain.head)
          checked += result.entries
          if (result.broken !== null) {
            broken.push({ accountId: chain.id, seq: result.broken.seq, problem: result.broken.problem, words: breakWords[result.broken.problem] })
          }
        }
        return { chains: chains.length, entries: checked, broken }
      }).pipe(Effect.orDie)

    return { record, page, each, verify, actors: (accountId: string) => Effect.orDie(repo.actors(accountId)) } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([AuditRepo.Default]))
}
