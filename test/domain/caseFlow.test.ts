import { describe, expect, it } from "vitest"
import { type ArrivingCheck, type HeldCase, joinCase, mayCloseWith, outcomesOffered, reasonsToAcknowledge, resolvedByLaterCheck } from "../../src/domain/caseFlow.js"
import { caseOutcomes, caseStatuses } from "../../src/domain/cases.js"

const none = { reasons: [], hits: [] }
const sanctioned = { reasons: ["sanctions_match"], hits: ["ofac_sdn:306"] }
const held = (over: Partial<HeldCase> = {}): HeldCase => ({
  status: "open",
  latest: { at: 1000, id: "b" },
  current: sanctioned,
  seen: { reasons: ["sanctions_match", "registry_not_covered"], hits: ["ofac_sdn:306"] },
  ...over
})
const check = (over: Partial<ArrivingCheck> = {}): ArrivingCheck => ({ position: { at: 2000, id: "c" }, inReview: true, findings: sanctioned, ...over })

describe("which case a check joins (issue 55)", () => {
  it("no case: a check in review opens one with its findings; any other stands alone", () => {
    expect(joinCase(null, check())).toEqual({ type: "open", current: sanctioned, seen: sanctioned })
    expect(joinCase(null, check({ inReview: false, findings: none }))).toEqual({ type: "none" })
  })

  it("every later check joins its subject's case, verified or not, whatever the case's status; its findings are the case's now", () => {
    for (const status of caseStatuses) {
      for (const inReview of [true, false]) {
        const findings = inReview ? sanctioned : none
        const joined = joinCase(held({ status }), check({ inReview, findings }))
        expect(joined).toMatchObject({ type: "join", latest: true, current: findings })
        if (joined.type === "join") expect(joined.seen).toEqual({ reasons: ["sanctions_match", "registry_not_covered"], hits: ["ofac_sdn:306"] })
      }
    }
  })

  it("a verified check leaves the case open, its reasons gone from the current ones but kept in those seen", () => {
    const joined = joinCase(held({ current: { reasons: ["registry_not_covered"], hits: [] } }), check({ inReview: false, findings: none }))
    expect(joined).toEqual({
      type: "join", latest: true, reopens: false, brought: none, current: none,
      seen: { reasons: ["sanctions_match", "registry_not_covered"], hits: ["ofac_sdn:306"] }
    })
  })

  it("a closed case opens again when the latest check brings a hit or a reason the one before did not have; the same again does not", () => {
    const closed = held({ status: "closed" })
    expect(joinCase(closed, check())).toMatchObject({ reopens: false, brought: none })
    expect(joinCase(closed, check({ inReview: false, findings: none }))).toMatchObject({ reopens: false })
    expect(joinCase(closed, check({ findings: { reasons: ["sanctions_match"], hits: ["ofac_sdn:306", "un_sc:9"] } })))
      .toMatchObject({ reopens: true, brought: { reasons: [], hits: ["un_sc:9"] } })
    expect(joinCase(closed, check({ findings: { reasons: ["status_unknown"], hits: [] } })))
      .toMatchObject({ reopens: true, brought: { reasons: ["status_unknown"], hits: [] } })
    // a reason that went away (a verified check) and came back is news to whoever closed the case
    const resolved = held({ status: "closed", current: none })
    expect(joinCase(resolved, check({ findings: { reasons: ["registry_not_covered"], hits: [] } })))
      .toMatchObject({ reopens: true, brought: { reasons: ["registry_not_covered"], hits: [] } })
    // an open case is never "reopened", whatever the check brings
    for (const status of caseStatuses.filter((s) => s !== "closed")) {
      expect(joinCase(held({ status }), check({ findings: { reasons: ["debarred"], hits: ["un_sc:1"] } }))).toMatchObject({ reopens: false })
    }
  })

  it("a check older than the case's latest (two at once, committed out of order) joins without changing its findings or reopening it", () => {
    for (const position of [{ at: 999, id: "z" }, { at: 1000, id: "a" }]) {
      const joined = joinCase(held({ status: "closed" }), check({ position, findings: { reasons: ["debarred"], hits: ["un_sc:1"] } }))
      expect(joined).toMatchObject({ type: "join", latest: false, reopens: false, brought: none, current: sanctioned })
      if (joined.type === "join") expect(joined.seen.reasons).toContain("debarred")
    }
    // same instant, a later id: the latest (the order the case page lists them in)
    expect(joinCase(held(), check({ position: { at: 1000, id: "c" }, findings: none }))).toMatchObject({ latest: true, current: none })
  })

  it("a case opened by a decision (no check yet): the first check is its latest", () => {
    const byDecision = held({ latest: null, current: { reasons: [], hits: ["ofac_sdn:306"] }, seen: { reasons: [], hits: ["ofac_sdn:306"] } })
    expect(joinCase(byDecision, check({ position: { at: 0, id: "0" }, inReview: false, findings: none }))).toMatchObject({ latest: true, current: none })
  })
})

