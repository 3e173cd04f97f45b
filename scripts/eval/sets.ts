import { Effect } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import type { CanonicalCompany } from "../../src/domain/CanonicalCompany.js"
import { parseListPaths } from "../../src/sanctions/buildIndex.js"
import type { ListId } from "../../src/sanctions/model.js"
import type { SanctionsEntry } from "../../src/sanctions/model.js"
import type { ClassKind } from "./classes.js"
import { arabicRomanisation, dropLegalForm, makeVariant, retype, seedOf, VARIANT_KINDS, type VariantKind } from "./variants.js"

/**
 * The evaluation's cases, from real data only. Each case falls in the tuning or the test split by a salted hash of
 * its identity: the test split is frozen (the salt never changes) and only its totals are ever printed.
 */
export type Split = "tune" | "test"
const SALT = "kyb-eval-2026-11"
export const splitOf = (identity: string): Split => (seedOf(`${SALT}:${identity}`) % 5 === 0 ? "test" : "tune")

/**
 * Kinds built from whole entries rather than from one name: an Arabic-derived name in another romanisation, a name
 * in its original script as written and as re-typed (for the UN entry, and for the other lists' entries of the same
 * entity), every strong alias as written, and the name another list gives the same entity.
 */
export const ENTRY_KINDS = ["arabic_romanisation", "original_script", "original_script_retyped", "alias_as_written", "linked"] as const
export type EntryKind = (typeof ENTRY_KINDS)[number]

export interface PositiveCase {
  readonly split: Split
  readonly list: ListId
  readonly entryId: string
  readonly listedName: string
  readonly kind: VariantKind | EntryKind | ClassKind
  readonly input: string
  /** Sent as the business's country (the initials class is tested with it). */
  readonly country?: string
}

export interface NegativeCase {
  readonly split: Split
  readonly source: "eiti" | "listed_companies" | "ng_suppliers"
  readonly name: string
  readonly country: string
  /** One letter away from a listed entity's name proper, with another legal form (the eval's own reading). */
  readonly nearListed: boolean
}

export interface ResolutionCase {
  readonly split: Split
  readonly kind: "by_name" | "by_number" | "by_name_and_number" | "not_held"
  readonly input: { readonly name?: string; readonly registration_no?: string; readonly country?: string }
  /**
   * The registration number that must come back (registered: true); a reference id (`ref-...`) for a business known
   * only from a listing (that record, registered: false); or null (nothing designated, registered: false).
   */
  readonly expected: string | null
}

/** The eval's own comparison key (not the service's normaliser): letters and digits, upper case. */
export const plainKey = (name: string) => name.toUpperCase().normalize("NFKD").replace(/[^A-Z0-9]/g, "")

/** Minimal RFC 4180 reading (quoted fields with separators, newlines and doubled quotes); tab-separated too. */
const readCsv = (file: string, separator = ",") => {
  const rows: Array<Array<string>> = []
  const text = fs.readFileSync(file, "utf8")
  let field = ""
  let row: Array<string> = []
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === "\"" && text[i + 1] === "\"") (field += "\"", i++)
      else if (c === "\"") quoted = false
      else field += c
    } else if (c === "\"") quoted = true
    else if (c === separator) (row.push(field), (field = ""))
    else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++
      row.push(field)
      field = ""
      if (row.some((v) => v !== "")) rows.push(row)
      row = []
    } else field += c
  }
  if (field !== "" || row.length > 0) rows.push([...row, field])
  const [header, ...body] = rows
  return body.map((r) => Object.fromEntries(header!.map((h, i) => [h, (r[i] ?? "").trim()])) as Record<string, string>)
}

/**
 * Where each list's real file is under `data/sanctions`. The EU's current FSF file here is an extract of 5
 * entries (one entity): the evaluation reads the EU's 2016 file in the old format, 276 entities.
 */
export const LIST_PATHS: Record<ListId, string> = {
  ofac_sdn: "ofac-sdn",
  ofac_consolidated: "ofac-consolidated",
  un_sc: "un",
  uk_ofsi: "uk/ConList.xlsx",
  uk_invban: "uk/InvBan.csv",
  eu_fsf: "eu/legacy-global-v4-2016-02-11-extract.xml.gz",
  worldbank_debarred: "worldbank-debarred"
}
export const FIRST_LISTS: ReadonlyArray<ListId> = ["ofac_sdn", "ofac_consolidated", "un_sc"]

export const listPaths = (sharedDir: string, lists: ReadonlyArray<ListId>) =>
  lists.map((l) => path.join(sharedDir, "data", "sanctions", LIST_PATHS[l]))

export const listEntities = (sharedDir: string, lists: ReadonlyArray<ListId> = FIRST_LISTS) =>
  Effect.map(
    parseListPaths(listPaths(sharedDir, lists)),
    (parsed) => parsed.flatMap((l) => l.entries.filter((e) => e.entity_type === "entity"))
  )

