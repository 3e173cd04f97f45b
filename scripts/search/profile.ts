import { SqlClient } from "effect/sql"
import { Effect, Layer, Redacted } from "effect"
import { CompanySearch } from "../../src/search/CompanySearch.js"
import { candidateClauses, wordGroups } from "../../src/search/fuzzy.js"
import { analyseQuery } from "../../src/search/searchQuery.js"
import { pgLayer } from "../../src/db/Database.js"
import { containsHints } from "../../src/search/containsWords.js"
import { literalTiers, rankedCompanies, tierStatements } from "../../src/search/statements.js"
import { nearAndHeld, nearestAndSpelledWords, wordCandidates } from "../../src/search/wordStatements.js"

/** Where a query's time goes: each statement's plan and time, then the whole search. Usage: profile.ts URL "query" [country] */
const [url, text, country] = process.argv.slice(2) as [string, string, string | undefined]
const time = <A, E, R>(label: string, e: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const started = performance.now()
    const out = yield* e
    process.stdout.write(`${label}: ${(performance.now() - started).toFixed(2)} ms\n`)
    return out
  })
const program = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const q = analyseQuery(text, country)
  const words = nearAndHeld(yield* time("nearest words", nearestAndSpelledWords(sql, q.tokens, 6, []))).near
  const statements = tierStatements(sql, q, 1000, containsHints(q, words))
  for (const s of statements) {
    yield* time(s.tier, s.statement)
    const plan = yield* sql<{ "QUERY PLAN": string }>`EXPLAIN ANALYZE ${s.statement}`
    process.stdout.write(plan.map((r) => "    " + r["QUERY PLAN"]).join("\n") + "\n")
  }
  yield* time("literal union", literalTiers(sql, statements))
  // What a query with a tier larger than the cap adds: the exact count and the best rows (first and deep page).
  for (const n of [25, 10_025]) {
    const ranked = rankedCompanies(sql, q, statements, n, [])
    const rows = yield* time(`ranked companies, count, best ${n}`, ranked)
    process.stdout.write(`count: ${rows[0]?.total ?? 0}\n`)
    const plan = yield* sql<{ "QUERY PLAN": string }>`EXPLAIN ANALYZE ${ranked}`
    process.stdout.write(plan.map((r) => "    " + r["QUERY PLAN"]).join("\n") + "\n")
    for (const s of statements) if (s.best !== undefined) yield* time(`${s.tier} best ${n}`, s.best(n))
  }
  for (const mode of ["all", "relaxed"] as const) {
    const clauses = candidateClauses(wordGroups(q.tokens, words), mode)
    process.stdout.write(`${mode} clauses: ${clauses?.join(" | ")}\n`)
    if (clauses === null) continue
    const st = wordCandidates(sql, q, clauses, { scan: 1000, keep: 300 })
    yield* time("candidates", st)
    const plan = yield* sql<{ "QUERY PLAN": string }>`EXPLAIN ANALYZE ${st}`
    process.stdout.write(plan.map((r) => "    " + r["QUERY PLAN"]).join("\n") + "\n")
  }
  const search = yield* CompanySearch
  for (let i = 0; i < 3; i++) yield* time("search", search.search({ q: text, ...(country === undefined ? {} : { country }) }))
})
await Effect.runPromise(program.pipe(Effect.provide(CompanySearch.Default.pipe(Layer.provideMerge(pgLayer({ url: Redacted.make(url), maxConnections: 4 }))))))
