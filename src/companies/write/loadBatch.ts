import { byKey, columnsOf, listWrites } from "./columns.js"
import { copyLines } from "./copyFormat.js"
import { confidenceOf } from "./identity.js"
import { planBatch } from "./plan.js"
import type { Observation } from "./state.js"

/**
 * A batch of the initial load, prepared without the database on the assumption that none of its companies is
 * held yet (true unless the file repeats a company across batches, which `CompanyWriter.applyLoadBatch`
 * checks): the merge of the batch's own observations, and every row as COPY text waiting for its company id.
 * Preparing batch n+1 while the database copies batch n is what keeps both busy.
 */
export interface PreparedLoadBatch {
  readonly observations: ReadonlyArray<Observation>
  readonly now: Date
  readonly counts: { readonly inserted: number; readonly updated: number; readonly unchanged: number }
  /** The new companies' keys (selectHeld's arguments). */
  readonly registries: ReadonlyArray<string>
  readonly keys: ReadonlyArray<string>
  /** Per new company: its COPY line after the id, country and normalised name (award matching). */
  readonly companyLines: ReadonlyArray<string>
  readonly countries: ReadonlyArray<string>
  readonly norms: ReadonlyArray<string>
  /** Alias and officer COPY lines after the company id, with the index of their company. */
  readonly aliasOwner: ReadonlyArray<number>
  readonly aliasLines: ReadonlyArray<string>
  readonly aliasNorms: ReadonlyArray<string>
  readonly officerOwner: ReadonlyArray<number>
  readonly officerLines: ReadonlyArray<string>
}

export const prepareLoadBatch = (observations: ReadonlyArray<Observation>, now: Date): PreparedLoadBatch => {
  const plan = planBatch(observations, new Map(), (o) => confidenceOf(o.record.source_kind, o.record.last_verified_at, now))
  const inserts = [...plan.inserts].sort(byKey)
  const c = columnsOf(inserts, now)
  // Company ids are the company's index in the batch until the database hands out the real ones.
  const lists = listWrites(inserts.map((state, i) => ({ id: String(i), state, fresh: true, norm: c.name_norm[i]! })))
  const a = lists.aliases
  const o = lists.officers
  return {
    observations,
    now,
    counts: { inserted: plan.inserted, updated: plan.updated, unchanged: plan.unchanged },
    registries: c.registry_id,
    keys: c.registration_key,
    companyLines: copyLines([
      c.registry_id, c.country, c.registration_no, c.registration_key, c.number_valid, c.legal_name, c.name_lower,
      c.name_norm, c.status, c.entity_type, c.entity_type_label, c.incorporation_date, c.registered_address, c.tax_id,
      c.tax_key, c.listed_ticker, c.source, c.source_url, c.source_kind, c.registry_url, c.last_verified_at,
      c.provenance, c.quality, c.content_hash, c.aliases_digest, c.officers_digest
    ]),
    countries: c.country,
    norms: c.name_norm,
    aliasOwner: a.company_id.map(Number),
    aliasLines: copyLines([a.name, a.name_norm, a.kind, a.source]),
    aliasNorms: a.name_norm,
    officerOwner: o.company_id.map(Number),
    officerLines: copyLines([o.name, o.role, o.appointed_on, o.resigned_on, o.nationality, o.source, o.last_verified_at])
  }
}