/** Positives: every entity entry of the three lists, each as given exactly and in each variant that applies. */
export const positiveCases = (
  entities: ReadonlyArray<{ readonly list: ListId; readonly entry_id: string; readonly name: string }>,
  perList: number
): ReadonlyArray<PositiveCase> => {
  const byList = new Map<ListId, Array<(typeof entities)[number]>>()
  for (const e of entities) byList.set(e.list, [...(byList.get(e.list) ?? []), e])
  const cases: Array<PositiveCase> = []
  for (const [list, entries] of byList) {
    const sampled = [...entries].sort((a, b) => seedOf(a.entry_id) - seedOf(b.entry_id)).slice(0, perList)
    for (const e of sampled) {
      const split = splitOf(`${list}:${e.entry_id}`)
      for (const kind of VARIANT_KINDS) {
        const input = makeVariant(e.name, kind, seedOf(`${list}:${e.entry_id}`))
        if (input !== null) cases.push({ split, list, entryId: e.entry_id, listedName: e.name, kind, input })
      }
    }
  }
  return cases
}

/**
 * Same entity on several lists, by the eval's own reading (not the service's linking): entity entries of different
 * lists that share a strong name by the eval's letters-and-digits key, a key no two entries of one list share.
 */
export const sameEntityPairs = (entities: ReadonlyArray<SanctionsEntry>): ReadonlyArray<readonly [SanctionsEntry, SanctionsEntry]> => {
  const byKey = new Map<string, Array<SanctionsEntry>>()
  for (const e of entities) {
    const keys = new Set([e.name, ...e.aliases.filter((a) => a.quality === "strong").map((a) => a.name)].map(plainKey))
    for (const k of keys) if (k.length >= 6) byKey.set(k, [...(byKey.get(k) ?? []), e])
  }
  const pairs = new Map<string, readonly [SanctionsEntry, SanctionsEntry]>()
  for (const group of byKey.values()) {
    const lists = group.map((e) => e.list)
    if (new Set(lists).size !== lists.length) continue
    for (const a of group) for (const b of group) if (a.list !== b.list) pairs.set(`${a.list}:${a.entry_id}>${b.list}:${b.entry_id}`, [a, b])
  }
  return [...pairs.values()]
}

/** The entry kinds' cases, from every entity entry of the lists (these kinds apply to few entries). */
export const entryCases = (entities: ReadonlyArray<SanctionsEntry>, perList: number): ReadonlyArray<PositiveCase> => {
  const cases: Array<PositiveCase> = []
  const add = (e: SanctionsEntry, kind: EntryKind, written: string | null) => {
    // Some list names are written across lines; a user sends them on one.
    const input = written?.replace(/\s+/g, " ").trim() ?? ""
    if (input !== "") cases.push({ split: splitOf(`${e.list}:${e.entry_id}`), list: e.list, entryId: e.entry_id, listedName: e.name, kind, input })
  }
  const pairs = sameEntityPairs(entities)
  for (const e of entities) {
    const seed = seedOf(`${e.list}:${e.entry_id}`)
    add(e, "arabic_romanisation", arabicRomanisation(e.name, seed))
    for (const written of e.original_script_names) {
      add(e, "original_script", written)
      add(e, "original_script_retyped", retype(written, seed))
    }
  }
  for (const [from, to] of pairs) {
    // The name the other list gives the entity, when this entry does not bear it; its original-script names too.
    if (!new Set([to.name, ...to.aliases.map((a) => a.name)].map(plainKey)).has(plainKey(from.name))) add(to, "linked", from.name)
    if (to.original_script_names.length === 0) {
      for (const written of from.original_script_names) {
        add(to, "original_script", written)
        add(to, "original_script_retyped", retype(written, seedOf(`${to.list}:${to.entry_id}`)))
      }
    }
  }
  const byList = new Map<ListId, Array<SanctionsEntry>>()
  for (const e of entities) byList.set(e.list, [...(byList.get(e.list) ?? []), e])
  for (const entries of byList.values()) {
    for (const e of [...entries].sort((a, b) => seedOf(a.entry_id) - seedOf(b.entry_id)).slice(0, perList)) {
      for (const alias of e.aliases) if (alias.quality === "strong") add(e, "alias_as_written", alias.name)
    }
  }
  const seen = new Set<string>()
  return cases.filter((c) => {
    const key = `${c.list}|${c.entryId}|${c.kind}|${c.input}`
    return seen.has(key) ? false : (seen.add(key), true)
  })
}

/** Edit distance at most one (the eval's own, on its letters-and-digits key). */
const withinOneEdit = (a: string, b: string): boolean => {
  if (a === b) return false
  if (Math.abs(a.length - b.length) > 1) return false
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2))
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1)
}

