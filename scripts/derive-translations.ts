/**
 * Word equivalences across languages, derived from the shipped lists (issue 51 item 3). An entry whose names carry the
 * same name in two languages ("BANQUE NATIONALE DE ..." / "NATIONAL BANK OF ...") is a parallel corpus of
 * organisational vocabulary: the words two names of one entry do not share are aligned, and a pair of words is a
 * candidate when it is aligned one to one in an entry (the only word each name has that the other lacks).
 * Candidates are then checked against FreeDict's bilingual dictionaries (eng-fra, fra-eng, por-eng: TEI files, GPL; read
 * here, never copied), when a folder holding them is given.
 *
 *   npx tsx scripts/derive-translations.ts [--freedict DIR] [--write]
 *
 * Kept (`keep`): a pair FreeDict confirms, aligned one to one at least once; or one FreeDict cannot check (a word of
 * Arabic, Persian or Russian as the lists romanise it, or no dictionary given) aligned one to one in three distinct pairs
 * of names, both words of four letters or more; never a pair the review drops (`REJECTED`, with its reason). `--write`
 * writes the table with each pair's provenance to
 * data/reference/organisation-word-translations.tsv and the kept pairs to src/sanctions/matching/translationTable.ts.
 */
import { Effect } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { parseArgs } from "node:util"
import { parseListPaths } from "../src/sanctions/buildIndex.js"
import { screeningFold } from "../src/sanctions/matching/fold.js"
import { spellingSimilarity } from "../src/sanctions/matching/similarity.js"
import { TokenClass, tokensOfFolded } from "../src/sanctions/matching/tokens.js"
import type { SanctionsEntry } from "../src/sanctions/model.js"
import { LOCATION_WORDS } from "../src/sanctions/matching/vocabulary.js"

const { values } = parseArgs({ options: { freedict: { type: "string" }, write: { type: "boolean", default: false } } })
const repoRoot = path.resolve(import.meta.dirname, "..")
const LIST_DIRS = ["ofac-sdn", "ofac-consolidated", "un", "uk/ConList.xlsx", "eu/legacy-global-v4-2016-02-11-extract.xml.gz"]
/** Names of an entry differing in more words than this are not read as one name in two languages. */
const MAX_UNSHARED = 4
/** Shorter words are initials or particles ("ev", "mu"), not vocabulary. */
const MIN_WORD = 3

/** The words of a name that can be translated: content words, legal forms and function words aside. */
const wordsOf = (name: string): ReadonlyArray<string> =>
  tokensOfFolded(screeningFold(name))
    .filter((t) => t.cls === TokenClass.word || t.cls === TokenClass.generic || t.cls === TokenClass.location)
    .map((t) => t.text)

const sameWord = (a: string, b: string) => a === b || (a.length >= 5 && spellingSimilarity(a, b) >= 0.85)

interface Candidate {
  readonly a: string
  readonly b: string
  /** Entries (list:id) where the two words are the only words two names of the entry do not share. */
  readonly oneToOne: Set<string>
  readonly cooccurring: Set<string>
  /** Distinct pairs of names the words were aligned in (entries repeating one entity's names count once). */
  readonly contexts: Set<string>
}

const key = (a: string, b: string) => (a < b ? `${a}\t${b}` : `${b}\t${a}`)

