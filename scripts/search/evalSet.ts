import { Rng } from "../corpus/rng.js"
import type { CanonicalCompany } from "../../src/domain/CanonicalCompany.js"
import { foldName, nameTokens, normalizeName } from "../../src/domain/normalize.js"
import { brandAndCountry, respaced, transposed } from "./variants.js"

export const queryKinds = [
  "id", "prefix", "contains", "normalized", "alias", "typo", "word_order", "missing_word",
  "alias_spacing", "brand_country", "typo_two_word", "share_class_issuer"
] as const
export type QueryKind = typeof queryKinds[number]

/** Queries of a target in the `tune` split guide changes; the `test` split is only reported (not read while tuning). */
export const splits = ["tune", "test"] as const
export type Split = typeof splits[number]

export interface EvalQuery {
  readonly kind: QueryKind
  readonly split: Split
  readonly q: string
  /** The target's normalised legal name: a result is correct when its normalised name is this. */
  readonly expected: string
  readonly legalName: string
}

const STOP = new Set(["of", "and", "the", "for", "de", "du", "des", "la", "le", "les", "et", "d", "l", "al", "el"])
const LEGAL_FORMS = [" Limited", " PLC", " S.A.", " Ltd", " SA", " Company Limited"]

export const normOf = (c: CanonicalCompany) => normalizeName(c.legal_name, c.country)

/** A target's split, from its name alone (FNV-1a): the same target is in the same split in every run. */
export const splitOf = (legalName: string): Split => {
  let h = 0x811c9dc5
  for (const ch of legalName) h = Math.imul(h ^ ch.codePointAt(0)!, 0x01000193) >>> 0
  return (h & 1) === 0 ? "tune" : "test"
}

/** A listing of a share class by the exchange's own convention: a ticker ending in "p" (investpy: "CPIPp"). */
export const isPreferenceTicker = (c: CanonicalCompany) => /[A-Z0-9]p$/.test(c.listed_ticker ?? "")

/** One edit in the longest word: a dropped, doubled or swapped letter. */
export const typoOf = (rng: Rng, name: string): string | null => {
  const words = name.split(" ")
  let longest = 0
  words.forEach((w, i) => {
    if (w.length > words[longest]!.length) longest = i
  })
  const word = words[longest]!
  if (word.length < 6 || !/^[\p{L}]+$/u.test(word)) return null
  const at = rng.int(1, word.length - 3)
  const edit = rng.int(0, 2)
  const typo = edit === 0
    ? word.slice(0, at) + word.slice(at + 1)
    : edit === 1
    ? word.slice(0, at) + word[at] + word.slice(at)
    : word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
  if (typo.toLowerCase() === word.toLowerCase()) return null
  words[longest] = typo
  return words.join(" ")
}

const displayNumber = (raw: string, rng: Rng) => {
  const compact = raw.replace(/[\s/.\-]+/g, "")
  return rng.chance(0.5) ? compact.toLowerCase() : raw.replace(/[\s/.]+/g, "-")
}

/**
 * Queries of every kind built from real listed companies, `perKind` of each per split (seeded sample). A query is
 * only used when its answer is unambiguous among the listed companies themselves. `shareClasses`: the stored
 * listings of share classes (real and generated), whose issuers the share-class kind asks for.
 */
