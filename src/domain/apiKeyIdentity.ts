import type { KeyScope } from "./keyScope.js"

/** The API key a request came with, as authentication reads it (with what its account settles for every request). */
export interface ApiKeyIdentity {
  readonly id: string
  /** The label its maker gave it (credited with what it does, as of then). */
  readonly label: string | null
  /** The account the key belongs to: the tenant that owns what the key makes and sees. */
  readonly accountId: string
  readonly plan: "free" | "starter" | "growth" | "unlimited"
  /** Requests per calendar month (UTC); null when unlimited. */
  readonly monthlyQuota: number | null
  /** `read` keys cannot change anything (403 insufficient_scope); chosen when the key is made. */
  readonly scope: KeyScope
  /** The account's stored choice of screening lists, read with the key (null: every list). */
  readonly screeningLists: ReadonlyArray<string> | null
  /** Whether the account had any reviewer decision in force when the key was read (none: no hit can be decided). */
  readonly decisionsRecorded: boolean
}
