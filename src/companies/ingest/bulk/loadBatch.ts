import { columnsOf, listWrites } from "../../write/columns.js"
import { confidenceOf } from "../../write/identity.js"
import { planBatch } from "../../write/plan.js"
import type { Observation } from "../../write/state.js"
import { copyRows, type PendingRows } from "./copyFormat.js"
import * as Sql from "./statements.js"

/**
 * A batch of the initial load, prepared without the database on the assumption that none of its companies is
 * held yet (true unless the file repeats a company across batches, which the initial load (`BulkLoad.initialLoad`)
 * checks): the merge of the batch's own observations, and every row as COPY text waiting for its company id.
 * Plain data (strings, numbers, byte arrays), so a worker thread can prepare it and hand it over (PreparePool).
 */
export interface PreparedLoadBatch {
  readonly now: Date
  readonly counts: { readonly inserted: number; readonly updated: number; readonly unchanged: number }
  /** The new companies' keys (the load checks them against the companies it has written). */
  readonly registries: ReadonlyArray<string>
  readonly keys: ReadonlyArray<string>
  /** Per new company, its COPY row after the id; its aliases' and officers' rows after their company's id. */
  readonly companyRows: PendingRows
  readonly aliasRows: PendingRows
  readonly officerRows: PendingRows
}

export const prepareLoadBatch = (observations: ReadonlyArray<Observation>, now: Date): PreparedLoadBatch => {
  const plan = planBatch(observations, new Map(), (o) => confidenceOf(o.record.source_kind, o.record.last_verified_at, now))
  // No key order needed (writeOnce sorts to take row locks in one order; COPY into a held table takes none).
  const inserts = plan.inserts
  const c = columnsOf(inserts, now)
  // Company ids are the company's index in the batch until the loader numbers the companies.
  const lists = listWrites(inserts.map((state, i) => ({ id: String(i), state, fresh: true, norm: c.name_norm[i]! })))
  const a = lists.aliases
  const o = lists.officers
  return {
    now,
    counts: { inserted: plan.inserted, updated: plan.updated, unchanged: plan.unchanged },
    registries: c.registry_id,
    keys: c.registration_key,
    companyRows: copyRows(Sql.companyCopyColumns.map((k) => c[k]), null),
    aliasRows: copyRows(Sql.aliasCopyColumns.map((k) => a[k]), a.company_id.map(Number)),
    officerRows: copyRows(Sql.officerCopyColumns.map((k) => o[k]), o.company_id.map(Number))
  }
}