export const buildEvalSet = (
  targets: ReadonlyArray<CanonicalCompany>,
  perKind: number,
  shareClasses: ReadonlyArray<CanonicalCompany> = [],
  seed = 11
) => {
  const rng = new Rng(seed)
  /** The kinds added later draw from their own generator: the earlier kinds' queries stay as they were. */
  const extra = new Rng(seed + 1)
  const order = targets.map((_, i) => [rng.next(), i] as const).sort((a, b) => a[0] - b[0]).map(([, i]) => targets[i]!)
  const lowers = targets.map((t) => t.legal_name.toLowerCase())
  const norms = targets.map(normOf)
  const uniquely = (test: (lower: string, norm: string) => boolean, expected: string) =>
    lowers.every((lower, i) => norms[i] === expected || !test(lower, norms[i]!))
  const tickers = new Map<string, number>()
  for (const t of targets) for (const a of t.aliases ?? []) tickers.set(foldName(a.name), (tickers.get(foldName(a.name)) ?? 0) + 1)

  const out: Array<EvalQuery> = []
  const counts = new Map<string, number>()
  const add = (kind: QueryKind, q: string | null, target: CanonicalCompany) => {
    const split = splitOf(target.legal_name)
    const key = `${kind} ${split}`
    if (q === null || q.trim() === "" || (counts.get(key) ?? 0) >= perKind) return
    counts.set(key, (counts.get(key) ?? 0) + 1)
    out.push({ kind, split, q, expected: normOf(target), legalName: target.legal_name })
  }

  for (const t of order) {
    const norm = normOf(t)
    const lower = t.legal_name.toLowerCase()
    const core = nameTokens(norm)
    const words = t.legal_name.split(" ").filter((w) => w.length > 0)
    const number = t.registration_no ?? ""
    if (/\d/.test(number) && !number.startsWith("Investment")) add("id", displayNumber(number, rng), t)
    if (words.length >= 2 && words[1]!.length >= 3) {
      const prefix = `${words[0]} ${words[1]!.slice(0, 3)}`
      if (prefix.length >= 6 && uniquely((l) => l.startsWith(prefix.toLowerCase()), norm)) add("prefix", prefix, t)
    }
    if (words.length >= 4) {
      const middle = words.slice(1, 3).join(" ")
      const plain = /^[\p{L} ]+$/u.test(middle) && nameTokens(normalizeName(middle, t.country)).length === 2
      if (plain && middle.length >= 8 && uniquely((l) => l.includes(middle.toLowerCase()), norm)) add("contains", middle.toLowerCase(), t)
    }
    if (core.length >= 2) {
      const form = rng.pick(LEGAL_FORMS)
      const q = `${foldName(norm).toUpperCase()}${form}`
      if (normalizeName(q, t.country) === norm && !lower.startsWith(q.toLowerCase()) && uniquely((_, n) => n === norm, norm)) {
        add("normalized", q, t)
      }
    }
    for (const alias of t.aliases ?? []) {
      const a = normalizeName(alias.name, t.country)
      if (a.length < 3 || norm.startsWith(a) || lower.includes(alias.name.toLowerCase())) continue
      if (alias.kind === "ticker" && (tickers.get(foldName(alias.name)) ?? 0) > 1) continue
      add("alias", alias.name, t)
      break
    }
    if (core.length >= 2 && uniquely((_, n) => n === norm, norm)) add("typo", typoOf(rng, t.legal_name), t)
    if (core.length >= 2 && core[0] !== core[1]) {
      const swapped = [core[1]!, core[0]!, ...core.slice(2)].join(" ")
      if (uniquely((_, n) => n === norm, norm)) add("word_order", swapped, t)
    }
    // A brand (a stated short name, else the legal name) with other spacing or punctuation.
    if (uniquely((_, n) => n === norm, norm)) {
      const brands = [...(t.aliases ?? []).filter((a) => a.kind !== "ticker").map((a) => a.name), t.legal_name]
      for (const brand of brands) {
        const q = respaced(extra, brand, t.country)
        if (q !== null && !lower.startsWith(q.toLowerCase())) {
          add("alias_spacing", q, t)
          break
        }
      }
    }
    // The parent brand and the country, as people write them: "Barclays Bank Kenya" for "Barclays Bank of Kenya Ltd".
    const brandCountry = brandAndCountry(extra, t.legal_name, COUNTRY_WORDS[t.country] ?? [])
    if (brandCountry !== null) {
      const asked = brandCountry.toLowerCase().split(" ")
      const sisters = lowers.filter((l, i) => norms[i] !== norm && asked.every((w) => l.split(/[\s,()-]+/).includes(w)))
      if (sisters.length === 0) add("brand_country", brandCountry, t)
    }
    if (core.length === 2 && core.every((w) => w.length >= 5) && uniquely((_, n) => n === norm, norm)) {
      add("typo_two_word", transposed(extra, core), t)
    }
    const droppable = core.map((w, i) => [w, i] as const).filter(([w, i]) => i > 0 && i < core.length - 1 && !STOP.has(w))
    if (core.length >= 3 && droppable.length > 0) {
      const [, drop] = rng.pick(droppable)
      const rest = core.filter((_, i) => i !== drop)
      // A query must still say something: two words of three letters or more.
      if (rest.filter((w) => w.length >= 3).length >= 2) add("missing_word", rest.join(" "), t)
    }
  }
  // The issuer, where a listing of one of its share classes is stored too: its name without the legal form, or
  // its first two words when they begin no other listed company's name.
  const classNames = new Set(shareClasses.map((c) => c.legal_name.toLowerCase()))
  for (const listing of shareClasses) {
    const issuer = targets.find((c) =>
      c.country === listing.country && !classNames.has(c.legal_name.toLowerCase()) &&
      listing.legal_name.toLowerCase().startsWith(`${c.legal_name.toLowerCase()} `)
    )
    if (issuer === undefined) continue
    const norm = normOf(issuer)
    const words = issuer.legal_name.split(" ")
    const two = words.slice(0, 2).join(" ")
    const byPrefix = words.length >= 3 && extra.chance(0.5) &&
      lowers.every((l, i) => norms[i] === norm || classNames.has(l) || !l.startsWith(two.toLowerCase()))
    add("share_class_issuer", byPrefix ? two : nameTokens(norm).join(" "), issuer)
  }
  return out
}

/** The country names the listed companies' names carry after their brand. */
const COUNTRY_WORDS: Readonly<Record<string, ReadonlyArray<string>>> = {
  NG: ["Nigeria"], GH: ["Ghana"], KE: ["Kenya"], UG: ["Uganda"], TZ: ["Tanzania"], ZA: ["South Africa"],
  CI: ["Cote d'Ivoire", "Cote d’Ivoire", "Cote Ivoire", "CI"], SN: ["Senegal"], BF: ["Burkina Faso", "Burkina"],
  ML: ["Mali"], EG: ["Egypt"], MA: ["Maroc", "Morocco"], TN: ["Tunisie", "Tunisia"], MU: ["Mauritius"],
  BW: ["Botswana"], NA: ["Namibia"], ZW: ["Zimbabwe"], MW: ["Malawi"], ZM: ["Zambia"], RW: ["Rwanda"],
  BJ: ["Benin"], TG: ["Togo"], NE: ["Niger"]
}
