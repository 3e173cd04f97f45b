import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/** SQL of the lists an account screens against (`accounts.screening_lists`; NULL: every list). */
export class ScreeningListsRepo extends Effect.Service<ScreeningListsRepo>()("kyb/ScreeningListsRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    /** The account's choice, or null (every list). */
    const ofAccount = (accountId: string) =>
      Effect.map(
        sql<{ screening_lists: ReadonlyArray<string> | null }>`SELECT screening_lists FROM accounts WHERE id = ${accountId}`,
        (rows) => rows[0]?.screening_lists ?? null
      ).pipe(Effect.orDie)

    /** The choice of the account that owns a key; null for a key of no account (the operator's) or no choice. */
    const ofKey = (keyId: string) =>
      Effect.map(
        sql<{ screening_lists: ReadonlyArray<string> | null }>`
          SELECT a.screening_lists FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.id = ${keyId}`,
        (rows) => rows[0]?.screening_lists ?? null
      ).pipe(Effect.orDie)

    /** Stores the choice (null: back to every list). */
    const set = (accountId: string, lists: ReadonlyArray<string> | null) =>
      sql`UPDATE accounts SET screening_lists = ${lists === null ? null : [...lists]}::text[] WHERE id = ${accountId}`.pipe(Effect.orDie, Effect.asVoid)

    return { ofAccount, ofKey, set } as const
  })
}) {}
