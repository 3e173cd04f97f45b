import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { relationshipOfRow } from "../../../src/companies/ingest/gleif/relationshipRow.js"

/** Synthetic relationship records (invented LEIs), as the CSV's cells. */
const cells = (type: string, status = "ACTIVE", registration = "PUBLISHED", child = "SYNTHKE0000000000951") => ({
  "relationship.startnode.nodeid": child,
  "relationship.endnode.nodeid": "synthmu0000000000952",
  "relationship.relationshiptype": type,
  "relationship.relationshipstatus": status,
  "registration.registrationstatus": registration,
  "registration.lastupdatedate": "2026-05-01T08:00:00Z"
})

describe("a level-2 relationship record", () => {
  it("direct and ultimate consolidation, current only when ACTIVE and maintained", () => {
    const direct = relationshipOfRow(cells("IS_DIRECTLY_CONSOLIDATED_BY"))
    assert.deepStrictEqual(Result.getOrThrow(direct), {
      child: "SYNTHKE0000000000951", parent: "SYNTHMU0000000000952", relationship: "direct", current: true, lastUpdateDate: "2026-05-01T08:00:00Z"
    })
    assert.strictEqual(Result.getOrThrow(relationshipOfRow(cells("IS_ULTIMATELY_CONSOLIDATED_BY", "ACTIVE", "PENDING_TRANSFER")))?.current, true)
    for (const [status, registration] of [["ACTIVE", "LAPSED"], ["ACTIVE", "RETIRED"], ["ACTIVE", "ANNULLED"], ["INACTIVE", "PUBLISHED"]] as const) {
      assert.strictEqual(Result.getOrThrow(relationshipOfRow(cells("IS_ULTIMATELY_CONSOLIDATED_BY", status, registration)))?.current, false, `${status} ${registration}`)
    }
  })

  it("branch and fund relationships name no owner; a record without LEIs or type is refused with why", () => {
    assert.isNull(Result.getOrThrow(relationshipOfRow(cells("IS_INTERNATIONAL_BRANCH_OF"))))
    assert.isNull(Result.getOrThrow(relationshipOfRow(cells("IS_FUND-MANAGED_BY"))))
    const bad = relationshipOfRow(cells("IS_DIRECTLY_CONSOLIDATED_BY", "ACTIVE", "PUBLISHED", "NOT-AN-LEI"))
    assert.isTrue(Result.isFailure(bad))
    if (Result.isFailure(bad)) assert.include(bad.failure, "start node")
    assert.isTrue(Result.isFailure(relationshipOfRow({ ...cells(""), "relationship.relationshiptype": "" })))
  })
})
