import { isDebarmentList, type ListId, listDisplayName, listOrder } from "../sanctions/model.js"

/** A stored choice read back: known lists only, in list order; none stored (or none known left): every list. */
export const effectiveLists = (stored: ReadonlyArray<string> | null): ReadonlyArray<ListId> => {
  const chosen = stored === null ? [] : listOrder.filter((l) => stored.includes(l))
  return chosen.length === 0 ? listOrder : chosen
}

/** Reads a requested choice: `null` (every list) or a non-empty array of known list ids. */
export const readChoice = (value: unknown): { readonly lists: ReadonlyArray<ListId> | null } | { readonly error: string } => {
  const message = `lists: must be null (every list) or a non-empty array of list ids (${listOrder.join(", ")})`
  if (value === null) return { lists: null }
  if (!Array.isArray(value) || value.length === 0 || value.length > listOrder.length * 2) return { error: message }
  const unknown = value.filter((v) => typeof v !== "string" || !(listOrder as ReadonlyArray<string>).includes(v))
  if (unknown.length > 0) return { error: message }
  return { lists: listOrder.filter((l) => value.includes(l)) }
}

/** The lists as an account sees them: each with its name, its kind and whether the account screens it. */
export const describeLists = (lists: ReadonlyArray<ListId>, custom: boolean) => ({
  custom,
  lists: listOrder.map((id) => ({
    id,
    name: listDisplayName[id],
    kind: isDebarmentList(id) ? "debarment" : "sanctions",
    screened: lists.includes(id)
  }))
})
