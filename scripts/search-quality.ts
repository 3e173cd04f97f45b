import { SqlClient } from "effect/sql"
import { Effect, Layer } from "effect"
import * as path from "node:path"
import { parseArgs } from "node:util"
import { makeCorpusGenerator } from "./corpus/generate.js"
import { listedRecords } from "./corpus/listed.js"
import { CompanyWriter } from "../src/companies/CompanyWriter.js"
import { normalizeName } from "../src/domain/normalize.js"
import { CompanySearch } from "../src/search/CompanySearch.js"
import { analyseQuery } from "../src/search/searchQuery.js"
import { escapeLike } from "../src/search/sqlText.js"
import { bulkInsert } from "./search/bulkLoad.js"
import { analyse, scratchDatabase } from "./search/database.js"
import { buildEvalSet, type EvalQuery, isPreferenceTicker, queryKinds, splits } from "./search/evalSet.js"
import { shareClassListings } from "./search/variants.js"
import { Rng } from "./corpus/rng.js"

/**
 * Search quality: real listed companies (data/companies, through CompanyWriter) hidden among generated
 * distractors (scripts/corpus), queried in every match kind; top-1 and top-5 accuracy per kind.
 *
 *   npx tsx scripts/search-quality.ts [--distractors 200000] [--per-kind 30] [--seed 42] [--keep] [--verbose]
 *     [--share-classes 80] [--show-test]
 *
 * Every kind has two splits of targets (by name, `splitOf`): misses are printed for `tune` only, unless
 * --show-test; the `test` split is for the record, not for tuning against.
 *
 * Needs PostgreSQL on 127.0.0.1:5432 (SEARCH_DATABASE_URL): creates and drops its own database.
 */
const { values } = parseArgs({
  options: {
    distractors: { type: "string", default: "200000" },
    "per-kind": { type: "string", default: "30" },
    seed: { type: "string", default: "42" },
    keep: { type: "boolean", default: false },
    verbose: { type: "boolean", default: false },
    "share-classes": { type: "string", default: "80" },
    "show-test": { type: "boolean", default: false }
  }
})
const distractors = Number(values.distractors)
const perKind = Number(values["per-kind"])
const seed = Number(values.seed)
const shareClasses = Number(values["share-classes"])
/** The directory holding data/ (the repository). */
const sharedDir = path.resolve(import.meta.dirname, "..")

interface Outcome {
  readonly query: EvalQuery
  readonly rank: number | null
  readonly matchType: string | null
  readonly ms: number
  readonly top: ReadonlyArray<string>
}

const load = Effect.gen(function*() {
  const generator = makeCorpusGenerator({ seed, sharedDir })
  const started = Date.now()
  for (let done = 0; done < distractors;) {
    const batch = Array.from({ length: Math.min(5000, distractors - done) }, () => generator.next())
    yield* bulkInsert(batch)
    done += batch.length
    if (done % 50_000 === 0) process.stderr.write(`distractors: ${done} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`)
  }
  const listed = listedRecords(sharedDir, seed).records
  const generatedClasses = shareClassListings(new Rng(seed + 7), listed.filter((t) => !isPreferenceTicker(t)), shareClasses)
  const writer = yield* CompanyWriter
  // The share-class listings first: stored before their issuers, no tie-break by storage order ranks the issuer first.
  const stored = [...generatedClasses, ...listed]
  let rejected = 0
  for (let i = 0; i < stored.length; i += 500) rejected += (yield* writer.upsertBatch(stored.slice(i, i + 500))).rejected.length
  yield* analyse
  process.stderr.write(`${distractors} distractors + ${listed.length} listed companies + ${generatedClasses.length} share-class listings (${rejected} rejected) loaded in ${((Date.now() - started) / 1000).toFixed(0)} s\n`)
  // The real share-class listings: a "p" ticker and a name that carries the issuer's name and more.
  const realClasses = listed.filter((t) =>
    isPreferenceTicker(t) &&
    listed.some((c) => c !== t && c.country === t.country && t.legal_name.toLowerCase().startsWith(`${c.legal_name.toLowerCase()} `))
  )
  return { targets: listed, shareClasses: [...realClasses, ...generatedClasses] }
})

/** A result names the target: its normalised name; for the issuer of a share class, not the share-class listing. */
const evaluate = (queries: ReadonlyArray<EvalQuery>, classNames: ReadonlySet<string>) =>
  Effect.gen(function*() {
    const search = yield* CompanySearch
    const outcomes: Array<Outcome> = []
    for (const query of queries) {
      const started = performance.now()
      const response = yield* search.search({ q: query.q, limit: 5 })
      const ms = performance.now() - started
      const index = response.results.findIndex((r) =>
        normalizeName(r.legal_name, r.country) === query.expected &&
        !(query.kind === "share_class_issuer" && classNames.has(r.legal_name.toLowerCase()))
      )
      outcomes.push({
        query,
        rank: index < 0 ? null : index + 1,
        matchType: index < 0 ? null : response.results[index]!.match_type,
        ms,
        top: response.results.map((r) => `${r.legal_name} [${r.match_type} ${r.match_score}]`)
      })
    }
    return outcomes
  })

