import type { Statement } from "effect/sql"
import { Clock, Effect, Option, Context, Layer } from "effect"
import type { CompanyRecord, FieldProvenance } from "../domain/schemas/Company.js"
import { ReadSql } from "../db/ReadSql.js"
import { bindMarked, compileMarked, marker } from "../db/markedStatement.js"
import { recordConfidence } from "../domain/confidence.js"
import { mergeOwners, type SourcedOwner } from "../domain/ownerSources.js"
import { distinctPeopleToScreen } from "../domain/ownerIdentity.js"
import { canonicalNumber, countryOfRegistry, registryForCountry } from "../domain/registrationNumbers.js"
import { companyColumns, companyJson, type CompanyRow } from "./companyRow.js"
import type { OfficerRow } from "./write/state.js"
import { decodeProvenance } from "./write/provenanceFormat.js"
import { REFERENCE_REGISTRY } from "./write/identity.js"
import { type LinkedRecord, lendLinked, tickerLender } from "./link/lend.js"
import type { LinkReason } from "./link/links.js"

/**
 * A person the record names: a current officer, or a person with significant control (role says which; a register's
 * owners have the role "person with significant control"). `kind`: officers are taken as individuals; an owner may be
 * an entity, or of a kind the register does not say.
 */
export interface HeldPerson {
  readonly name: string
  readonly role: string | null
  readonly kind: "individual" | "entity" | "unknown"
  /** The name as the register itself writes it, where the source's reading differs: screened as well. */
  readonly registered_as?: string | null
  /** An owner's LEI, where a source gives one: the reports of one LEI are one owner (src/domain/ownerIdentity.ts). */
  readonly lei?: string | null
}

/** An owner row as the record's statement reads it. */
type OwnerJson = SourcedOwner

/** What a verdict needs of a company beyond its row. */
export interface CompanyDetails {
  /** Stated names (brand, trading, former, short, parent), screened with the name: not exchange tickers or derived initialisms. */
  readonly aliases: ReadonlyArray<string>
  /** The former names among the aliases. */
  readonly formerNames: ReadonlyArray<string>
  /** Current officers and owners held for the company (resigned ones left out); empty: none held. */
  readonly people: ReadonlyArray<HeldPerson>
  /** A matched procurement award. */
  readonly contracts: boolean
  /** A matched trademark. */
  readonly trademarks: boolean
  /** The records of other sources linked to this one (they lend it their aliases, ticker, identifiers and signals). */
  readonly linked: ReadonlyArray<LinkedRecord>
}

interface DetailsRow {
  readonly aliases: ReadonlyArray<string> | null
  readonly former_names: ReadonlyArray<string> | null
  readonly people: ReadonlyArray<HeldPerson> | string | null
  readonly contracts: boolean
  readonly trademarks: boolean
  readonly linked: string | null
}

const emptyDetailsRow: DetailsRow = { aliases: null, former_names: null, people: null, contracts: false, trademarks: false, linked: null }

const linkedFrom = (linked: string | null): ReadonlyArray<LinkedRecord> =>
  linked === null ? [] : (JSON.parse(linked) as ReadonlyArray<LinkedRecord>).map((l) => ({
    ...l,
    last_verified_at: new Date(l.last_verified_at).toISOString(),
    identifiers: l.identifiers ?? []
  }))

const detailsFrom = (row: DetailsRow): CompanyDetails => ({
  aliases: row.aliases ?? [],
  formerNames: row.former_names ?? [],
  people: distinctPeopleToScreen(typeof row.people === "string" ? JSON.parse(row.people) as ReadonlyArray<HeldPerson> : row.people ?? []),
  contracts: row.contracts === true,
  trademarks: row.trademarks === true,
  linked: linkedFrom(row.linked)
})

/** A record's registry, lookup key and country (`keyOf`). */
type Target = {
  readonly registry: string
  readonly key: string
  readonly country: string
}

