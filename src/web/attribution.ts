import type { Attribution } from "../access/actor.js"

/** Who did it, in words for a page: the member's name, or the key (its label), as of the action. */
export const attributionWords = (by: Attribution | null | undefined): string =>
  by === null || by === undefined ? "not recorded" : by.type === "member" ? by.name : `API key ${by.label ?? by.id}`
