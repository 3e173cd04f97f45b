import { Effect } from "effect"
import type { PageParams } from "../access/actor.js"
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

/**
 * A keyset page of an account's list: `read` gets the rows after the cursor's (one more than the page, newest first),
 * narrowed to one key when `key_id` is given; the rows shown and the next cursor.
 */
export const readKeysetPage = <R extends { readonly id: string; readonly created_at: Date | string }, Err, Req>(
  params: PageParams,
  fallbackLimit: number,
  read: (query: { readonly keyId: string | null; readonly afterId: string | null; readonly limit: number }) => Effect.Effect<ReadonlyArray<R>, Err, Req>
) => {
  const limit = params.limit ?? fallbackLimit
  return Effect.map(read({ keyId: params.key_id ?? null, afterId: afterIdOf(params.cursor), limit: limit + 1 }), (rows) => keysetPage(rows, limit))
}