/** A name one letter away from a listed entity's name proper (eight letters or more), written with another legal form. */
const nearListedName = (listedCores: ReadonlyMap<string, ReadonlyArray<string>>) => (name: string): boolean => {
  const upper = name.toUpperCase()
  const core = plainKey(dropLegalForm(upper) ?? upper)
  if (core.length < 8 || core === plainKey(upper)) return false
  for (const [listedCore, fulls] of listedCores) {
    if (Math.abs(listedCore.length - core.length) <= 1 && withinOneEdit(core, listedCore) && !fulls.includes(plainKey(upper))) return true
  }
  return false
}

/** A name by the eval's own key, and without a parenthesised part ("... Corporation (CNOOC)"). */
const listedKeysOf = (name: string): ReadonlyArray<string> =>
  [plainKey(name), plainKey(name.replace(/\([^)]*\)/g, " "))].filter((k) => k !== "")

/**
 * Negatives: real legitimate names with their country. Source names that really are list names (by the eval's own
 * key, with or without a parenthesised part, a list entity's name or alias: a listed DRC company in the EITI file, a
 * supplier written exactly as a listed company) are set apart and returned as `listedNames`: screening must flag them.
 */
export const negativeCases = (
  sharedDir: string,
  entities: ReadonlyArray<SanctionsEntry>
) => {
  const listedKeys = new Set(entities.flatMap((e) => [e.name, ...e.aliases.map((a) => a.name)]).map(plainKey).filter((k) => k !== ""))
  const listedCores = new Map<string, Array<string>>()
  for (const e of entities) {
    const upper = e.name.toUpperCase()
    const core = plainKey(dropLegalForm(upper) ?? upper)
    if (core.length >= 8 && core !== plainKey(upper)) listedCores.set(core, [...(listedCores.get(core) ?? []), plainKey(upper)])
  }
  const isNear = nearListedName(listedCores)
  const seen = new Set<string>()
  const cases: Array<NegativeCase> = []
  const listedNames: Array<{ source: NegativeCase["source"]; name: string; country: string }> = []
  const add = (source: NegativeCase["source"], written: string, country: string) => {
    // Some source names are written across lines; a user sends them on one.
    const name = written.replace(/\s+/g, " ").trim()
    const key = `${plainKey(name)}|${country}`
    if (name.trim() === "" || seen.has(key)) return
    seen.add(key)
    if (listedKeysOf(name).some((k) => listedKeys.has(k))) listedNames.push({ source, name, country })
    else cases.push({ split: splitOf(`${source}:${key}`), source, name, country, nearListed: isNear(name) })
  }
  const data = path.join(sharedDir, "data")
  for (const row of readCsv(path.join(data, "companies", "eiti_african_entities.tsv"), "\t")) {
    add("eiti", row["name"] ?? "", row["country"] ?? "")
  }
  for (const file of ["listed_companies_investpy.csv", "brvm_listed_companies.csv"]) {
    for (const row of readCsv(path.join(data, "companies", file))) add("listed_companies", row["legal_name"] ?? "", row["listing_country"] ?? "")
  }
  for (const row of readCsv(path.join(data, "procurement", "awards_normalized.csv"))) {
    if (row["country"] === "NG") add("ng_suppliers", row["supplier_name"] ?? "", "NG")
  }
  return { cases, listedNames }
}

/** Resolution: held companies by name, number and both; EITI names the store does not hold. */
export const resolutionCases = (
  held: ReadonlyArray<CanonicalCompany>,
  notHeld: ReadonlyArray<NegativeCase>,
  /** Every real company the store holds: an EITI name that is one of them is not a "not held" case. */
  stored: ReadonlyArray<CanonicalCompany> = held
): ReadonlyArray<ResolutionCase> => {
  const cases: Array<ResolutionCase> = []
  for (const c of held) {
    const id = c.registration_no ?? c.reference_id ?? null
    if (id === null) continue
    const split = splitOf(`held:${c.country}:${id}`)
    cases.push({ split, kind: "by_name", input: { name: c.legal_name, country: c.country }, expected: id })
    if (c.registration_no == null) continue
    cases.push({ split, kind: "by_number", input: { registration_no: c.registration_no, country: c.country }, expected: c.registration_no })
    cases.push({
      split,
      kind: "by_name_and_number",
      input: { name: c.legal_name, registration_no: c.registration_no, country: c.country },
      expected: c.registration_no
    })
  }
  const heldKeys = new Set(stored.flatMap((c) => [c.legal_name, ...(c.aliases ?? []).map((a) => a.name)]).map(plainKey))
  for (const n of notHeld) {
    if (n.source !== "eiti" || heldKeys.has(plainKey(n.name))) continue
    cases.push({ split: n.split, kind: "not_held", input: { name: n.name, country: n.country }, expected: null })
  }
  return cases
}