describe("resolved by a later check", () => {
  it("offered only when a latest check clears every reason and hit", () => {
    expect(resolvedByLaterCheck({ latest: { at: 1, id: "a" }, current: none })).toBe(true)
    expect(resolvedByLaterCheck({ latest: null, current: none })).toBe(false)
    expect(resolvedByLaterCheck({ latest: { at: 1, id: "a" }, current: { reasons: ["lists_stale"], hits: [] } })).toBe(false)
    expect(resolvedByLaterCheck({ latest: { at: 1, id: "a" }, current: { reasons: [], hits: ["ofac_sdn:1"] } })).toBe(false)
    expect(outcomesOffered(caseOutcomes, true)).toEqual(caseOutcomes)
    expect(outcomesOffered(caseOutcomes, false)).toEqual(caseOutcomes.filter((o) => o !== "resolved_by_later_check"))
  })
})

describe("what closing a case needs", () => {
  const words = (r: string) => `words for ${r}`
  const open = ["sanctions_match", "registry_not_covered", "lists_stale"]

  it("every outcome needs a note", () => {
    for (const outcome of caseOutcomes) {
      for (const note of [null, "", "   "]) {
        expect(mayCloseWith({ outcome, note, acknowledged: open }, { resolved: true, current: [] }, words)).toMatchObject({ ok: false, reason: "note_required" })
      }
    }
  })

  it("cleared with reasons other than a sanctions match open needs each acknowledged, and the refusal names those missing", () => {
    expect(reasonsToAcknowledge(open)).toEqual(["registry_not_covered", "lists_stale"])
    const refused = mayCloseWith({ outcome: "cleared", note: "no match", acknowledged: ["lists_stale"] }, { resolved: false, current: open }, words)
    expect(refused).toMatchObject({ ok: false, reason: "unacknowledged", reasons: ["registry_not_covered"] })
    if (!refused.ok) {
      expect(refused.message).toContain("registry_not_covered (words for registry_not_covered)")
      expect(refused.message).not.toContain("lists_stale")
    }
    expect(mayCloseWith({ outcome: "cleared", note: "no match", acknowledged: [] }, { resolved: false, current: open }, words))
      .toMatchObject({ ok: false, reasons: ["registry_not_covered", "lists_stale"] })
    expect(mayCloseWith({ outcome: "cleared", note: "no match", acknowledged: ["registry_not_covered", "lists_stale"] }, { resolved: false, current: open }, words))
      .toEqual({ ok: true })
    expect(mayCloseWith({ outcome: "cleared", note: "no match", acknowledged: [] }, { resolved: false, current: ["sanctions_match"] }, words)).toEqual({ ok: true })
  })

  it("every other outcome needs no acknowledgement; resolved by a later check only when the latest check resolved it", () => {
    for (const outcome of caseOutcomes.filter((o) => o !== "cleared" && o !== "resolved_by_later_check")) {
      expect(mayCloseWith({ outcome, note: "why", acknowledged: [] }, { resolved: false, current: open }, words)).toEqual({ ok: true })
    }
    expect(mayCloseWith({ outcome: "resolved_by_later_check", note: "why", acknowledged: [] }, { resolved: false, current: open }, words))
      .toMatchObject({ ok: false, reason: "not_resolved" })
    expect(mayCloseWith({ outcome: "resolved_by_later_check", note: "why", acknowledged: [] }, { resolved: true, current: [] }, words)).toEqual({ ok: true })
  })
})
