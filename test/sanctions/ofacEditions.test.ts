import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import * as path from "node:path"
import { parseOfacFileSet } from "../../src/sanctions/lists/ofacCsv.js"
import { REMARKS_CUT } from "../../src/sanctions/lists/ofacDetails.js"

// Synthetic OFAC legacy CSV files (made up for this test, not list data): one entry whose Remarks are cut at
// 1,000 characters, the rest in the comments file, as OFAC publishes long remarks.
const csv = (rows: ReadonlyArray<ReadonlyArray<string>>) => rows.map((r) => r.map((c) => `"${c}"`).join(",")).join("\r\n") + "\r\n\u001a"
const cut = "SYNTHETIC TEST ENTRY; " + "x".repeat(REMARKS_CUT - 22)
const rest = "continued in the comments file."

const fileSet = (withOrphanAlias: boolean) => {
  const dir = mkdtempSync(path.join(tmpdir(), "kyb-ofac-editions-"))
  const write = (name: string, rows: ReadonlyArray<ReadonlyArray<string>>) => {
    writeFileSync(path.join(dir, name), csv(rows))
    return path.join(dir, name)
  }
  return {
    primary: write("sdn.csv", [["1", "SYNTHETIC TRADING CO", "-0- ", "SDGT", "-0- ", "-0- ", "-0- ", "-0- ", "-0- ", "-0- ", "-0- ", cut]]),
    comments: write("sdn_comments.csv", [["1", rest]]),
    alt: write("alt.csv", withOrphanAlias ? [["1", "1", "aka", "SYNTHETIC CO", "-0- "], ["2", "2", "aka", "NOT IN THIS EDITION", "-0- "]] : [["1", "1", "aka", "SYNTHETIC CO", "-0- "]])
  }
}

describe("OFAC remarks continued in the comments file", () => {
  it.effect("files of one edition: the remarks are shown whole, the cut part and its continuation", () =>
    Effect.gen(function*() {
      const [entry] = (yield* parseOfacFileSet("ofac_sdn", fileSet(false))).entries
      expect(entry?.details?.remarks).toEqual([cut + rest])
    }))

  it.effect("side files holding entries the primary does not (two editions): no continuation is joined to the remarks", () =>
    Effect.gen(function*() {
      const [entry] = (yield* parseOfacFileSet("ofac_sdn", fileSet(true))).entries
      expect(entry?.details?.remarks).toEqual([cut])
      expect(entry?.aliases.map((a) => a.name)).toContain("SYNTHETIC CO")
    }))
})
