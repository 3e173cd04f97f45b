import { SqlClient, SqlError } from "@effect/sql"
import { Data, Effect, Either, FiberRef, Option, Schedule } from "effect"
import { globalValue } from "effect/GlobalValue"
import { EmbeddedDatabase } from "../db/EmbeddedDatabase.js"
import { transactionClient } from "../db/copyFrom.js"
import type { CanonicalCompany } from "../domain/CanonicalCompany.js"
import { confidenceOf, nameNorm } from "./write/identity.js"
import { observe } from "./write/observe.js"
import { companyKey, planBatch } from "./write/plan.js"
import { encodeProvenance } from "./write/provenanceFormat.js"
import { derivedAliases, nameLower, qualityOf, stateOfRow, taxKeyOf } from "./write/rows.js"
import type { CompanyState, Observation } from "./write/state.js"
import * as Bulk from "./write/bulkStatements.js"
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

/** Set while CompanyWriter.initialLoad runs its load. */
const initialLoading = globalValue("kyb/CompanyWriter/initialLoading", () => FiberRef.unsafeMake(false))

class ConcurrentInsert extends Data.TaggedError("ConcurrentInsert")<{ readonly keys: number }> {}

/** PostgreSQL deadlock_detected / serialization_failure: the batch is retried whole. */
const isRetryable = (e: SqlError.SqlError | ConcurrentInsert) => {
  if (e._tag === "ConcurrentInsert") return true
  const cause = e.cause as { readonly code?: unknown } | null | undefined
  return cause?.code === "40P01" || cause?.code === "40001"
}

const byKey = (a: CompanyState, b: CompanyState) => {
  const x = companyKey(a)
  const y = companyKey(b)
  return x < y ? -1 : x > y ? 1 : 0
}

const columnsOf = (states: ReadonlyArray<CompanyState>, now: Date) => {
  const c = Sql.emptyCompanyColumns()
  for (const s of states) {
    const legalName = s.values.legal_name ?? ""
    c.registry_id.push(s.registry_id)
    c.country.push(s.country)
    c.registration_no.push(s.values.registration_no ?? s.registration_key)
    c.registration_key.push(s.registration_key)
    c.number_valid.push(s.number_valid)
    c.legal_name.push(legalName)
    c.name_lower.push(nameLower(legalName))
    c.name_norm.push(nameNorm(legalName, s.country))
    c.status.push(s.values.status)
    c.entity_type.push(s.values.entity_type)
    c.entity_type_label.push(s.values.entity_type_label)
    c.incorporation_date.push(s.values.incorporation_date)
    c.registered_address.push(s.values.registered_address)
    c.tax_id.push(s.values.tax_id)
    c.tax_key.push(taxKeyOf(s))
    c.listed_ticker.push(s.values.listed_ticker)
    c.source.push(s.record.source)
    c.source_url.push(s.record.source_url)
    c.source_kind.push(s.record.source_kind)
    c.registry_url.push(s.registry_url)
    c.last_verified_at.push(s.record.last_verified_at)
    c.provenance.push(encodeProvenance(s.provenance))
    c.quality.push(qualityOf(s, now))
    c.content_hash.push(s.content_hash)
    c.aliases_digest.push(s.aliases_digest)
    c.officers_digest.push(s.officers_digest)
  }
  return c
}

/** A company row just written: its id, state, whether it is new, and its normalised name. */
interface Written {
  readonly id: string
  readonly state: CompanyState
  readonly fresh: boolean
  readonly norm: string
}

