import { Schema } from "effect"
import { CursorParam, IntegerFromQuery } from "./params.js"
import { optionalField } from "./stated.js"

/** `?key_id=`: an account's list narrowed to what one of its keys made. */
export const KeyIdParam = Schema.String.annotate({ description: "Only this key's" }).check(
  Schema.isPattern(/^key_[0-9a-f]{12}$/u, { message: "must be the id of one of this account's keys (key_ and 12 hex digits)" })
)

const limitParam = (fallback: number) => IntegerFromQuery(1, 100, { default: fallback, description: "Page size" })

// The Effect 3 document states the cursor as CursorParam does: "The `next_cursor` of the page before" never reached it.
const cursorParam = CursorParam

/** Paging of an account's lists: newest first, `limit` a page, `cursor` from the page before. */
export const PageParams = (fallback: number) =>
  Schema.Struct({ limit: optionalField(limitParam(fallback)), cursor: optionalField(cursorParam), key_id: optionalField(KeyIdParam) })

export const NextCursor = Schema.NullOr(Schema.String).annotate({ description: "Pass as `cursor` for the next page; null at the end" })
