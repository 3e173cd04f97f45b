import { describe, expect, it } from "vitest"
import { decideVerdict, type VerdictEvidence } from "../../src/domain/verdictPolicy.js"

const clean: VerdictEvidence = {
  resolved: true,
  matchConfidence: 1,
  status: "active",
  sanctions: "clear",
  listsStale: false,
  debarred: false,
  nameMismatch: false,
  ambiguous: false,
  registryUnreachable: false,
  registryConfirmed: true,
  registryNotCovered: false
}
const nothing: VerdictEvidence = { ...clean, resolved: false, matchConfidence: 0, status: null }

describe("decideVerdict", () => {
  it.each([
    ["resolved, exact, active, clear", clean, "verified", null],
    ["confidence exactly at the bar", { ...clean, matchConfidence: 0.9 }, "verified", null],
    ["confidence just under the bar", { ...clean, matchConfidence: 0.89 }, "review", "low_match_confidence"],
    ["sanctions match", { ...clean, sanctions: "match" }, "review", "sanctions_match"],
    ["sanctions potential match", { ...clean, sanctions: "potential_match" }, "review", "sanctions_match"],
    ["lists unavailable", { ...clean, sanctions: "unavailable" }, "review", "sanctions_unavailable"],
    ["a list screened is stale", { ...clean, listsStale: true }, "review", "lists_stale"],
    ["stale list and a match", { ...clean, listsStale: true, sanctions: "match" }, "review", "sanctions_match"],
    ["stale list but no list available at all", { ...clean, listsStale: true, sanctions: "unavailable" }, "review", "sanctions_unavailable"],
    ["nothing resolved, lists stale: never not_found", { ...nothing, listsStale: true }, "review", "lists_stale"],
    ["debarment in force", { ...clean, debarred: true }, "review", "debarred"],
    ["sanctions match and debarred", { ...clean, sanctions: "match", debarred: true }, "review", "sanctions_match"],
    ["nothing resolved, name debarred", { ...nothing, debarred: true }, "review", "debarred"],
    ["name mismatch", { ...clean, nameMismatch: true }, "review", "name_mismatch"],
    ["dissolved", { ...clean, status: "dissolved" }, "review", "status_dissolved"],
    ["dormant", { ...clean, status: "dormant" }, "review", "status_dormant"],
    ["status unknown", { ...clean, status: "unknown" }, "review", "status_unknown"],
    ["status not published", { ...clean, status: null }, "review", "status_unknown"],
    ["registry unreachable while resolved", { ...clean, registryUnreachable: true }, "review", "registry_unreachable"],
    ["nothing resolved, all checked, clear", nothing, "not_found", null],
    ["nothing resolved, name on a list", { ...nothing, sanctions: "match" }, "review", "sanctions_match"],
    ["nothing resolved, lists unavailable", { ...nothing, sanctions: "unavailable" }, "review", "sanctions_unavailable"],
    ["nothing resolved, registry down", { ...nothing, registryUnreachable: true }, "review", "registry_unreachable"],
    ["several close candidates", { ...nothing, ambiguous: true }, "review", "ambiguous_match"]
  ] as const)("%s", (_name, evidence, result, reason) => {
    const decision = decideVerdict(evidence)
    expect(decision.result).toBe(result)
    expect(decision.reviewReason).toBe(reason)
    expect(decision.reviewReasons[0] ?? null).toBe(reason)
  })

  it("orders every applicable reason and names the first", () => {
    const decision = decideVerdict({
      ...clean,
      sanctions: "unavailable",
      nameMismatch: true,
      matchConfidence: 0.5,
      status: "dormant",
      registryUnreachable: true
    })
    expect(decision.result).toBe("review")
    expect(decision.reviewReasons).toEqual([
      "sanctions_unavailable",
      "name_mismatch",
      "low_match_confidence",
      "status_dormant",
      "registry_unreachable"
    ])
  })

  it("never says verified without a clear screening", () => {
    for (const sanctions of ["potential_match", "match", "unavailable"] as const) {
      expect(decideVerdict({ ...clean, sanctions }).result).toBe("review")
    }
  })
})

describe("review reasons", () => {
  it("the contract's ReviewReason literals are exactly the policy's reasons, in order", async () => {
    const { ReviewReason } = await import("../../src/domain/schemas/Verdict.js")
    const { reviewReasonOrder } = await import("../../src/domain/verdictPolicy.js")
    expect([...ReviewReason.literals]).toEqual([...reviewReasonOrder])
  })
})