export const alignEntries = (entries: ReadonlyArray<SanctionsEntry>): Map<string, Candidate> => {
  const candidates = new Map<string, Candidate>()
  const note = (a: string, b: string, where: string, oneToOne: boolean, context: string) => {
    if (sameWord(a, b) || a.length < MIN_WORD || b.length < MIN_WORD) return
    const k = key(a, b)
    const [x, y] = k.split("\t") as [string, string]
    const c = candidates.get(k) ?? { a: x, b: y, oneToOne: new Set(), cooccurring: new Set(), contexts: new Set() }
    ;(oneToOne ? c.oneToOne : c.cooccurring).add(where)
    if (oneToOne) c.contexts.add(context)
    candidates.set(k, c)
  }
  for (const e of entries) {
    if (e.entity_type !== "entity") continue
    const names = [e.name, ...e.aliases.filter((a) => a.quality === "strong").map((a) => a.name)].map(wordsOf).filter((w) => w.length > 0)
    const where = `${e.list}:${e.entry_id}`
    for (let i = 0; i < names.length; i++) {
      for (let j = i + 1; j < names.length; j++) {
        // Places are read by screening's own location table, never taken as translations of a word.
        const left = names[i]!.filter((w) => !names[j]!.some((v) => sameWord(w, v)) && !LOCATION_WORDS.has(w))
        const right = names[j]!.filter((w) => !names[i]!.some((v) => sameWord(w, v)) && !LOCATION_WORDS.has(w))
        const shared = names[i]!.filter((w) => names[j]!.some((v) => sameWord(w, v))).length
        // A name in two languages keeps its proper words (a place, a person's name): one shared word at least.
        if (shared === 0 || left.length === 0 || right.length === 0 || left.length > MAX_UNSHARED || right.length > MAX_UNSHARED) continue
        const oneToOne = left.length === 1 && right.length === 1
        const proper = (ws: ReadonlyArray<string>) => ws.filter((w) => !LOCATION_WORDS.has(w)).join(" ")
        const context = [proper(names[i]!), proper(names[j]!)].sort().join(" | ")
        for (const a of new Set(left)) for (const b of new Set(right)) note(a, b, where, oneToOne, context)
      }
    }
  }
  return candidates
}

interface Dictionary {
  /** Word pairs (`key`) FreeDict gives as translations. */
  readonly pairs: Set<string>
  /** Every single word FreeDict holds, in any of its languages. */
  readonly words: Set<string>
}

/** FreeDict TEI: each entry's headwords (orth) and its translations (quote), folded as screening folds words. */
const readFreeDict = (dir: string): Dictionary => {
  const pairs = new Set<string>()
  const words = new Set<string>()
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".tei"))) {
    const text = fs.readFileSync(path.join(dir, file), "utf8")
    for (const entry of text.split("<entry").slice(1)) {
      const orths = [...entry.matchAll(/<orth>([^<]+)<\/orth>/g)].map((m) => screeningFold(m[1]!)).filter((w) => !w.includes(" "))
      const quotes = [...entry.matchAll(/<quote>([^<]+)<\/quote>/g)].map((m) => screeningFold(m[1]!)).filter((w) => !w.includes(" "))
      for (const w of [...orths, ...quotes]) words.add(w)
      for (const o of orths) for (const q of quotes) pairs.add(key(o, q))
    }
  }
  return { pairs, words }
}

/** A word as screening reads it and its singular forms (FreeDict's headwords are singular). */
const forms = (w: string) => [...new Set([w, w.replace(/s$/, ""), w.replace(/e$/, ""), w.replace(/es$/, ""), w.replace(/x$/, "")])]
const confirmedBy = (dictionary: Dictionary, a: string, b: string): boolean =>
  forms(a).some((x) => forms(b).some((y) => dictionary.pairs.has(key(x, y))))
const known = (dictionary: Dictionary, w: string): boolean => forms(w).some((x) => dictionary.words.has(x))

type Verdict = "freedict" | "freedict: not translations" | "lists only" | "not checked"
/**
 * Kept: FreeDict gives the pair; or FreeDict cannot say (a word of a language it does not cover: Arabic, Persian,
 * Russian romanised) and the lists align the two words one to one in two distinct pairs of names at least. A pair of
 * words FreeDict holds both of, but not as translations, is dropped (synonyms of one language: "plant" / "factory").
 */
const verdictOf = (dictionary: Dictionary | null, c: Candidate): Verdict =>
  dictionary === null
    ? "not checked"
    : confirmedBy(dictionary, c.a, c.b)
    ? "freedict"
    : known(dictionary, c.a) && known(dictionary, c.b)
    ? "freedict: not translations"
    : "lists only"
const keep = (verdict: Verdict, c: Candidate): boolean =>
  REJECTED.get(key(c.a, c.b)) === undefined && (
    (verdict === "freedict" && c.contexts.size >= 1) ||
    (verdict !== "freedict: not translations" && c.contexts.size >= MIN_LIST_CONTEXTS && c.a.length >= 4 && c.b.length >= 4)
  )

