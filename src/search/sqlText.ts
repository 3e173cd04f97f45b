import type { SqlClient } from "effect/sql"

/** Pieces of SQL text the search statements share. */

export type Sql = SqlClient.SqlClient

const LIKE_SPECIAL = /[\\%_]/g
export const escapeLike = (s: string) => s.replace(LIKE_SPECIAL, "\\$&")

export const scopeOf = (sql: Sql, country: string | undefined) =>
  country === undefined ? sql`` : sql` AND c.country = ${country}`

/** Characters (code points) of a string: the length SQL's length() gives, so scores agree on both sides. */
export const charLength = (s: string): number => {
  let n = 0
  for (const _ of s) n++
  return n
}
