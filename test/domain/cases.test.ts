import { describe, expect, it } from "vitest"
import {
  caseOutcomes, caseStatuses, caseSubjectKey, decisionStatusOf, decisionStatusWords, DEFAULT_FOUR_EYES, hitKey, inForceApproval, mayReview, mayWithdraw, reviewNoteOf, mergeFindings, moveCase, needsSecondLook
} from "../../src/domain/cases.js"

describe("the case status machine", () => {
  it("open → in progress → escalated → closed, and a closed case only reopens", () => {
    expect(moveCase("open", { type: "start" })).toMatchObject({ ok: true, status: "in_progress" })
    expect(moveCase("in_progress", { type: "escalate" })).toMatchObject({ ok: true, status: "escalated" })
    expect(moveCase("open", { type: "escalate" })).toMatchObject({ ok: true, status: "escalated" })
    expect(moveCase("escalated", { type: "close", outcome: "confirmed_match", text: "the listed bank itself" }))
      .toEqual({ ok: true, status: "closed", outcome: "confirmed_match", outcomeText: "the listed bank itself" })
    expect(moveCase("closed", { type: "reopen" })).toMatchObject({ ok: true, status: "open", outcome: null })
  })

  it("every status and move: what is refused says why", () => {
    const moves = [
      { type: "start" }, { type: "escalate" }, { type: "reopen" }, { type: "close", outcome: "cleared", text: "no match" }
    ] as const
    const allowed = caseStatuses.flatMap((s) => moves.filter((m) => moveCase(s, m).ok).map((m) => `${s}:${m.type}`))
    expect(allowed).toEqual([
      "open:start", "open:escalate", "open:close",
      "in_progress:escalate", "in_progress:close",
      "escalated:close",
      "closed:reopen"
    ])
    for (const s of caseStatuses) {
      for (const m of moves) {
        const result = moveCase(s, m)
        if (!result.ok) expect(result.message.length).toBeGreaterThan(10)
      }
    }
  })

  it("every outcome needs its note (issue 55); every outcome closes with one; a text past the limit is refused", () => {
    expect(moveCase("open", { type: "close", outcome: "other", text: "  " })).toMatchObject({ ok: false })
    expect(moveCase("open", { type: "close", outcome: "other", text: " duplicate customer " }))
      .toEqual({ ok: true, status: "closed", outcome: "other", outcomeText: "duplicate customer" })
    for (const outcome of caseOutcomes) {
      expect(moveCase("in_progress", { type: "close", outcome, text: null })).toMatchObject({ ok: false })
      expect(moveCase("in_progress", { type: "close", outcome, text: " " })).toMatchObject({ ok: false })
      expect(moveCase("in_progress", { type: "close", outcome, text: "why" })).toMatchObject({ ok: true, outcome, outcomeText: "why" })
    }
    expect(moveCase("open", { type: "close", outcome: "cleared", text: "x".repeat(2001) })).toMatchObject({ ok: false })
  })
})

describe("a case's subject and reopening", () => {
  it("a business by country and number, else the name read with its country", () => {
    expect(caseSubjectKey({ company: { country: "ng", id: "RC 208767" }, name: "Dangote", country: "NG" })).toBe("company:NG:RC 208767")
    expect(caseSubjectKey({ company: null, name: "Great Lakes Business", country: "cd" })).toBe("name:CD:great lakes business")
    expect(caseSubjectKey({ company: null, name: "Acme", country: null })).toBe("name:-:acme")
    expect(caseSubjectKey({ company: null, name: "", country: "NG" })).toBeNull()
    expect(caseSubjectKey({ company: null, name: null, country: "NG" })).toBeNull()
  })

  it("findings merge in first-seen order (reopening: test/domain/caseFlow.test.ts)", () => {
    const seen = { reasons: ["sanctions_match"], hits: [hitKey({ list: "ofac_sdn", entry_id: "1" })] }
    expect(mergeFindings(seen, { reasons: ["status_unknown", "sanctions_match"], hits: ["un_sc:9"] }))
      .toEqual({ reasons: ["sanctions_match", "status_unknown"], hits: ["ofac_sdn:1", "un_sc:9"] })
  })
})