/** A pair FreeDict cannot check needs this many distinct pairs of names aligning it one to one (and words of 4 letters). */
const MIN_LIST_CONTEXTS = 3

/**
 * Reviewed by hand (2026-11-29): pairs the alignment keeps that are not one word in two languages. Each names why.
 * The rest of the kept pairs were read and are translations or spellings of one word across languages.
 */
const REJECTED: ReadonlyMap<string, string> = new Map([
  ["research\tscientific", "two English words, each a half of 'scientific research' names"],
  ["group\ttrading", "two English words of different meaning"],
  ["humanitarian\tislamic", "two English words of different meaning (charity names)"],
  ["aerospace\tair", "two English words of different meaning"],
  ["center\tstate", "two English words of different meaning"],
  ["chvk\tgroup", "an acronym (Russian 'private military company') and an English word"],
  ["benghazi\tbrigade", "a place and a word"],
  ["cells\tnuclei", "two English words of different meaning"],
  ["dubna\tdubnensky", "a place and its adjective"],
  ["kanonieri\tramkiani", "Georgian name parts, not vocabulary"],
  ["fllc\tiooo", "legal forms (read by the legal-form table)"],
  ["foreign\tiooo", "a legal form"],
  ["inostrannoye\tiooo", "a legal form"],
  ["binaa\tconstruction", "a name part (Arabic 'building') in names whose other words differ"],
  ["devotos\tsoldados", "two Spanish words of different meaning"],
  ["technology\ttekhnolodzhi", "kept as spelling elsewhere: technology/tekhnologii"],
  ["management\tmanaging", "two English words: the same stem, different words"],
  ["alharamain\talharamayn", "spellings of one name: read by the article rules, not as a translation"]
])

const program = Effect.gen(function*() {
  const parsed = yield* parseListPaths(LIST_DIRS.map((d) => path.join(repoRoot, "data", "sanctions", d)))
  const candidates = alignEntries(parsed.flatMap((l) => l.entries))
  const dictionary = values.freedict === undefined ? null : readFreeDict(values.freedict)
  const rows = [...candidates.values()]
    .filter((c) => c.oneToOne.size > 0)
    .map((c) => {
      const entries = new Set([...c.oneToOne, ...c.cooccurring])
      const checked = verdictOf(dictionary, c)
      return { ...c, entries, checked, kept: keep(checked, c) }
    })
    .sort((x, y) => y.entries.size - x.entries.size || x.a.localeCompare(y.a) || x.b.localeCompare(y.b))
  const lines = ["word_a\tword_b\tone_to_one_entries\tone_to_one_name_pairs\tentries\tchecked\tkept\treview\tseen_in"]
  for (const r of rows) {
    const review = REJECTED.get(key(r.a, r.b)) ?? ""
    lines.push([r.a, r.b, r.oneToOne.size, r.contexts.size, r.entries.size, r.checked, r.kept ? "yes" : "no", review, [...r.entries].sort().slice(0, 8).join(" ")].join("\t"))
  }
  process.stdout.write(`${rows.length} candidate pairs, ${rows.filter((r) => r.kept).length} kept\n`)
  if (!values.write) {
    process.stdout.write(lines.slice(0, 200).join("\n") + "\n")
    return
  }
  fs.writeFileSync(path.join(repoRoot, "data", "reference", "organisation-word-translations.tsv"), lines.join("\n") + "\n")
  const kept = rows.filter((r) => r.kept).map((r) => [r.a, r.b] as const)
  fs.writeFileSync(
    path.join(repoRoot, "src", "sanctions", "matching", "translationTable.ts"),
    `/** Generated by scripts/derive-translations.ts --write from the shipped lists (provenance of each pair:\n` +
      ` * data/reference/organisation-word-translations.tsv). Do not edit. */\n` +
      `export const TRANSLATION_PAIRS: ReadonlyArray<readonly [string, string]> = ${JSON.stringify(kept)}\n`
  )
})

await Effect.runPromise(program)
