import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { type CliDatabase, cliDatabase, kyb } from "../support/cliProcess.js"
import { euFsf, fixturesDir, listsDir } from "../sanctions/paths.js"

/** The operator CLI as a Unix tool (issue 26 items 3 and 5): exit codes, one-line errors, help, no colour on a pipe. */

const ESC = "\u001b"
const noDatabase = () => ({ KYB_DATA_DIR: path.join(fs.mkdtempSync(path.join(os.tmpdir(), "kyb-nodb-")), "data") })

const oneLine = (text: string) => {
  expect(text.endsWith("\n")).toBe(true)
  expect(text.trimEnd().split("\n")).toHaveLength(1)
  expect(text).not.toContain("{\"_tag\"")
  expect(text).not.toMatch(/\n\s+at /)
}

describe("kyb usage errors and help (no database opened)", () => {
  it("a mistyped subcommand is named at its level, one line, exit 2", async () => {
    const env = noDatabase()
    const r = await kyb(["keys", "craete"], env)
    expect(r.code).toBe(2)
    oneLine(r.stderr)
    expect(r.stderr).toContain("unknown subcommand 'craete' for 'kyb keys'")
    expect(r.stdout).toBe("")
    const top = await kyb(["ingset"], env)
    expect(top.code).toBe(2)
    expect(top.stderr).toContain("unknown subcommand 'ingset' for 'kyb'")
    const option = await kyb(["ingest", "companies", "--bogus", "x.jsonl"], env)
    expect(option.code).toBe(2)
    oneLine(option.stderr)
    expect(option.stderr).toContain("unknown option '--bogus'")
    const missing = await kyb(["ingest", "companies"], env)
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain("missing <file>")
    const keysOption = await kyb(["keys", "create", "--plan", "gold"], env)
    expect(keysOption.code).toBe(2)
    oneLine(keysOption.stderr)
    const scopeOption = await kyb(["keys", "create", "--scope", "admin"], env)
    expect(scopeOption.code).toBe(2)
    oneLine(scopeOption.stderr)
    expect(fs.existsSync(env.KYB_DATA_DIR)).toBe(false)
  }, 120_000)

  it("help names the whole command, says a required path is required, and has no colour on a pipe", async () => {
    const env = noDatabase()
    const r = await kyb(["ingest", "sanctions", "--help"], env)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain("Usage: kyb ingest sanctions [options] <path>...")
    expect(r.stdout).toContain("--max-drop")
    expect(r.stdout).toContain("--allow-older")
    expect(r.stdout).not.toContain("zero or more")
    expect(r.stdout).not.toContain(ESC)
    const companies = await kyb(["ingest", "companies", "-h"], env)
    expect(companies.stdout).toContain("Usage: kyb ingest companies [options] <file>...")
    expect(companies.stdout).toContain("one or more")
    const keys = await kyb(["keys", "create", "--help"], { ...env, NO_COLOR: "1" })
    expect(keys.code).toBe(0)
    expect(keys.stdout).toContain("USAGE\n  kyb keys create [flags]")
    expect(keys.stdout).toContain("--scope")
    const mcp = await kyb(["mcp", "--help"], env)
    expect(mcp.code).toBe(0)
    expect(mcp.stdout).toContain("Usage: kyb mcp")
    expect(mcp.stdout).toContain("KYB_API_KEY")
    expect(keys.stdout).not.toContain(ESC)
    const group = await kyb(["ingest", "--help"], env)
    expect(group.stdout).toContain("Usage: kyb ingest <command>")
    expect(fs.existsSync(env.KYB_DATA_DIR)).toBe(false)
  }, 120_000)

  it("a file of another kind is refused in one line before any row, exit 1", async () => {
    const env = noDatabase()
    const r = await kyb(["ingest", "companies", euFsf], env)
    expect(r.code).toBe(1)
    oneLine(r.stderr)
    expect(r.stderr).toContain("not company records (it is an XML document)")
    expect(r.stdout).toBe("")
    const missing = await kyb(["ingest", "psc", "/nonexistent/file.json"], env)
    expect(missing.code).toBe(1)
    oneLine(missing.stderr)
    expect(missing.stderr).toContain("no such file")
    // GLEIF: the XML golden copy is not read; a level-1 file is not a relationship file; a missing --entities file
    const xml = await kyb(["ingest", "gleif", euFsf], env)
    expect([xml.code, xml.stderr]).toEqual([1, expect.stringContaining("not a GLEIF golden copy (it is an XML document)")])
    const level1 = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "kyb-gleif-")), "lei2.csv")
    fs.writeFileSync(level1, "\"LEI\",\"Entity.LegalName\",\"Entity.LegalAddress.Country\"\n\"SYNTHKE0000000000991\",\"Synthetic Refused Limited\",\"KE\"\n")
    const notRr = await kyb(["ingest", "gleif-relationships", level1], env)
    expect(notRr.code).toBe(1)
    oneLine(notRr.stderr)
    expect(notRr.stderr).toContain("not a GLEIF relationship golden copy (its CSV header lacks relationship.startnode.nodeid")
    const noEntities = await kyb(["ingest", "gleif-relationships", "--entities", "/nonexistent/lei2.json", level1], env)
    expect(noEntities.code).toBe(1)
    oneLine(noEntities.stderr)
    expect(noEntities.stderr).toContain("--entities /nonexistent/lei2.json: no such file")
    expect(fs.existsSync(env.KYB_DATA_DIR)).toBe(false)
  }, 120_000)
})

