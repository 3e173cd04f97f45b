/**
 * What an API key may do (pure). `read`: search, fetch, verify, read; `read_write`: also change something;
 * `audit`: what `read` does, and read the account's audit log (an auditor's key), changing nothing.
 */
export const keyScopes = ["read", "read_write", "audit"] as const
export type KeyScope = typeof keyScopes[number]

export const DEFAULT_KEY_SCOPE: KeyScope = "read_write"

const isKeyScope = (raw: unknown): raw is KeyScope => raw === "read" || raw === "read_write" || raw === "audit"

/** A scope as sent (absent: the default), or what it must be. */
export const checkScope = (raw: unknown): { readonly ok: true; readonly value: KeyScope } | { readonly ok: false; readonly problem: string } =>
  raw === undefined || raw === null || raw === ""
    ? { ok: true, value: DEFAULT_KEY_SCOPE }
    : isKeyScope(raw)
    ? { ok: true, value: raw }
    : { ok: false, problem: "scope: must be read, read_write or audit" }

/** Whether a key of this scope may do an operation that changes something (`writes`) or only reads. */
export const scopeAllows = (scope: KeyScope, writes: boolean): boolean => !writes || scope === "read_write"

/** Whether a key of this scope may read the account's audit log. */
export const scopeReadsAudit = (scope: KeyScope): boolean => scope === "audit"