/** Alias and officer rows of written companies; `fresh` companies have nothing to delete first. */
const listWrites = (written: ReadonlyArray<Written>) => {
  const aliases: Sql.AliasColumns = { company_id: [], name: [], name_norm: [], kind: [], source: [] }
  const officers: Sql.OfficerColumns = {
    company_id: [], name: [], role: [], appointed_on: [], resigned_on: [], nationality: [], source: [], last_verified_at: []
  }
  const replaceAliases: Array<string> = []
  const replaceDerived: Array<string> = []
  const replaceOfficers: Array<string> = []
  for (const { id, state, fresh } of written) {
    const given = state.aliases ?? []
    if (!fresh) (state.aliases === null ? replaceDerived : replaceAliases).push(id)
    // A derived ticker can repeat a given one: one row per (kind, name_norm), the given one first.
    const seen = new Set<string>()
    for (const a of [...given, ...derivedAliases(state)]) {
      const aliasKey = `${a.kind}\u0000${a.name_norm}`
      if (seen.has(aliasKey)) continue
      seen.add(aliasKey)
      aliases.company_id.push(id)
      aliases.name.push(a.name)
      aliases.name_norm.push(a.name_norm)
      aliases.kind.push(a.kind)
      aliases.source.push(a.source)
    }
    if (state.officers === null) continue
    if (!fresh) replaceOfficers.push(id)
    for (const o of state.officers) {
      officers.company_id.push(id)
      officers.name.push(o.name)
      officers.role.push(o.role)
      officers.appointed_on.push(o.appointed_on)
      officers.resigned_on.push(o.resigned_on)
      officers.nationality.push(o.nationality)
      officers.source.push(o.source)
      officers.last_verified_at.push(o.last_verified_at)
    }
  }
  return { aliases, officers, replaceAliases, replaceDerived, replaceOfficers }
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
        // The initial load copies new companies in (their keys are known absent: it holds the table alone).
        const copy = (yield* FiberRef.get(initialLoading)) && copyAllowed ? yield* transactionClient : Option.none()
        if (inserts.length > 0) {
          const columns = columnsOf(inserts, now)
          if (Option.isSome(copy)) {
            const ids = (yield* Sql.reserveCompanyIds(sql, inserts.length)).map((r) => r.id)
            yield* Sql.copyCompanies(copy.value, ids, columns)
            inserts.forEach((state, i) => written.push({ id: ids[i]!, state, fresh: true, norm: columns.name_norm[i]! }))
          } else {
            const ids = yield* Sql.insertCompanies(sql, columns)
            if (ids.length !== inserts.length) {
              return yield* new ConcurrentInsert({ keys: inserts.length - ids.length })
            }
            const idOf = new Map(ids.map((r) => [companyKey(r), r.id]))
            inserts.forEach((state, i) =>
              written.push({ id: idOf.get(companyKey(state))!, state, fresh: true, norm: columns.name_norm[i]! })
            )
          }
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
        // COPY only when every list row belongs to a new company (a held one may keep a given alias a row repeats).
        const copyLists = Option.isSome(copy) && updates.length === 0 ? copy : Option.none()
        if (lists.aliases.company_id.length > 0) {
          yield* Option.isSome(copyLists) ? Sql.copyAliases(copyLists.value, lists.aliases) : Sql.insertAliases(sql, lists.aliases)
        }
        if (lists.officers.company_id.length > 0) {
          yield* Option.isSome(copyLists) ? Sql.copyOfficers(copyLists.value, lists.officers) : Sql.insertOfficers(sql, lists.officers)
        }
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
        Effect.catchTag("ConcurrentInsert", (e) =>
          Effect.fail(new SqlError.SqlError({ cause: e, message: `concurrent inserts kept winning ${e.keys} keys` })))
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
     * Runs `load` (writes through this service) as the initial load of an empty store: one transaction holding
     * companies exclusively, the secondary indexes dropped before and built again after the rows are in, the
     * planner's statistics refreshed. Killed midway, it rolls back to the empty store with its indexes. None (and
     * nothing run) when the store already holds a company.
     */
    const initialLoad = <A, E, R>(load: Effect.Effect<A, E, R>) =>
      sql.withTransaction(Effect.gen(function*() {
        yield* Bulk.lockCompanies(sql)
        if (!(yield* Bulk.storeIsEmpty(sql))) return Option.none<A>()
        const dropped = yield* Bulk.dropSecondaryIndexes(sql)
        const loaded = yield* Effect.locally(load, initialLoading, true)
        const restored = yield* Bulk.restoreSecondaryIndexes(sql)
        yield* Bulk.analyzeCompanies(sql)
        yield* Effect.logDebug("initial load: indexes built after the rows").pipe(Effect.annotateLogs({ dropped, restored }))
        return Option.some(loaded)
      }))

    return { upsertBatch, upsertObservations, initialLoad } as const
  })
}) {}
