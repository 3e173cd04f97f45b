import { describe, expect, it } from "vitest"
import { splitStatements } from "../../src/db/sqlScript.js"

describe("splitStatements (a migration's statements, one at a time for the extended protocol)", () => {
  it("ends a statement at a semicolon outside strings, identifiers, dollar quotes and comments", () => {
    const script = [
      "SELECT 'a;b', 'it''s; here';",
      "SELECT E'x\\';y';",
      "-- a comment; with a semicolon",
      "CREATE FUNCTION f() RETURNS int AS $f$ SELECT 1; $f$ LANGUAGE sql;",
      "DO $$ BEGIN PERFORM 1; END $$;",
      "/* nested /* comment; */ still; */ SELECT \"x;y\" FROM t;",
      "SELECT $1::int;",
      "  ; -- nothing but a comment\n"
    ].join("\n")
    expect(splitStatements(script)).toEqual([
      "SELECT 'a;b', 'it''s; here'",
      "SELECT E'x\\';y'",
      "-- a comment; with a semicolon\nCREATE FUNCTION f() RETURNS int AS $f$ SELECT 1; $f$ LANGUAGE sql",
      "DO $$ BEGIN PERFORM 1; END $$",
      "/* nested /* comment; */ still; */ SELECT \"x;y\" FROM t",
      "SELECT $1::int"
    ])
  })

  it("keeps a last statement without a semicolon, and gives nothing for an empty script", () => {
    expect(splitStatements("SELECT 1; SELECT 2")).toEqual(["SELECT 1", "SELECT 2"])
    expect(splitStatements(" \n-- only a comment\n")).toEqual([])
  })
})
