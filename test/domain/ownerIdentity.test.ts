import { describe, expect, it } from "vitest"
import { distinctPeopleToScreen, reportsByOwner, sameOwner, samePersonToScreen } from "../../src/domain/ownerIdentity.js"
import { mergeOwners, type SourcedOwner } from "../../src/domain/ownerSources.js"

// Every value each field that could decide identity takes, so every pair of reports below is one case of the rule.
const leis = [null, "SYNTHMU0000000000999", "SYNTHGH0000000000201"] as const
const names = ["Synthetic Parent Holdings Ltd", "SYNTHETIC PARENT HOLDINGS LIMITED"] as const
const kinds = ["entity", "individual", "unknown"] as const
const registered = [null, "Synthetic Parent Holdings Ltd", "SPH Ltd"] as const

const reports: ReadonlyArray<SourcedOwner> = leis.flatMap((lei) => names.flatMap((name) => kinds.flatMap((kind) => registered.map((name_as_registered) => ({
  name, name_as_registered, kind, lei, nationality: null, share_pct: null, voting_pct: null, notified_on: null,
  source: "synthetic", last_verified_at: "2026-11-20T00:00:00.000Z", relationship: null
})))))
const person = (r: SourcedOwner) => ({ name: r.name, kind: r.kind, registered_as: r.name_as_registered, lei: r.lei })
const pairs = reports.flatMap((a, i) => reports.map((b, j) => ({ a, b, i, j })))

describe("the same owner: one rule for the record's owners and the people a verification screens", () => {
  it("two reports are one owner exactly when both give the same LEI; one person to screen when also named alike", () => {
    expect(reports).toHaveLength(54)
    for (const { a, b } of pairs) {
      const bothLei = a.lei !== null && a.lei === b.lei
      expect(sameOwner(a, b), JSON.stringify([a, b])).toBe(bothLei)
      expect(samePersonToScreen(person(a), person(b)), JSON.stringify([a, b]))
        .toBe(bothLei && a.name === b.name && a.kind === b.kind && a.name_as_registered === b.name_as_registered)
    }
  })

  it("an officer (no LEI) is never one person with another, an absent LEI or registered name is an empty one", () => {
    const officer = { name: "A Person", kind: "individual" }
    expect(samePersonToScreen(officer, officer)).toBe(false)
    expect(samePersonToScreen({ ...officer, lei: "SYNTHMU0000000000999" }, { ...officer, lei: "SYNTHMU0000000000999", registered_as: null })).toBe(true)
  })

  it("the record merges each pair of reports, and a verification screens it once, exactly where the rule says", () => {
    for (const { a, b, i, j } of pairs) {
      if (i === j) continue
      const second = { ...b, source: "second" }
      expect(mergeOwners([a, second]).length, JSON.stringify([a, b])).toBe(sameOwner(a, b) ? 1 : 2)
      expect(distinctPeopleToScreen([person(a), person(second)]).length, JSON.stringify([a, b])).toBe(samePersonToScreen(person(a), person(b)) ? 1 : 2)
    }
  })

  it("groups keep the order given: each owner where its first report was, the first report of a person kept", () => {
    const [x, y, z] = [reports[27]!, reports[0]!, reports[45]!]
    const again = { ...x, source: "again" }
    expect(reportsByOwner([x, y, again, z])).toEqual([[x, again], [y], [z]])
    const named = [person(x), person(y), { ...person(again), name: "Another Name" }, person(again)]
    expect(distinctPeopleToScreen(named)).toEqual([named[0], named[1], named[2]])
    expect(distinctPeopleToScreen(named)[0]).toBe(named[0])
  })
})
