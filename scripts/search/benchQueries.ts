import { SqlClient } from "effect/sql"
import { Effect } from "effect"
import { Rng } from "../corpus/rng.js"
import { nameTokens, normalizeName } from "../../src/domain/normalize.js"
import { typoOf } from "./evalSet.js"

export const benchKinds = ["exact_number", "prefix", "typo", "word_order", "alias", "no_match"] as const
export type BenchKind = typeof benchKinds[number]

interface Sampled {
  readonly legal_name: string
  readonly registration_no: string
  readonly country: string
}

const CONSONANTS = "bcdfghjklmnpqrstvwxz"
const gibberish = (rng: Rng) =>
  Array.from({ length: rng.int(5, 8) }, (_, i) => {
    const c = CONSONANTS[rng.int(0, CONSONANTS.length - 1)]!
    return i === 0 ? c.toUpperCase() : c
  }).join("")

/** `perKind` queries of each benchmark kind, sampled (seeded) from the companies held. */
export const benchQueries = (perKind: number, seed = 5) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rng = new Rng(seed)
    const maxId = Number((yield* sql<{ max: string }>`SELECT max(id)::text AS max FROM companies`)[0]!.max)
    const ids = Array.from({ length: perKind * 4 }, () => String(rng.int(1, maxId)))
    const sample = yield* sql<Sampled>`SELECT legal_name, registration_no, country::text AS country FROM companies
      WHERE id IN ${sql.in(ids)} ORDER BY id`
    const aliases = yield* sql<{ name: string }>`SELECT a.name FROM company_aliases a
      WHERE (a.kind <> 'initialism' AND a.company_id IN (SELECT id FROM companies WHERE listed_ticker IS NOT NULL))
         OR (a.kind = 'initialism' AND length(a.name_norm) >= 3 AND a.company_id IN ${sql.in(ids)})
      ORDER BY a.company_id, a.kind, a.name`
    const out: Record<BenchKind, Array<string>> = {
      exact_number: [], prefix: [], typo: [], word_order: [], alias: [], no_match: []
    }
    const add = (kind: BenchKind, q: string | null) => {
      if (q !== null && out[kind].length < perKind) out[kind].push(q)
    }
    for (const c of sample) {
      add("exact_number", rng.chance(0.5) ? c.registration_no.toLowerCase().replace(/[\s/.-]+/g, "") : c.registration_no.replace(/[\s/.]/g, "-"))
      const words = c.legal_name.split(" ")
      if (words.length >= 2 && words[1]!.length >= 3) add("prefix", `${words[0]} ${words[1]!.slice(0, 3)}`)
      add("typo", typoOf(rng, c.legal_name))
      const core = nameTokens(normalizeName(c.legal_name, c.country))
      if (core.length >= 2) add("word_order", [core[1], core[0], ...core.slice(2)].join(" "))
      add("no_match", rng.chance(0.5) ? `${gibberish(rng)} ${gibberish(rng)}` : `${gibberish(rng)} Holdings`)
    }
    for (let i = 0; i < aliases.length && out.alias.length < perKind; i++) add("alias", aliases[rng.int(0, aliases.length - 1)]!.name)
    return out
  })
