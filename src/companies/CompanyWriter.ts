import { SqlClient, SqlError } from "@effect/sql"
import { Data, Effect, Either, Exit, Option, Schedule } from "effect"
import { EmbeddedDatabase } from "../db/EmbeddedDatabase.js"
import { makeCopyPipeline, transactionClient } from "../db/copyFrom.js"
import type { CanonicalCompany } from "../domain/CanonicalCompany.js"
import { confidenceOf } from "./write/identity.js"
import { observe } from "./write/observe.js"
import { companyKey, planBatch } from "./write/plan.js"
import { stateOfRow } from "./write/rows.js"
import type { Observation } from "./write/state.js"
import * as Bulk from "./write/bulkStatements.js"
import { byKey, columnsOf, listWrites, type Written } from "./write/columns.js"
import { fillIds } from "./write/copyFormat.js"
import type { PreparedLoadBatch } from "./write/loadBatch.js"
import { makeSeenKeys } from "./write/seenKeys.js"
import * as Sql from "./write/statements.js"

export interface UpsertOptions {
  /** Clock for confidence and quality (default: now). */
  readonly now?: Date
}

export interface UpsertResult {
  readonly inserted: number
  readonly updated: number
  readonly unchanged: number
  /** Records that cannot be stored (e.g. a number without any digit or letter), by index in the batch. */
  readonly rejected: ReadonlyArray<{ readonly index: number; readonly reason: string }>
}

export interface BatchCounts {
  readonly inserted: number
  readonly updated: number
  readonly unchanged: number
}

/** Writes one prepared batch of the initial load (see CompanyWriter.initialLoad). */
export type LoadBatchWriter = (
  batch: PreparedLoadBatch,
  /** The batch's observations, for a batch that must go through the merge. */
  observations: () => ReadonlyArray<Observation>
) => Effect.Effect<BatchCounts, SqlError.SqlError>

class ConcurrentInsert extends Data.TaggedError("ConcurrentInsert")<{ readonly keys: number }> {}

const lostToConcurrentInserts = <A, R>(effect: Effect.Effect<A, SqlError.SqlError | ConcurrentInsert, R>) =>
  Effect.catchTag(effect, "ConcurrentInsert", (e) =>
    Effect.fail(new SqlError.SqlError({ cause: e, message: `concurrent inserts kept winning ${e.keys} keys` })))

/** PostgreSQL deadlock_detected / serialization_failure: the batch is retried whole. */
const isRetryable = (e: SqlError.SqlError | ConcurrentInsert) => {
  if (e._tag === "ConcurrentInsert") return true
  const cause = e.cause as { readonly code?: unknown } | null | undefined
  return cause?.code === "40P01" || cause?.code === "40001"
}

/**
 * Stores canonical company records: canonical numbers and normalised names computed in src/domain, per-field
 * provenance, a field-by-field merge in which an older observation never overwrites a newer value, aliases
 * (given, initialism, ticker) and officers. Idempotent: an observation that would change nothing is not written.
 * One transaction per batch; every statement is a parameterised multi-row `unnest`.
 */
