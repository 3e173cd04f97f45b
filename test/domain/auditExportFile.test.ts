import { describe, expect, it } from "vitest"
import { exportedEntries } from "../../src/audit/exportFile.js"

const entry = {
  account_id: "acc_synthetic", seq: 1, at: "2026-01-02T03:04:05.000Z", actor: null, action: "key.created", object_type: "key",
  object_id: "key_1", address: null, client: null, outcome: "succeeded", details: {}, prev_hash: "0".repeat(64), hash: "a".repeat(64)
}

describe("an audit export read back for `kyb audit verify --against` (issue 52 item 6)", () => {
  it("reads every non-empty line of an export.jsonl", () => {
    const read = exportedEntries(`${JSON.stringify(entry)}\n\n${JSON.stringify({ ...entry, seq: 2 })}\n`)
    expect("entries" in read && read.entries.map((e) => e.seq)).toEqual([1, 2])
  })

  it.each([
    ["not json", "line 1: not JSON"],
    ["[1]", "line 1: not a JSON object"],
    [JSON.stringify({ ...entry, seq: 0 }), "line 1: seq: must be a whole number from 1"],
    [JSON.stringify({ ...entry, seq: "1" }), "line 1: seq: must be a whole number from 1"],
    [JSON.stringify({ ...entry, hash: 5 }), "line 1: hash: must be text"],
    [JSON.stringify({ ...entry, client: 5 }), "line 1: client: must be text or null"],
    [JSON.stringify((({ details: _d, ...rest }) => rest)(entry)), "line 1: actor and details are required"]
  ])("refuses %s", (line, error) => {
    expect(exportedEntries(line)).toEqual({ error })
  })
})
