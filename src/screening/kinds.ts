import type { EntityType } from "../sanctions/model.js"

export type SubjectKind = "person" | "organisation" | "vessel" | "unknown"

/** The kinds of listed entries a name of a given kind is screened against; unknown: every kind. */
export const entityTypesOf = (kind: SubjectKind): ReadonlyArray<EntityType> =>
  kind === "person" ? ["individual"]
  : kind === "organisation" ? ["entity"]
  : kind === "vessel" ? ["vessel"]
  : ["individual", "entity", "vessel", "aircraft"]
