import { describe, expect, it } from "vitest"
import { applyDecisions, companySubjectKey, decisionFor, type DecisionRule, nameSubjectKey, outcomeOf } from "../../src/domain/decisions.js"

const hit = (entry_id: string, score: number, entry_hash = `h${entry_id}`) => ({ list: "ofac_sdn", entry_id, entry_hash, score })
const rule = (over: Partial<DecisionRule> & { readonly id: string }): DecisionRule => ({
  list: "ofac_sdn", entry_id: "1", entry_hash: "h1", decision: "false_positive", created_at: "2026-11-24T10:00:00.000Z", ...over
})

describe("decisions on hits", () => {
  it("a false positive dismisses the hit it names, only while the entry's hash is the one decided on", () => {
    const [a, b] = applyDecisions([hit("1", 0.95), hit("2", 0.8)], [rule({ id: "d1" })])
    expect(a).toMatchObject({ dismissed: true, decision: { id: "d1", decision: "false_positive" } })
    expect(b).toMatchObject({ dismissed: false, decision: null })
    expect(applyDecisions([hit("1", 0.95, "changed")], [rule({ id: "d1" })])[0]).toMatchObject({ dismissed: false, decision: null })
    expect(applyDecisions([{ ...hit("1", 0.95), list: "un_sc" }], [rule({ id: "d1" })])[0]!.decision).toBeNull()
  })

  it("the newest decision on an entry is the one in force; a confirmation shows and dismisses nothing", () => {
    const rules = [rule({ id: "old" }), rule({ id: "new", decision: "confirmed", created_at: "2026-11-25T00:00:00.000Z" })]
    expect(decisionFor(hit("1", 0.9), rules)).toEqual({ id: "new", decision: "confirmed" })
    expect(applyDecisions([hit("1", 0.9)], rules)[0]!.dismissed).toBe(false)
  })

  it("the outcome counts the hits not dismissed", () => {
    expect(outcomeOf([], 0.9)).toBe("clear")
    expect(outcomeOf([{ ...hit("1", 0.95), dismissed: true }, { ...hit("2", 0.75), dismissed: false }], 0.9)).toBe("potential_match")
    expect(outcomeOf([{ ...hit("1", 0.95), dismissed: false }], 0.9)).toBe("match")
    expect(outcomeOf([{ ...hit("1", 0.95), dismissed: true }], 0.9)).toBe("clear")
  })

  it("subjects are keyed by kind", () => {
    expect(nameSubjectKey("banco nacional de cuba")).toBe("name:banco nacional de cuba")
    expect(companySubjectKey("ng", "RC208767")).toBe("company:NG:RC208767")
  })
})