/**
 * Whether a query has a better answer than its target under the cascade's own definition, so that it measures
 * nothing: another company whose name is the query (normalised), or, for a fuzzy query, another company the
 * query literally matches (prefix, contains, normalised prefix, whole alias).
 */
const ambiguous = (query: EvalQuery) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const q = analyseQuery(query.q)
    if (query.kind === "id") return false
    const sameName = yield* sql<{ found: boolean }>`SELECT EXISTS (SELECT 1 FROM companies c
      WHERE (c.name_norm = ${q.normalized} OR c.name_lower = ${q.lower}) AND c.name_norm <> ${query.expected}) AS found`
    if (sameName[0]?.found === true) return true
    if (!FUZZY_KINDS.has(query.kind)) return false
    const literal = yield* sql<{ found: boolean }>`SELECT EXISTS (SELECT 1 FROM companies c
      WHERE (c.name_lower LIKE ${"%" + escapeLike(q.lower) + "%"} OR c.name_norm LIKE ${escapeLike(q.normalized) + "%"})
        AND c.name_norm <> ${query.expected}) OR EXISTS (SELECT 1 FROM company_aliases a JOIN companies c ON c.id = a.company_id
      WHERE a.name_norm = ${q.normalized} AND c.name_norm <> ${query.expected}) AS found`
    return literal[0]?.found === true
  })

/** Kinds answered by the fuzzy tier: a literal match of another company ranks first by the cascade's definition. */
const FUZZY_KINDS: ReadonlySet<string> = new Set(["typo", "word_order", "missing_word", "brand_country", "typo_two_word"])

/** The first `perKind` unambiguous queries of each kind and split; how many were set aside per kind. */
const unambiguous = (candidates: ReadonlyArray<EvalQuery>) =>
  Effect.gen(function*() {
    const kept: Array<EvalQuery> = []
    const setAside = new Map<string, number>()
    for (const query of candidates) {
      if (kept.filter((k) => k.kind === query.kind && k.split === query.split).length >= perKind) continue
      if (yield* ambiguous(query)) setAside.set(query.kind, (setAside.get(query.kind) ?? 0) + 1)
      else kept.push(query)
    }
    return { kept, setAside }
  })

const pct = (n: number, d: number) => (d === 0 ? "-" : (n / d).toFixed(3))

const report = (outcomes: ReadonlyArray<Outcome>) => {
  const lines = [
    "| kind | queries | top-1 | top-5 | matched as | p50 ms |",
    "|---|---:|---:|---:|---|---:|"
  ]
  const row = (label: string, list: ReadonlyArray<Outcome>) => {
    const types = new Map<string, number>()
    for (const o of list) if (o.matchType !== null) types.set(o.matchType, (types.get(o.matchType) ?? 0) + 1)
    const ms = list.map((o) => o.ms).sort((a, b) => a - b)
    lines.push(
      `| ${label} | ${list.length} | ${pct(list.filter((o) => o.rank === 1).length, list.length)} | ${
        pct(list.filter((o) => o.rank !== null).length, list.length)
      } | ${[...types].map(([t, n]) => `${t} ${n}`).join(", ")} | ${(ms[Math.floor(ms.length / 2)] ?? 0).toFixed(1)} |`
    )
  }
  for (const kind of queryKinds) {
    for (const split of splits) row(`${kind} (${split})`, outcomes.filter((o) => o.query.kind === kind && o.query.split === split))
  }
  for (const split of splits) row(`**all (${split})**`, outcomes.filter((o) => o.query.split === split))
  return lines.join("\n")
}

const program = Effect.gen(function*() {
  const { shareClasses: classes, targets } = yield* load
  const { kept: queries, setAside } = yield* unambiguous(buildEvalSet(targets, perKind * 3, classes))
  process.stderr.write(`set aside as ambiguous: ${JSON.stringify(Object.fromEntries(setAside))}\n`)
  const outcomes = yield* evaluate(queries, new Set(classes.map((c) => c.legal_name.toLowerCase())))
  for (const o of outcomes) {
    if ((o.rank === 1 && !values.verbose) || (o.query.split === "test" && !values["show-test"])) continue
    process.stderr.write(`${o.rank === null ? "MISS" : `rank ${o.rank}`} ${o.query.kind} ${o.query.split} "${o.query.q}" -> ${o.query.legalName}\n  ${o.top.join("\n  ")}\n`)
  }
  process.stdout.write(`${report(outcomes)}\n`)
})

const layer = Layer.mergeAll(CompanySearch.Default, CompanyWriter.Default).pipe(
  Layer.provideMerge(scratchDatabase("kyb_search_quality", 4, values.keep))
)
await Effect.runPromise(program.pipe(Effect.provide(layer), Effect.scoped))
