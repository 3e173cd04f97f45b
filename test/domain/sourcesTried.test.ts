import { describe, expect, it } from "@effect/vitest"
import { type SourceAttempt, sourcesTried, type SourcesTriedInput } from "../../src/domain/sourcesTried.js"

/** Which sources a verification tried, and what each could confirm (issue 54): the pure rule. */

const base: SourcesTriedInput = {
  registries: ["ng-cac"],
  asked: "name",
  attempts: [],
  storeAnswered: false,
  withinTtl: false,
  ownSearch: () => "on",
  gleifOn: true,
  confirms: (source) => source === "gleif" ? ["status", "owners"] : ["registered", "status"]
}

const attempt = (source: string, answer: SourceAttempt["answer"], registry = "ng-cac"): SourceAttempt =>
  ({ source, registry, asked: "name", answer })

describe("sourcesTried", () => {
  it("gives each registry's own search, then GLEIF, with what each can confirm", () => {
    const tried = sourcesTried({ ...base, attempts: [attempt("ng-cac", "found"), attempt("gleif", "not_found")] })
    expect(tried).toEqual([
      { source: "ng-cac", asked: "name", outcome: "found", reason: null, can_confirm: ["registered", "status"] },
      { source: "gleif", asked: "name", outcome: "not_found", reason: null, can_confirm: ["status", "owners"] }
    ])
  })

  it("says why a source was not asked: no live source, not configured, GLEIF off", () => {
    const tried = sourcesTried({ ...base, registries: ["gh-orc", "ke-brs"], gleifOn: false, ownSearch: (r) => r === "gh-orc" ? "none" : "off" })
    expect(tried.map((t) => [t.source, t.outcome, t.reason])).toEqual([
      ["gh-orc", "not_asked", "no_live_source"],
      ["ke-brs", "not_asked", "not_configured"],
      ["gleif", "not_asked", "not_configured"]
    ])
    expect(tried.every((t) => t.asked === null)).toBe(true)
  })

  it("reads a refused call (breaker open) as not asked, and another failure as failed with its reason", () => {
    const open = sourcesTried({ ...base, attempts: [attempt("ng-cac", { failed: "circuit_open" }), attempt("gleif", { failed: "timeout" })] })
    expect(open.map((t) => [t.source, t.asked, t.outcome, t.reason])).toEqual([
      ["ng-cac", null, "not_asked", "breaker_open"],
      ["gleif", "name", "failed", "timeout"]
    ])
  })

  it("prefers found over failed over not_found when one source answered several questions", () => {
    const found = sourcesTried({ ...base, registries: ["ng-cac"], attempts: [attempt("gleif", "not_found"), attempt("gleif", "found")] })
    expect(found.at(-1)?.outcome).toBe("found")
    const failed = sourcesTried({ ...base, attempts: [attempt("gleif", "not_found"), attempt("gleif", { failed: "decode" })] })
    expect([failed.at(-1)?.outcome, failed.at(-1)?.reason]).toEqual(["failed", "decode"])
  })

  it("says a source switched on was not asked because the store answered, it answered lately, or it cannot look it up", () => {
    const reasons = (input: Partial<SourcesTriedInput>) => sourcesTried({ ...base, ...input }).map((t) => t.reason)
    expect(reasons({ storeAnswered: true })).toEqual(["answered_from_store", "answered_from_store"])
    expect(reasons({ withinTtl: true })).toEqual(["answered_within_ttl", "answered_within_ttl"])
    expect(reasons({})).toEqual(["not_searchable", "not_searchable"])
  })

  it("counts GLEIF's answers for the registries in scope only (or asked about every one), and unites what it confirms", () => {
    const tried = sourcesTried({
      ...base,
      registries: ["ke-brs", "gh-orc"],
      attempts: [attempt("gleif", "found", "ng-cac"), attempt("gleif", "not_found", "*")],
      confirms: (source, registry) => source !== "gleif" ? [] : registry === "ke-brs" ? ["registered", "owners"] : ["status", "owners"]
    })
    expect(tried.at(-1)).toEqual({ source: "gleif", asked: "name", outcome: "not_found", reason: null, can_confirm: ["registered", "status", "owners"] })
  })

  it("lists nothing when no registry is in scope", () => {
    expect(sourcesTried({ ...base, registries: [] })).toEqual([])
  })
})
