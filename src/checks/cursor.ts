import { decodeCursor, encodeCursor } from "../api/schemas/params.js"

/** Cursors are read and checked where the parameters are (a cursor that is not one of ours is a 400 there). */
export { decodeCursor, encodeCursor }

/** The id a page starts after (null: the first page); a cursor reaching here was checked by the route's schema. */
export const afterIdOf = (cursor: string | undefined): string | null =>
  cursor === undefined ? null : decodeCursor(cursor)?.id ?? ""

/**
 * One page of a keyset-paged list read with `limit + 1` rows: the rows shown, and the cursor of the next page when
 * the extra row says there is one.
 */
export const keysetPage = <R extends { readonly id: string; readonly created_at: Date | string }>(
  rows: ReadonlyArray<R>,
  limit: number
): { readonly shown: ReadonlyArray<R>; readonly nextCursor: string | null } => {
  const shown = rows.slice(0, limit)
  const last = shown.at(-1)
  return { shown, nextCursor: rows.length > limit && last !== undefined ? encodeCursor(new Date(last.created_at), last.id) : null }
}
