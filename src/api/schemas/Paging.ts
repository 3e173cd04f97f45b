import { Schema } from "effect"
import { CursorParam } from "./params.js"

/** `?key_id=`: an account's list narrowed to what one of its keys made. */
export const KeyIdParam = Schema.String.pipe(
  Schema.pattern(/^key_[0-9a-f]{12}$/, { message: () => "must be the id of one of this account's keys (key_ and 12 hex digits)" })
).annotations({ description: "Only this key's" })

const limitParam = (fallback: number) =>
  Schema.NumberFromString.pipe(
    Schema.int({ message: () => "must be an integer" }),
    Schema.between(1, 100, { message: () => "must be between 1 and 100" })
  ).annotations({ jsonSchema: { type: "integer", minimum: 1, maximum: 100, default: fallback, description: "Page size" } })

const cursorParam = CursorParam.annotations({ description: "The `next_cursor` of the page before" })

/** Paging of an account's lists: newest first, `limit` a page, `cursor` from the page before. */
export const PageParams = (fallback: number) =>
  Schema.Struct({ limit: Schema.optional(limitParam(fallback)), cursor: Schema.optional(cursorParam), key_id: Schema.optional(KeyIdParam) })

export const NextCursor = Schema.NullOr(Schema.String).annotations({ description: "Pass as `cursor` for the next page; null at the end" })
