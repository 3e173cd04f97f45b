import { SqlClient, SqlError } from "effect/sql"
import { Data, Effect, Result, Schedule, Context, Layer } from "effect"
import type { CanonicalCompany } from "../domain/CanonicalCompany.js"
import { confidenceOf } from "./write/identity.js"
import { observe } from "./write/observe.js"
import { companyKey, planBatch } from "./write/plan.js"
import { stateOfRow } from "./write/rows.js"
import type { Observation } from "./write/state.js"
import { byKey, columnsOf, listWrites, type Written } from "./write/columns.js"
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

class ConcurrentInsert extends Data.TaggedError("ConcurrentInsert")<{ readonly keys: number }> {}

const lostToConcurrentInserts = <A, R>(effect: Effect.Effect<A, SqlError.SqlError | ConcurrentInsert, R>) =>
  Effect.catchTag(effect, "ConcurrentInsert", (e) =>
    Effect.fail(new SqlError.SqlError({ reason: new SqlError.SerializationError({ cause: e, message: `concurrent inserts kept winning ${e.keys} keys` }) })))

/** PostgreSQL deadlock_detected / serialization_failure: the batch is retried whole. */
const isRetryable = (e: SqlError.SqlError | ConcurrentInsert) => {
  if (e._tag === "ConcurrentInsert") return true
  return e.reason._tag === "DeadlockError" || e.reason._tag === "SerializationError"
}

/**
 * Stores canonical company records: canonical numbers and normalised names computed in src/domain, per-field
 * provenance, a field-by-field merge in which an older observation never overwrites a newer value, aliases
 * (given, initialism, ticker) and officers. Idempotent: an observation that would change nothing is not written.
 * One transaction per batch; every statement is a parameterised multi-row `unnest`. The request path's writer (live
 * answers) and the ingestion's; the initial bulk load of an empty store is `BulkLoad` (src/companies/ingest/bulk).
 */
export class CompanyWriter extends Context.Service<CompanyWriter>()("kyb/CompanyWriter", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

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

    const writeOnce = Effect.fnUntraced(function*(observations: ReadonlyArray<Observation>, now: Date) {
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
        const statusChanges = updates.flatMap((state) => {
          const before = held.get(companyKey(state))
          return before === undefined || before.values.status === state.values.status
            ? []
            : [{ id: state.id!, from: before.values.status, to: state.values.status }]
        })
        if (statusChanges.length > 0) yield* Sql.recordStatusChanges(sql, statusChanges)
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
        Result.match(observe(record), {
          onFailure: (reason) => rejected.push({ index, reason }),
          onSuccess: (o) => observations.push(o)
        })
      )
      return Effect.map(upsertObservations(observations, options), (counts) => ({ ...counts, rejected }))
    }

    /**
     * One batch merged inside the caller's transaction, not retried: for a writer that holds companies itself
     * (the initial load), where no concurrent insert can win a key.
     */
    const mergeInTransaction = (observations: ReadonlyArray<Observation>, now: Date) =>
      lostToConcurrentInserts(writeOnce(observations, now))

    return { upsertBatch, upsertObservations, mergeInTransaction } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
