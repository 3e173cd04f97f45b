import { SqlClient } from "effect/sql"
import { Effect, Option, Context, Layer } from "effect"

/** SQL of the one-time flash of a session (sql/0230_session_flash.sql). */
export class SessionFlashRepo extends Context.Service<SessionFlashRepo>()("kyb/SessionFlashRepo", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    /** Sets the flash of a live session (false when the session is gone). */
    const put = (tokenHash: string, sealed: Uint8Array) =>
      Effect.map(sql<{ token_sha256: string }>`UPDATE account_sessions SET flash = ${sealed}
        WHERE token_sha256 = ${tokenHash} AND expires_at > now() RETURNING token_sha256`, (rows) => rows.length > 0)
    /** The flash of the session, cleared in the same statement (a second read finds none). */
    const take = (tokenHash: string) =>
      Effect.map(sql<{ flash: Uint8Array | null }>`WITH old AS (
          SELECT token_sha256, flash FROM account_sessions WHERE token_sha256 = ${tokenHash} AND flash IS NOT NULL FOR UPDATE)
        UPDATE account_sessions s SET flash = NULL FROM old WHERE s.token_sha256 = old.token_sha256 RETURNING old.flash`,
        (rows) => Option.fromNullishOr(rows[0]?.flash ?? null))
    return { put, take } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
