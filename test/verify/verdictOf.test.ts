import { describe, expect, it } from "vitest"
import type { Resolution } from "../../src/verify/candidates.js"
import { type VerdictInputs, verdictOf } from "../../src/verify/verdictOf.js"

/**
 * verdictOf takes the verifier's findings as one named record (issue 57 item 5): each named field lands where its
 * name says in the verdict, and the optional ones have their stated defaults. No company is resolved here, so no
 * record (real or synthetic) is involved; the name is only a string the test asked about.
 */

const nothingResolved: Resolution = {
  found: null,
  candidates: [],
  matchConfidence: 0,
  ambiguous: false,
  registryUnreachable: false,
  registryAnswered: false,
  tried: { asked: "name", attempts: [], storeAnswered: false, withinTtl: false }
}

const inputs: VerdictInputs = {
  resolution: nothingResolved,
  nameMismatch: false,
  screening: { screened: true, result: "clear", hits: [] },
  people: { screened: 0, hit: false, each: [] },
  evidence: { contracts: false, trademarks: false },
  listSources: [],
  lists: [],
  now: new Date("2026-11-29T12:00:00.000Z")
}

describe("verdictOf, from a named record", () => {
  it("leaves the optional findings at their defaults: no debarment, covered, nothing known elsewhere, no names listed", () => {
    const verdict = verdictOf(inputs)
    expect(verdict.signals.debarred).toBeNull()
    expect(verdict.known_from).toEqual([])
    expect("sources_tried" in verdict).toBe(false)
    expect("names_screened" in verdict).toBe(false)
    expect(verdict.sanctions.result).toBe("clear")
  })

  it("puts each named finding where its name says", () => {
    const verdict = verdictOf({
      ...inputs,
      evidence: { contracts: true, trademarks: false },
      debarred: { active: true, debarments: [] },
      coverage: { notCovered: true, knownFrom: [], sourcesTried: [] },
      namesScreened: [{ name: "Test Asked Name Ltd", from: "input", screened_as: ["entity"] }]
    })
    expect(verdict.signals.has_government_contracts).toBe(true)
    expect(verdict.signals.has_trademarks).toBe(false)
    expect(verdict.signals.debarred).toEqual({ active: true, debarments: [] })
    expect(verdict.sources_tried).toEqual([])
    expect(verdict.names_screened).toEqual([{ name: "Test Asked Name Ltd", from: "input", screened_as: ["entity"] }])
    expect(verdict.review_reasons).toContain("debarred")
  })
})
