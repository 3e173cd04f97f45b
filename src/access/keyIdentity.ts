import type { SqlClient } from "effect/sql"
import type { ApiKeyIdentity } from "../domain/apiKeyIdentity.js"
import type { KeyScope } from "../domain/keyScope.js"
import { monthlyQuota, type Plan } from "../domain/quotaWindow.js"

/** A key as the statements that identify one read it (aliased `k`), with its account's settings. */
export interface KeyIdentityRow {
  readonly id: string
  readonly label: string | null
  readonly account_id: string
  readonly plan: Plan
  readonly scope: KeyScope
  readonly quota_override: string | null
  readonly screening_lists: ReadonlyArray<string> | null
  readonly decisions_recorded: boolean
}

/**
 * The columns of a key row aliased `k`, with what a verification needs of its account (read in the same statement,
 * so a request pays no look-up of its own for them): the account's screening lists, and whether it has any reviewer
 * decision in force.
 */
export const keyIdentityColumns = (sql: SqlClient.SqlClient) =>
  sql`k.id, k.label, k.account_id, k.plan, k.scope, k.quota_override::text AS quota_override,
    (SELECT a.screening_lists FROM accounts a WHERE a.id = k.account_id) AS screening_lists,
    EXISTS (SELECT 1 FROM decisions d WHERE d.account_id = k.account_id AND d.superseded_by IS NULL) AS decisions_recorded`

export const identityOf = (row: KeyIdentityRow): ApiKeyIdentity => ({
  id: row.id,
  label: row.label,
  accountId: row.account_id,
  plan: row.plan,
  scope: row.scope,
  monthlyQuota: monthlyQuota(row.plan, row.quota_override === null ? null : Number(row.quota_override)),
  screeningLists: row.screening_lists,
  decisionsRecorded: row.decisions_recorded
})
