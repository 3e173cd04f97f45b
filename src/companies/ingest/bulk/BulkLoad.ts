import { SqlClient, type SqlError } from "effect/sql"
import { Effect, Exit, Option, Context, Layer } from "effect"
import { EmbeddedDatabase } from "../../../db/EmbeddedDatabase.js"
import { CompanyWriter } from "../../CompanyWriter.js"
import type { Observation } from "../../write/state.js"
import { makeCopyPipeline, transactionClient } from "./copyFrom.js"
import { fillIds } from "./copyFormat.js"
import type { PreparedLoadBatch } from "./loadBatch.js"
import { makeSeenKeys } from "./seenKeys.js"
import * as Bulk from "./statements.js"

export interface BatchCounts {
  readonly inserted: number
  readonly updated: number
  readonly unchanged: number
}

/** Writes one prepared batch of the initial load. */
export type LoadBatchWriter = (
  batch: PreparedLoadBatch,
  /** The batch's observations, for a batch that must go through the merge. */
  observations: () => ReadonlyArray<Observation>
) => Effect.Effect<BatchCounts, SqlError.SqlError>

/**
 * The initial load of an empty store, in one straight pipeline: lock companies, drop the secondary indexes (and, where
 * the database can COPY, the unique keys), write prepared batches (COPY, or the merge), build the keys and indexes
 * again, refresh the statistics; one transaction. The request path never comes here (CompanyWriter is upsert-only).
 */
export class BulkLoad extends Context.Service<BulkLoad>()("kyb/BulkLoad", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const writer = yield* CompanyWriter
    /** The embedded database takes no COPY FROM STDIN: batches are merged there. */
    const canCopy = Option.isNone(yield* Effect.serviceOption(EmbeddedDatabase))

    /**
     * The initial load's writer of prepared batches. Where the database can COPY: companies are numbered here (the
     * load holds companies exclusively), their rows, aliases and officers sent as COPY without waiting for the
     * database (two batches in flight), and the keys written remembered, so that a batch repeating a company of an
     * earlier batch (a file may) is known without asking: that batch waits for the copies and goes through the
     * merge, as any other. Since no company is copied twice, the unique keys are dropped until the end of the load
     * (or the first merge, whose upserts need them). Awards waiting for a supplier are matched once, at the end.
     * Elsewhere, batches are merged.
     */
    const loadWriter = Effect.gen(function*() {
      const client = canCopy ? yield* transactionClient : Option.none()
      if (Option.isNone(client)) {
        const write: LoadBatchWriter = (p, observations) => writer.mergeInTransaction(observations(), p.now)
        return { write, finish: Effect.void, stop: Effect.void }
      }
      yield* Bulk.dropKeys(sql)
      const copies = makeCopyPipeline(client.value, 2)
      const seen = makeSeenKeys()
      const awardsWaiting = yield* Bulk.pendingAwardsExist(sql)
      let ids: { first: bigint; next: bigint } | null = null
      const settle = Effect.gen(function*() {
        yield* copies.drain
        if (ids !== null && ids.next > ids.first) yield* Bulk.advanceCompanyIds(sql, ids.next - 1n)
        ids = null
      })
      const write: LoadBatchWriter = (p, observations) =>
        Effect.gen(function*() {
          let repeats = false
          p.keys.forEach((key, i) => {
            if (!seen.add(p.registries[i]!, key)) repeats = true
          })
          if (repeats) {
            yield* settle
            yield* Bulk.restoreKeys(sql)
            return yield* writer.mergeInTransaction(observations(), p.now)
          }
          if (p.keys.length === 0) return p.counts
          if (ids === null) {
            const first = yield* Bulk.nextCompanyId(sql)
            ids = { first, next: first }
          }
          const range = ids
          const companyIds = p.keys.map(() => String(range.next++))
          yield* copies.send([
            Bulk.copyCompanies(fillIds(companyIds, p.companyRows)),
            ...(p.aliasRows.count > 0 ? [Bulk.copyAliases(fillIds(companyIds, p.aliasRows))] : []),
            ...(p.officerRows.count > 0 ? [Bulk.copyOfficers(fillIds(companyIds, p.officerRows))] : [])
          ])
          return p.counts
        })
      const finish = Effect.andThen(settle, awardsWaiting ? Effect.asVoid(Bulk.matchAllPendingAwards(sql)) : Effect.void)
      return { write, finish, stop: copies.stop }
    })

    /**
     * Runs `load` as the initial load of an empty store: one transaction holding companies exclusively, the
     * secondary indexes dropped before and built again after the rows are in, the planner's statistics refreshed.
     * `load` writes prepared batches (prepareLoadBatch) with the function it is given, one after another. Killed
     * midway, it rolls back to the empty store with its indexes. None (and nothing run) when the store already
     * holds a company.
     */
    const initialLoad = <A, E, R>(load: (write: LoadBatchWriter) => Effect.Effect<A, E, R>) =>
      sql.withTransaction(Effect.gen(function*() {
        yield* Bulk.lockCompanies(sql)
        if (!(yield* Bulk.storeIsEmpty(sql))) return Option.none<A>()
        const dropped = yield* Bulk.dropSecondaryIndexes(sql)
        const writer = yield* loadWriter
        // A load that fails or is interrupted stops its copies before the transaction rolls back.
        const loaded = yield* Effect.onExit(
          Effect.tap(load(writer.write), () => writer.finish),
          (exit) => Exit.isSuccess(exit) ? Effect.void : writer.stop
        )
        const restored = yield* Bulk.restoreSecondaryIndexes(sql)
        yield* Bulk.analyzeCompanies(sql)
        yield* Effect.logDebug("initial load: indexes built after the rows").pipe(Effect.annotateLogs({ dropped, restored }))
        return Option.some(loaded)
      }))

    return { initialLoad, canCopy } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([CompanyWriter.Default]))
}
