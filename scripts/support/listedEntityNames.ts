import type { SqlClient } from "effect/sql"

/**
 * Names of entities (not individuals) on the active list versions, `limit` of them in a fixed pseudo-random order:
 * the verify benchmarks' "listed entity name" inputs, which the store does not hold.
 */
export const listedEntityNames = (sql: SqlClient.SqlClient, limit: number) =>
  sql<{ name: string }>`SELECT e.entry->>'name' AS name FROM sanctions_entries e
    JOIN sanctions_versions v ON v.id = e.version_id AND v.active
    WHERE e.entry->>'entity_type' = 'entity' ORDER BY md5(e.entry->>'name') LIMIT ${limit}`
