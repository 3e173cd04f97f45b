import { assert, describe, it } from "@effect/vitest"
import { bindMarked, compileMarked, marker } from "../../src/db/markedStatement.js"
import { compilingSql as sql } from "../support/compilingSql.js"

describe("statements compiled once with markers", () => {
  const build = (v: { readonly name: unknown; readonly country: unknown; readonly keys: ReadonlyArray<unknown> }) =>
    sql`SELECT id FROM companies WHERE (name_lower = ${v.name} OR name_norm = ${v.name}) AND country = ${v.country}
      AND registration_key IN ${sql.in(v.keys)} AND quality > ${0.5} LIMIT ${25}`

  it("binds each value wherever its marker was, as building the statement with the values does", () => {
    const marked = compileMarked(build({ name: marker("name"), country: marker("country"), keys: [marker("k0"), marker("k1")] }), [
      "name",
      "country",
      "k0",
      "k1"
    ])
    const values = { name: "dangote cement", country: "NG", k0: "RC208767", k1: "208767" }
    const [text, params] = build({ name: values.name, country: values.country, keys: [values.k0, values.k1] }).compile()
    assert.strictEqual(marked.text, text)
    assert.deepStrictEqual(bindMarked(marked, values), params)
    assert.deepStrictEqual(marked.slots.map(([, name]) => name), ["name", "name", "country", "k0", "k1"])
  })

  it("binds any kind of value (a date, an array) in a marker's place and leaves the compiled parameters as they were", () => {
    const marked = compileMarked(sql`SELECT ${marker("at")}::timestamptz, ${marker("words")}::text[]`, ["at", "words"])
    const at = new Date("2026-11-30T00:00:00Z")
    assert.deepStrictEqual(bindMarked(marked, { at, words: ["a", "b"] }), [at, ["a", "b"]])
    assert.deepStrictEqual(marked.params, [marker("at"), marker("words")])
  })

  it("refuses a value computed from a marker, which would be the same for every request", () => {
    assert.throws(
      () => compileMarked(sql`SELECT 1 WHERE name LIKE ${marker("name") + " %"}`, ["name"]),
      /computed from a marker/
    )
  })

  it("refuses a marker the statement never binds", () => {
    assert.throws(() => compileMarked(sql`SELECT ${marker("a")}`, ["a", "b"]), /never bound: b/)
  })
})