describe("four eyes", () => {
  const on = { score: 0.8, screenedName: "acme trading", matchedName: "acme holdings" }

  it("a false positive at or above the threshold, or on an exact name, needs a second member", () => {
    expect(needsSecondLook(DEFAULT_FOUR_EYES, "false_positive", { ...on, score: 0.95 })).toBe(true)
    expect(needsSecondLook(DEFAULT_FOUR_EYES, "false_positive", { ...on, score: 0.9499 })).toBe(false)
    expect(needsSecondLook(DEFAULT_FOUR_EYES, "false_positive", { ...on, matchedName: "acme trading" })).toBe(true)
    expect(needsSecondLook(DEFAULT_FOUR_EYES, "confirmed", { ...on, score: 1 })).toBe(false)
    expect(needsSecondLook({ enabled: false, threshold: 0.95 }, "false_positive", { ...on, score: 1 })).toBe(false)
    expect(needsSecondLook({ enabled: true, threshold: 0.7 }, "false_positive", on)).toBe(true)
    expect(needsSecondLook(DEFAULT_FOUR_EYES, "false_positive", { score: 0.5, screenedName: "", matchedName: "" })).toBe(false)
  })

  it("only a pending decision, by another member than its proposer (whatever door they used), with the power to decide", () => {
    const alice = "mem_a"
    expect(mayReview("pending", alice, { type: "member", id: "mem_b", canDecide: true })).toEqual({ ok: true })
    expect(mayReview("pending", alice, { type: "member", id: "mem_a", canDecide: true })).toMatchObject({ ok: false, reason: "own" })
    expect(mayReview("pending", alice, { type: "member", id: "mem_b", canDecide: false })).toMatchObject({ ok: false, reason: "role" })
    expect(mayReview("pending", alice, { type: "key", id: "key_1", canDecide: true })).toMatchObject({ ok: false, reason: "not_a_member" })
    for (const state of ["approved", "rejected", "not_needed", "withdrawn"] as const) {
      expect(mayReview(state, alice, { type: "member", id: "mem_b", canDecide: true })).toMatchObject({ ok: false, reason: "not_pending" })
    }
    // a proposal made with a key nobody is known to have made (the operator's CLI): any member may review it
    expect(mayReview("pending", null, { type: "member", id: "mem_b", canDecide: true })).toEqual({ ok: true })
  })

  it("only its proposer withdraws a proposal, while it is pending", () => {
    expect(mayWithdraw("pending", "mem_a", "mem_a")).toEqual({ ok: true })
    expect(mayWithdraw("pending", "mem_a", "mem_b")).toMatchObject({ ok: false, reason: "not_yours" })
    expect(mayWithdraw("pending", "mem_a", null)).toMatchObject({ ok: false, reason: "not_yours" })
    expect(mayWithdraw("pending", null, null)).toMatchObject({ ok: false, reason: "not_yours" })
    for (const state of ["approved", "rejected", "not_needed", "withdrawn"] as const) {
      expect(mayWithdraw(state, "mem_a", "mem_a")).toMatchObject({ ok: false, reason: "not_pending" })
    }
  })

  it("a decision's status in one word, and in words", () => {
    expect(decisionStatusOf({ approval: "pending", superseded_by: null })).toBe("pending")
    expect(decisionStatusOf({ approval: "rejected", superseded_by: null })).toBe("rejected")
    expect(decisionStatusOf({ approval: "withdrawn", superseded_by: null })).toBe("withdrawn")
    expect(decisionStatusOf({ approval: "approved", superseded_by: null })).toBe("in_force")
    expect(decisionStatusOf({ approval: "not_needed", superseded_by: null })).toBe("in_force")
    expect(decisionStatusOf({ approval: "not_needed", superseded_by: "d2" })).toBe("superseded")
    expect(decisionStatusWords.pending).toBe("pending: not in force")
    expect(decisionStatusWords.rejected).toBe("rejected")
  })

  it("a second look's note is required", () => {
    expect(reviewNoteOf("  ")).toMatchObject({ ok: false })
    expect(reviewNoteOf(undefined)).toMatchObject({ ok: false })
    expect(reviewNoteOf("x".repeat(2001))).toMatchObject({ ok: false })
    expect(reviewNoteOf(" checked the passport ")).toEqual({ ok: true, note: "checked the passport" })
  })

  it("only decisions that needed no approval, or got it, are in force", () => {
    expect([inForceApproval("not_needed"), inForceApproval("approved"), inForceApproval("pending"), inForceApproval("rejected"), inForceApproval("withdrawn")])
      .toEqual([true, true, false, false, false])
  })
})
