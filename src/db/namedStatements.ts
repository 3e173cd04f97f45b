import { randomBytes } from "node:crypto"
import type Pg from "pg"

/**
 * Statements planned once per connection: a statement text this process has already run `PREPARE_AFTER` times is
 * sent as a named prepared statement, so each connection parses and analyses it once and PostgreSQL's plan cache
 * keeps its plan (a generic plan once five custom ones showed it is as good), where an unnamed statement is parsed,
 * analysed and planned on every execution. `@effect/sql-pg` sends every statement unnamed; the repositories' texts
 * are fixed for a given shape of input, so a statement is named by its text (as pgjdbc's prepareThreshold does).
 *
 * Bounded: at most `MAX_NAMED` distinct texts are named per process (a text first seen after that stays unnamed),
 * and the counting of texts not yet named forgets everything past `MAX_COUNTED`. Each connection gets a random
 * prefix for its names, so two connections sharing one session (the embedded database's socket front serves every
 * connection from one session) never collide.
 *
 * A pooler must keep a client's named statements on the server connection they were made on: pgbouncer in session
 * mode, or in transaction mode from 1.21 with `max_prepared_statements`; for older transaction poolers the service
 * runs with `DATABASE_PREPARED_STATEMENTS=false` (every statement unnamed, as before).
 */
const PREPARE_AFTER = 2
const MAX_NAMED = 1000
const MAX_COUNTED = 10_000

interface QueryConfig {
  readonly text: string
  readonly values?: ReadonlyArray<unknown>
  readonly name?: string
  readonly rowMode?: string
}

type QueryFn = (config: unknown, values?: unknown, callback?: unknown) => unknown

/** Which texts this process names, and their numbers (shared by every pool of the process). */
const statementNumbers = new Map<string, number>()
const timesSeen = new Map<string, number>()

const numberOf = (text: string): number | undefined => {
  const known = statementNumbers.get(text)
  if (known !== undefined) return known
  if (statementNumbers.size >= MAX_NAMED) return undefined
  const seen = (timesSeen.get(text) ?? 0) + 1
  if (seen < PREPARE_AFTER) {
    if (timesSeen.size >= MAX_COUNTED) timesSeen.clear()
    timesSeen.set(text, seen)
    return undefined
  }
  timesSeen.delete(text)
  const n = statementNumbers.size
  statementNumbers.set(text, n)
  return n
}

const isPlainConfig = (value: unknown): value is QueryConfig =>
  typeof value === "object" && value !== null && typeof (value as { text?: unknown }).text === "string" &&
  typeof (value as { submit?: unknown }).submit !== "function" && (value as { name?: unknown }).name === undefined

/** Makes `client` send repeated parameterised statements by name (see above). Idempotent per client. */
const nameStatementsOf = (client: Pg.PoolClient): void => {
  const marked = client as Pg.PoolClient & { kybNamedStatements?: true }
  if (marked.kybNamedStatements === true) return
  marked.kybNamedStatements = true
  const prefix = `kyb_${randomBytes(4).toString("hex")}_`
  const original = client.query.bind(client) as QueryFn
  const named: QueryFn = (config, values, callback) => {
    if (typeof config === "string" && Array.isArray(values) && values.length > 0) {
      const n = numberOf(config)
      if (n !== undefined) return original({ name: prefix + n, text: config, values }, callback)
    } else if (isPlainConfig(config) && config.values !== undefined && config.values.length > 0) {
      const n = numberOf(config.text)
      if (n !== undefined) return original({ ...config, name: prefix + n }, values, callback)
    }
    return original(config, values, callback)
  }
  client.query = named as typeof client.query
}

/** Every connection `pool` opens sends repeated statements by name. */
export const nameRepeatedStatements = (pool: Pg.Pool): Pg.Pool => {
  pool.on("connect", nameStatementsOf)
  return pool
}