/** Reads of stored records: the record endpoint and whatever needs a company by its number. */
export class CompanyRepo extends Context.Service<CompanyRepo>()("kyb/CompanyRepo", {
  make: Effect.gen(function*() {
    const { sql } = yield* ReadSql

    /**
     * The registry of `country` and the lookup key of `raw` in it (any separator style); a reference id (`ref-...`)
     * in the reference registry; null: no registry.
     */
    const keyOf = (country: string, raw: string) => {
      if (/^ref-/i.test(raw.trim())) {
        return { registry: REFERENCE_REGISTRY, key: raw.trim().toLowerCase(), country: country.trim().toUpperCase() }
      }
      const registry = registryForCountry(country)
      // The country as well as the registry: the store can be partitioned by country (docs/partitioning.md).
      return registry === null ? null : { registry, key: canonicalNumber(registry, raw).key, country: countryOfRegistry(registry) }
    }

    type RecordRow = CompanyRow & Pick<DetailsRow, "linked"> & { provenance: unknown; officers: ReadonlyArray<OfficerRow> | null; owners: ReadonlyArray<OwnerJson> | null }
    // The record and its officers in one round trip, with the linked records it lends from (not the other details:
    // aliases, people and evidence are a verification's, `detailsOf`, and the record does not show them).
    const recordStatement = (target: Target) =>
      sql<RecordRow>`
        SELECT ${sql.literal(companyColumns)}, c.provenance,
          (SELECT json_agg(json_build_object(
            'name', o.name, 'role', o.role,
            'appointed_on', to_char(o.appointed_on, 'YYYY-MM-DD'),
            'resigned_on', to_char(o.resigned_on, 'YYYY-MM-DD'),
            'nationality', o.nationality, 'source', o.source,
            'last_verified_at', to_char(o.last_verified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
          ORDER BY o.resigned_on IS NOT NULL, o.appointed_on NULLS LAST, o.name)
           FROM officers o WHERE o.company_id = c.id) AS officers,
          (SELECT json_agg(json_build_object(
            'name', w.name, 'name_as_registered', w.name_as_registered, 'kind', w.kind, 'nationality', w.nationality,
            'share_pct', w.share_pct::float8, 'voting_pct', w.voting_pct::float8,
            'notified_on', to_char(w.notified_on, 'YYYY-MM-DD'), 'source', w.source,
            'lei', w.lei, 'relationship', w.relationship,
            'last_verified_at', to_char(w.last_verified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
          ORDER BY w.share_pct DESC NULLS LAST, w.name)
           FROM company_owners w WHERE w.company_id = c.id) AS owners,
          ${linkedColumn(sql`c.id`)}
        FROM companies c
        WHERE c.id = ${businessOf(target)}`
    const findRowWithOfficers = Effect.fnUntraced(function*(country: string, raw: string) {
      const target = keyOf(country, raw)
      if (target === null) return Option.none<RecordRow & { officers: ReadonlyArray<OfficerRow>; owners: ReadonlyArray<OwnerJson> }>()
      const rows = yield* sql.unsafe<RecordRow>(record.text, bindMarked(record, target))
      return Option.map(Option.fromNullishOr(rows[0]), (row) => ({ ...row, officers: row.officers ?? [], owners: row.owners ?? [] }))
    })

    /** The business a record belongs to: the primary record it is linked to, else itself. */
    const businessOf = (target: Target) => sql`(
      SELECT COALESCE(l.primary_id, t.id) FROM companies t LEFT JOIN company_links l ON l.company_id = t.id
      WHERE t.registry_id = ${target.registry} AND t.registration_key = ${target.key} AND t.country = ${target.country})`

    const findRecord = Effect.fnUntraced(function*(country: string, raw: string) {
      const found = yield* findRowWithOfficers(country, raw)
      if (Option.isNone(found)) return Option.none<CompanyRecord>()
      const row = found.value
      const now = new Date(yield* Clock.currentTimeMillis)
      const officers = row.officers
      const provenance: Record<string, FieldProvenance> = {}
      // A source's values share its reading's date: each date read once.
      const dates = new Map<string, { readonly at: Date; readonly iso: string }>()
      const dateOf = (text: string) => {
        let date = dates.get(text)
        if (date === undefined) {
          const at = new Date(text)
          date = { at, iso: at.toISOString() }
          dates.set(text, date)
        }
        return date
      }
      for (const [field, value] of Object.entries(decodeProvenance(row.provenance))) {
        if (value === undefined) continue
        // Each value's own source: its kind weighs it, its date ages it (computed now: freshness decays).
        const kind = value.source_kind ?? row.source_kind
        const checkedAt = dateOf(value.checked_at)
        provenance[field] = {
          source: value.source,
          source_url: value.source_url,
          source_kind: kind,
          checked_at: checkedAt.iso,
          confidence: recordConfidence(kind, checkedAt.at, now)
        }
      }
      // the record lends only what linked records give: its people are a verification's, not parsed here
      const linked = linkedFrom(row.linked)
      const lender = tickerLender(row.listed_ticker, linked)
      if (lender !== null) {
        provenance["listed_ticker"] = {
          source: lender.source,
          source_url: lender.source_url,
          source_kind: lender.source_kind,
          checked_at: lender.last_verified_at,
          confidence: recordConfidence(lender.source_kind, new Date(lender.last_verified_at), now)
        }
      }
      // Plain values in the record's types: the answer is checked once, when it is encoded (CompanyRecord).
      return Option.some<CompanyRecord>({
        ...lendLinked(companyJson(row, now), linked),
        officers,
        owners: mergeOwners(row.owners),
        provenance,
        linked_records: linked.map((l) => ({
          registration_no: l.registration_no,
          reference_id: l.reference_id,
          legal_name: l.legal_name,
          source: l.source,
          source_url: l.source_url,
          source_kind: l.source_kind,
          last_verified_at: l.last_verified_at,
          reason: l.reason as LinkReason,
          detail: l.detail
        }))
      })
    })

    // A business's records: the one resolved and those linked to it (they lend it their aliases and signals).
    const groupOf = (companyId: Statement.Fragment) =>
      sql`(SELECT ${companyId} UNION ALL SELECT l.company_id FROM company_links l WHERE l.primary_id = ${companyId})`

    const detailsColumns = (companyId: Statement.Fragment) => sql`
      (SELECT array_agg(DISTINCT a.name) FROM company_aliases a
        WHERE a.company_id IN ${groupOf(companyId)} AND a.kind NOT IN ('initialism', 'ticker')) AS aliases,
      (SELECT array_agg(DISTINCT a.name) FROM company_aliases a
        WHERE a.company_id IN ${groupOf(companyId)} AND a.kind = 'former') AS former_names,
      -- every source's report of an owner, with its LEI: which reports are one person to screen is decided by
      -- distinctPeopleToScreen (src/domain/ownerIdentity.ts), as the record's owners are merged by the same rule
      (SELECT json_agg(json_build_object('name', p.name, 'role', p.role, 'kind', p.kind, 'registered_as', p.registered_as, 'lei', p.lei)
          ORDER BY p.held, p.id) FROM (
        SELECT 0 AS held, o.id, o.name, o.role, 'individual' AS kind, NULL::text AS registered_as, NULL::text AS lei FROM officers o
          WHERE o.company_id = ${companyId} AND o.resigned_on IS NULL
        UNION ALL
        SELECT 1, w.id, w.name, 'person with significant control', w.kind, w.name_as_registered, w.lei FROM company_owners w
          WHERE w.company_id = ${companyId}) p) AS people,
      EXISTS (SELECT 1 FROM procurement_awards p WHERE p.matched_company_id IN ${groupOf(companyId)}) AS contracts,
      EXISTS (SELECT 1 FROM trademarks t WHERE t.matched_company_id IN ${groupOf(companyId)}) AS trademarks,
      ${linkedColumn(companyId)}`

    /** The records of other sources linked to the company, as JSON text (`linkedFrom`). */
    const linkedColumn = (companyId: Statement.Fragment) => sql`
      (SELECT json_agg(json_build_object(
          'registration_no', m.registration_no,
          'reference_id', CASE WHEN m.registry_id = 'reference' THEN m.registration_key END,
          'legal_name', m.legal_name, 'listed_ticker', m.listed_ticker, 'source', m.source, 'source_url', m.source_url,
          'source_kind', m.source_kind,
          'last_verified_at', to_char(m.last_verified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'identifiers', m.identifiers, 'reason', l.reason, 'detail', l.detail) ORDER BY m.id)::text
        FROM company_links l JOIN companies m ON m.id = l.company_id WHERE l.primary_id = ${companyId}) AS linked`

    /** A company's stated aliases and its evidence beyond the registry, in one round trip. */
    const detailsOf = (companyId: string) =>
      sql<DetailsRow>`SELECT ${detailsColumns(sql`${companyId}::bigint`)}`.pipe(
        Effect.map((rows) => detailsFrom(rows[0] ?? emptyDetailsRow))
      )

    /** The row with this number in `country`'s registry and its details, in one round trip. */
    const findWithDetails = Effect.fnUntraced(function*(country: string, raw: string) {
      const target = keyOf(country, raw)
      if (target === null) return Option.none<{ row: CompanyRow; details: CompanyDetails }>()
      const rows = yield* sql<CompanyRow & DetailsRow>`SELECT ${sql.literal(companyColumns)}, ${detailsColumns(sql`c.id`)}
        FROM companies c WHERE c.id = ${businessOf(target)}`
      return Option.map(Option.fromNullishOr(rows[0]), ({ aliases, former_names, people, contracts, trademarks, linked, ...row }) => ({
        row,
        details: detailsFrom({ aliases, former_names, people, contracts, trademarks, linked })
      }))
    })

    // The record's statement reads the same text for every request: only the target's three values change. Its text
    // and parameters are compiled once, here, not built from its fragments and compiled on every request (issue 56:
    // a share of the record's allocations and CPU).
    const record = compileMarked(
      recordStatement({ registry: marker("registry"), key: marker("key"), country: marker("country") }),
      ["registry", "key", "country"]
    )
    return { findRecord, detailsOf, findWithDetails } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([ReadSql.Default]))
}