describe("kyb against a database", () => {
  let db: CliDatabase
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kyb-cli-files-"))
  beforeAll(async () => {
    db = await cliDatabase()
  })
  afterAll(async () => {
    await db.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it("an ingest where every row is rejected exits 1 with one summary line; the same mistake says what HTTP says", async () => {
    const file = path.join(dir, "bad.jsonl")
    fs.writeFileSync(file, `${JSON.stringify({ country: "Nigeria", registration_no: "RC 1", legal_name: "X", source: "t", last_verified_at: "2024-01-01T00:00:00Z" })}\n`)
    const r = await kyb(["ingest", "companies", file], db.env)
    expect(r.code).toBe(1)
    expect(r.stderr.trimEnd().split("\n").at(-1)).toContain(`every row of ${file} was rejected`)
    const country = await kyb(["ingest", "procurement", "--country", "Nigeria", path.join(listsDir, "..", "procurement", "awards_normalized.csv")], db.env)
    expect(country.code).toBe(1)
    oneLine(country.stderr)
    // GET /v1/verify?country=Nigeria answers the same field-named message.
    expect(country.stderr).toContain("country: must be a two-letter ISO-3166 country code")
  }, 180_000)

  it("GLEIF's golden copies: the JSON level-1 file, then the relationship file naming the parents from it", async () => {
    // synthetic records (invented LEIs, names, numbers; RA990001 is no GLEIF code, mapped as an operator would)
    const value = (v: string) => ({ $: v })
    const record = (lei: string, name: string, country: string) => ({
      LEI: value(lei),
      Entity: {
        LegalName: value(name), LegalAddress: { Country: value(country) }, LegalJurisdiction: value(country), EntityStatus: value("ACTIVE"),
        RegistrationAuthority: { RegistrationAuthorityID: value("RA990001"), RegistrationAuthorityEntityID: value("PVT-SYNCLI961") }
      },
      Registration: { RegistrationStatus: value("ISSUED"), ValidationSources: value("FULLY_CORROBORATED"), LastUpdateDate: value("2026-04-30T11:05:10Z") }
    })
    const level1 = path.join(dir, "lei2-golden-copy.json")
    fs.writeFileSync(level1, JSON.stringify({ _fixture: "SYNTHETIC", records: [record("SYNTHKE0000000000961", "Synthetic Thika Pineapples Limited", "KE"), record("SYNTHGB0000000000962", "Synthetic Thames Holdings plc", "GB")] }))
    const rr = path.join(dir, "rr-golden-copy.csv")
    fs.writeFileSync(rr, [
      "Relationship.StartNode.NodeID,Relationship.EndNode.NodeID,Relationship.RelationshipType,Relationship.RelationshipStatus,Registration.RegistrationStatus,Fixture",
      "SYNTHKE0000000000961,SYNTHGB0000000000962,IS_ULTIMATELY_CONSOLIDATED_BY,ACTIVE,PUBLISHED,SYNTHETIC"
    ].join("\n") + "\n")
    const env = { ...db.env, KYB_GLEIF_RA_CODES: "RA990001=ke-brs" }
    const entities = await kyb(["ingest", "gleif", level1], env)
    expect(entities.code, entities.stderr).toBe(0)
    expect(JSON.parse(entities.stdout)).toMatchObject({ rows: 2, matched: 1, inserted: 1, rejected: 0 })
    const parents = await kyb(["ingest", "gleif-relationships", "--entities", level1, rr], env)
    expect(parents.code, parents.stderr).toBe(0)
    expect(JSON.parse(parents.stdout)).toMatchObject({ rows: 1, matched: 1, rejected: 0 })
  }, 180_000)

  it("a key made with --scope read says so, and the list shows its scope", async () => {
    const made = await kyb(["keys", "create", "--scope", "read", "--label", "agent"], db.env)
    expect(made.code).toBe(0)
    expect(made.stderr).toContain("scope read")
    const secret = made.stdout.trim().split("\n").at(-1) ?? ""
    expect(secret).toMatch(/^kyb_live_/)
    const id = /Created (key_[0-9a-f]+)/.exec(made.stderr)?.[1]
    expect(id).toBeDefined()
    const listed = await kyb(["keys", "list"], db.env)
    expect(listed.code).toBe(0)
    const [header, ...rows] = listed.stdout.trimEnd().split("\n").map((line) => line.split("\t"))
    const row = rows.find((r) => r[0] === id)
    expect(row?.[header!.indexOf("scope")]).toBe("read")
  }, 180_000)

  it("a list losing too many entries is refused in one line that names --max-drop; an older list names --allow-older", async () => {
    const first = await kyb(["ingest", "sanctions", "--published-on", "2021-07-07", path.join(listsDir, "ofac-sdn-2021-07")], db.env)
    expect(first.stderr).toContain("activated")
    expect(first.code).toBe(0)
    const shrunk = await kyb(["ingest", "sanctions", "--published-on", "2024-05-03", path.join(fixturesDir, "ofac-sdn")], db.env)
    expect(shrunk.code).toBe(1)
    oneLine(shrunk.stderr)
    expect(shrunk.stderr).toContain("--max-drop")
    const older = await kyb(["ingest", "sanctions", "--max-drop", "1", "--published-on", "2020-01-01", path.join(fixturesDir, "ofac-sdn")], db.env)
    expect(older.code).toBe(1)
    oneLine(older.stderr)
    expect(older.stderr).toContain("older than the active version 2021-07-07")
    expect(older.stderr).toContain("--allow-older")
    const noReason = await kyb(["ingest", "sanctions", "--allow-older", "--max-drop", "1", "--published-on", "2020-01-01", path.join(fixturesDir, "ofac-sdn")], db.env)
    expect(noReason.code).toBe(1)
    expect(noReason.stderr).toContain("--reason")
  }, 240_000)
})
