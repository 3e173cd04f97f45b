import { SqlClient } from "effect/sql"
import { Effect, Context, Layer } from "effect"

/** SQL of the lists an account screens against (`accounts.screening_lists`; NULL: every list). */
export class ScreeningListsRepo extends Context.Service<ScreeningListsRepo>()("kyb/ScreeningListsRepo", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    /** The account's choice, or null (every list). */
    const ofAccount = (accountId: string) =>
      Effect.map(
        sql<{ screening_lists: ReadonlyArray<string> | null }>`SELECT screening_lists FROM accounts WHERE id = ${accountId}`,
        (rows) => rows[0]?.screening_lists ?? null
      ).pipe(Effect.orDie)

    /** Stores the choice (null: back to every list). */
    const set = (accountId: string, lists: ReadonlyArray<string> | null) =>
      sql`UPDATE accounts SET screening_lists = ${lists === null ? null : [...lists]}::text[] WHERE id = ${accountId}`.pipe(Effect.orDie, Effect.asVoid)

    return { ofAccount, set } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
