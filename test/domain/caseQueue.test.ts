import { describe, expect, it } from "vitest"
import {
  BULK_MAX, bulkIdsOf, ESCALATION_REASON_MAX, escalationOf, overdueBefore, SAVED_FILTER_NAME_MAX, savedFilterOf, serviceHoursOf,
  serviceStanding, standingWords
} from "../../src/domain/caseQueue.js"

const HOUR = 3_600_000
const opened = new Date("2026-11-20T08:00:00.000Z")

describe("the service level (issue 55 item 4)", () => {
  it("takes whole hours from 1 to 8760, or none (empty); refuses anything else with the rule", () => {
    expect(serviceHoursOf("24")).toEqual({ ok: true, hours: 24 })
    expect(serviceHoursOf(" 1 ")).toEqual({ ok: true, hours: 1 })
    expect(serviceHoursOf(8760)).toEqual({ ok: true, hours: 8760 })
    for (const none of ["", "  ", undefined, null]) expect(serviceHoursOf(none)).toEqual({ ok: true, hours: null })
    for (const bad of ["0", "8761", "-3", "1.5", "2e1", "twelve", "0x10", "24h", 0, 1.5]) {
      const answer = serviceHoursOf(bad)
      expect(answer.ok, String(bad)).toBe(false)
      if (!answer.ok) expect(answer.message).toBe("hours: a whole number of hours from 1 to 8760, or empty for none")
    }
  })

  it("a case is overdue once its hours have passed since it opened, never when closed or with no level", () => {
    const at = (hours: number) => opened.getTime() + hours * HOUR
    expect(serviceStanding(opened, false, 24, at(23.9))).toEqual({ ageHours: 23, dueAt: new Date(at(24)), overdue: false })
    expect(serviceStanding(opened, false, 24, at(24))).toEqual({ ageHours: 24, dueAt: new Date(at(24)), overdue: true })
    expect(serviceStanding(opened, true, 24, at(100)).overdue).toBe(false)
    expect(serviceStanding(opened, false, null, at(1000))).toEqual({ ageHours: 1000, dueAt: null, overdue: false })
    expect(serviceStanding(opened, false, 24, at(-1)).ageHours, "a clock behind the database's: age 0, not negative").toBe(0)
  })

  it("the overdue cut-off is now less the hours; no level, no cut-off", () => {
    expect(overdueBefore(4, opened.getTime())).toEqual(new Date(opened.getTime() - 4 * HOUR))
    expect(overdueBefore(null, opened.getTime())).toBeNull()
  })

  it("says the age against the level, or in hours then days without one", () => {
    expect(standingWords({ ageHours: 5, dueAt: null, overdue: false }, 24)).toBe("5 h of 24 h")
    expect(standingWords({ ageHours: 30, dueAt: null, overdue: true }, 24)).toBe("30 h of 24 h: overdue")
    expect(standingWords({ ageHours: 47, dueAt: null, overdue: false }, null)).toBe("47 h")
    expect(standingWords({ ageHours: 50, dueAt: null, overdue: false }, null)).toBe("2 d")
  })
})

describe("a bulk action's cases", () => {
  it("each once, in the order given; at least one, at most BULK_MAX", () => {
    expect(bulkIdsOf(["b", "a", "b"])).toEqual({ ok: true, ids: ["b", "a"] })
    expect(bulkIdsOf([])).toEqual({ ok: false, message: "case_ids: choose at least one case" })
    expect(bulkIdsOf(Array.from({ length: BULK_MAX }, (_, i) => `c${i}`)).ok).toBe(true)
    expect(bulkIdsOf(Array.from({ length: BULK_MAX + 1 }, (_, i) => `c${i}`))).toEqual({ ok: false, message: `case_ids: at most ${BULK_MAX} cases at once (${BULK_MAX + 1} given)` })
  })
})

describe("an escalation", () => {
  it("needs a reason and goes to a member or to a role that works cases", () => {
    expect(escalationOf(" two registrations ", "mem_abc")).toEqual({ ok: true, reason: "two registrations", to: { type: "member", id: "mem_abc" } })
    expect(escalationOf("why", "role:admin")).toEqual({ ok: true, reason: "why", to: { type: "role", role: "admin" } })
    expect(escalationOf("", "role:admin")).toEqual({ ok: false, message: "reason: say why the case needs someone else" })
    expect(escalationOf("x".repeat(ESCALATION_REASON_MAX + 1), "role:admin").ok).toBe(false)
    expect(escalationOf("why", "role:viewer")).toEqual({ ok: false, message: "to: a role must be owner, admin or analyst" })
    for (const bad of [undefined, "", "admin", "mem_", "mem_a b", "role:"]) expect(escalationOf("why", bad).ok, String(bad)).toBe(false)
  })

})

describe("a saved filter", () => {
  it("keeps its name (spaces collapsed) and only the queue's filters, never a cursor", () => {
    expect(savedFilterOf("  my   overdue ", { overdue: "true", sort: "score", cursor: "abc", limit: "5", status: "" }))
      .toEqual({ ok: true, name: "my overdue", query: "overdue=true&sort=score" })
    expect(savedFilterOf("", {})).toEqual({ ok: false, message: "name: give the filter a name" })
    expect(savedFilterOf("x".repeat(SAVED_FILTER_NAME_MAX + 1), {}).ok).toBe(false)
  })
})
