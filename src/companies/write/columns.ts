import { nameNorm } from "./identity.js"
import { companyKey } from "./plan.js"
import { encodeProvenance } from "./provenanceFormat.js"
import { derivedAliases, nameLower, qualityOf, taxKeyOf } from "./rows.js"
import type { CompanyState } from "./state.js"
import * as Sql from "./statements.js"

/** Rows of written companies, column by column, as the batched statements and COPY take them. */

export const byKey = (a: CompanyState, b: CompanyState) => {
  const x = companyKey(a)
  const y = companyKey(b)
  return x < y ? -1 : x > y ? 1 : 0
}

export const columnsOf = (states: ReadonlyArray<CompanyState>, now: Date) => {
  const c = Sql.emptyCompanyColumns()
  for (const s of states) {
    const legalName = s.values.legal_name ?? ""
    c.registry_id.push(s.registry_id)
    c.country.push(s.country)
    c.registration_no.push(s.values.registration_no)
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
    c.identifiers.push(JSON.stringify(s.identifiers))
    c.registry_evidence.push(s.registry_evidence === null ? null : JSON.stringify(s.registry_evidence))
  }
  return c
}

/** A company row just written: its id, state, whether it is new, and its normalised name. */
export interface Written {
  readonly id: string
  readonly state: CompanyState
  readonly fresh: boolean
  readonly norm: string
}

/** Alias and officer rows of written companies; `fresh` companies have nothing to delete first. */
export const listWrites = (written: ReadonlyArray<Written>) => {
  const aliases: Sql.AliasColumns = { company_id: [], name: [], name_norm: [], kind: [], source: [] }
  const officers: Sql.OfficerColumns = {
    company_id: [], name: [], role: [], appointed_on: [], resigned_on: [], nationality: [], source: [], last_verified_at: []
  }
  const replaceAliases: Array<string> = []
  const replaceDerived: Array<string> = []
  const replaceOfficers: Array<string> = []
  for (const { id, state, fresh, norm } of written) {
    const given = state.aliases ?? []
    if (!fresh) (state.aliases === null ? replaceDerived : replaceAliases).push(id)
    // Given aliases are distinct already (observe); a derived ticker can repeat a given one: the given one stays.
    const derived = derivedAliases(state, norm).filter((d) => !given.some((g) => g.kind === d.kind && g.name_norm === d.name_norm))
    for (const a of [...given, ...derived]) {
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

