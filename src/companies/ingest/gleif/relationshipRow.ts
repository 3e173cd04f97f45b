import { Result } from "effect"
import { cell } from "./goldenCopyRow.js"

/**
 * One record of GLEIF's level-2 relationship golden copy (RR-CDF 2.1, CSV or JSON read as its CSV's cells:
 * `Relationship.StartNode.NodeID` the child's LEI, `Relationship.EndNode.NodeID` the parent's,
 * `Relationship.RelationshipType`, `Relationship.RelationshipStatus`, `Registration.RegistrationStatus`). Pure.
 */
export interface GleifRelationship {
  readonly child: string
  readonly parent: string
  readonly relationship: "direct" | "ultimate"
  /**
   * The relationship holds now: ACTIVE, and its record maintained (PUBLISHED, or pending a transfer or archival). A
   * lapsed, retired, annulled ... record or an INACTIVE relationship is no current owner.
   */
  readonly current: boolean
  readonly lastUpdateDate: string | null
}

const CONSOLIDATION = { IS_DIRECTLY_CONSOLIDATED_BY: "direct", IS_ULTIMATELY_CONSOLIDATED_BY: "ultimate" } as const

const MAINTAINED = new Set(["PUBLISHED", "PENDING_TRANSFER", "PENDING_ARCHIVAL"])

const LEI = /^[A-Z0-9]{18}[0-9]{2}$/

/**
 * The parent relationship a record states; null for a relationship that is not accounting consolidation (an
 * international branch, a fund's manager, a sub-fund or feeder): those name no owner.
 */
export const relationshipOfRow = (cells: Readonly<Record<string, string>>): Result.Result<GleifRelationship | null, string> => {
  const at = (name: string) => cell(cells, name)
  const child = at("Relationship.StartNode.NodeID")?.toUpperCase() ?? null
  const parent = at("Relationship.EndNode.NodeID")?.toUpperCase() ?? null
  const type = at("Relationship.RelationshipType")
  if (child === null || !LEI.test(child)) return Result.fail(`start node ${JSON.stringify(child ?? "")} is not an LEI`)
  if (parent === null || !LEI.test(parent)) return Result.fail(`end node ${JSON.stringify(parent ?? "")} is not an LEI`)
  if (type === null) return Result.fail("no Relationship.RelationshipType")
  const relationship = CONSOLIDATION[type as keyof typeof CONSOLIDATION]
  if (relationship === undefined) return Result.succeed(null)
  const status = at("Relationship.RelationshipStatus")
  const registration = at("Registration.RegistrationStatus")
  if (status === null || registration === null) return Result.fail("no Relationship.RelationshipStatus or Registration.RegistrationStatus")
  return Result.succeed({
    child,
    parent,
    relationship,
    current: status === "ACTIVE" && MAINTAINED.has(registration),
    lastUpdateDate: at("Registration.LastUpdateDate")
  })
}