export class CompanyWriter extends Effect.Service<CompanyWriter>()("kyb/CompanyWriter", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const copyAllowed = Option.isNone(yield* Effect.serviceOption(EmbeddedDatabase))

    /** Awards ingested before their supplier's company get matched when the company lands. */
    const matchAwards = (written: ReadonlyArray<Written>, aliases: Sql.AliasColumns) => {
      const country = new Map(written.map((w) => [w.id, w.state.country]))
      const ids = written.map((w) => w.id)
      const countries = written.map((w) => w.state.country)
      const norms = written.map((w) => w.norm)
      aliases.company_id.forEach((id, i) => {
        ids.push(id)
        countries.push(country.get(id)!)
        norms.push(aliases.name_norm[i]!)
      })
      return Sql.matchPendingAwards(sql, ids, countries, norms)
    }

    const writeOnce = (observations: ReadonlyArray<Observation>, now: Date) =>
      Effect.gen(function*() {
        const confidence = (o: Observation) => confidenceOf(o.record.source_kind, o.record.last_verified_at, now)
        const unique = [...new Map(observations.map((o) => [companyKey(o), o])).values()]
        const registries = unique.map((o) => o.registry_id)
        const keys = unique.map((o) => o.registration_key)
        const heldRows = yield* Sql.selectHeld(sql, registries, keys)
        const held = new Map(heldRows.map((row) => {
          const state = stateOfRow(row)
          return [companyKey(state), state] as const
        }))
        const plan = planBatch(observations, held, confidence)
        // Rows are inserted and updated in key order, so concurrent batches take locks in one order.
        const inserts = [...plan.inserts].sort(byKey)
        const updates = [...plan.updates].sort(byKey)
        const written: Array<Written> = []
        if (inserts.length > 0) {
          const columns = columnsOf(inserts, now)
          const ids = yield* Sql.insertCompanies(sql, columns)
          if (ids.length !== inserts.length) {
            return yield* new ConcurrentInsert({ keys: inserts.length - ids.length })
          }
          const idOf = new Map(ids.map((r) => [companyKey(r), r.id]))
          inserts.forEach((state, i) =>
            written.push({ id: idOf.get(companyKey(state))!, state, fresh: true, norm: columns.name_norm[i]! })
          )
        }
        if (updates.length > 0) {
          const ids = updates.map((s) => s.id!)
          const columns = columnsOf(updates, now)
          yield* Sql.updateCompanies(sql, ids, columns)
          updates.forEach((state, i) => written.push({ id: ids[i]!, state, fresh: false, norm: columns.name_norm[i]! }))
        }
        const lists = listWrites(written)
        if (lists.replaceAliases.length + lists.replaceDerived.length > 0) {
          yield* Sql.deleteAliases(sql, lists.replaceAliases, lists.replaceDerived)
        }
        if (lists.replaceOfficers.length > 0) yield* Sql.deleteOfficers(sql, lists.replaceOfficers)
        if (lists.aliases.company_id.length > 0) yield* Sql.insertAliases(sql, lists.aliases)
        if (lists.officers.company_id.length > 0) yield* Sql.insertOfficers(sql, lists.officers)
        if (written.length > 0) yield* matchAwards(written, lists.aliases)
        return { inserted: plan.inserted, updated: plan.updated, unchanged: plan.unchanged }
      })

    /**
     * Stores observations (already canonicalised) in one transaction; retried whole when a concurrent writer won
     * a key or PostgreSQL chose it as a deadlock victim. Safe to run batches concurrently: the merge does not
     * depend on the order observations arrive in.
     */
    const upsertObservations = (observations: ReadonlyArray<Observation>, options?: UpsertOptions) => {
      if (observations.length === 0) return Effect.succeed({ inserted: 0, updated: 0, unchanged: 0 })
      const now = options?.now ?? new Date()
      return sql.withTransaction(writeOnce(observations, now)).pipe(
        Effect.retry({ schedule: Schedule.recurs(5), while: isRetryable }),
        lostToConcurrentInserts
      )
    }

    const upsertBatch = (
      records: ReadonlyArray<CanonicalCompany>,
      options?: UpsertOptions
    ): Effect.Effect<UpsertResult, SqlError.SqlError> => {
      const observations: Array<Observation> = []
      const rejected: Array<{ index: number; reason: string }> = []
      records.forEach((record, index) =>
        Either.match(observe(record), {
          onLeft: (reason) => rejected.push({ index, reason }),
          onRight: (o) => observations.push(o)
        })
      )
      return Effect.map(upsertObservations(observations, options), (counts) => ({ ...counts, rejected }))
    }

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
      const client = copyAllowed ? yield* transactionClient : Option.none()
      if (Option.isNone(client)) {
        const write: LoadBatchWriter = (p, observations) => lostToConcurrentInserts(writeOnce(observations(), p.now))
        return { write, finish: Effect.void, stop: Effect.void }
      }
      yield* Bulk.dropKeys(sql)
      const copies = makeCopyPipeline(client.value, 2)
      const seen = makeSeenKeys()
      const awardsWaiting = yield* Sql.pendingAwardsExist(sql)
      let ids: { first: bigint; next: bigint } | null = null
      const settle = Effect.gen(function*() {
        yield* copies.drain
        if (ids !== null && ids.next > ids.first) yield* Sql.advanceCompanyIds(sql, ids.next - 1n)
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
            return yield* lostToConcurrentInserts(writeOnce(observations(), p.now))
          }
          if (p.keys.length === 0) return p.counts
          if (ids === null) {
            const first = yield* Sql.nextCompanyId(sql)
            ids = { first, next: first }
          }
          const range = ids
          const companyIds = p.keys.map(() => String(range.next++))
          yield* copies.send([
            Sql.copyCompanies(fillIds(companyIds, p.companyRows)),
            ...(p.aliasRows.count > 0 ? [Sql.copyAliases(fillIds(companyIds, p.aliasRows))] : []),
            ...(p.officerRows.count > 0 ? [Sql.copyOfficers(fillIds(companyIds, p.officerRows))] : [])
          ])
          return p.counts
        })
      const finish = Effect.zipRight(settle, awardsWaiting ? Sql.matchAllPendingAwards(sql) : Effect.void)
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
          Effect.zipLeft(load(writer.write), writer.finish),
          (exit) => Exit.isSuccess(exit) ? Effect.void : writer.stop
        )
        const restored = yield* Bulk.restoreSecondaryIndexes(sql)
        yield* Bulk.analyzeCompanies(sql)
        yield* Effect.logDebug("initial load: indexes built after the rows").pipe(Effect.annotateLogs({ dropped, restored }))
        return Option.some(loaded)
      }))

    return { upsertBatch, upsertObservations, initialLoad, canCopy: copyAllowed } as const
  })
}) {}
