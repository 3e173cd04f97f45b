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

/**
 * The primary record of the business the company `id` is one record of (company_links, at most one row per company),
 * read with the candidate so that folding hits into businesses costs no round trip of its own.
 */
export const primaryOf = (id: string) => `(SELECT l.primary_id::text FROM company_links l WHERE l.company_id = ${id})`
