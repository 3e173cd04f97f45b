import { SqlClient } from "@effect/sql"
import { Config, Effect } from "effect"
import { sha256 } from "./tokens.js"

export type ThrottleScope = "login_email" | "login_client" | "signup_client"

/** Attempts allowed per window before refusing: failed log-ins per address and per client, sign-ups per client. */
const limitsConfig = Config.all({
  login_email: Config.integer("KYB_LOGIN_FAILURES_PER_ADDRESS").pipe(Config.withDefault(5)),
  login_client: Config.integer("KYB_LOGIN_FAILURES_PER_CLIENT").pipe(Config.withDefault(20)),
  signup_client: Config.integer("KYB_SIGNUPS_PER_CLIENT").pipe(Config.withDefault(5))
})

/**
 * Throttling kept in the database (exact across instances): failed attempts are recorded with the SHA-256 of their
 * subject (an e-mail address, a client address), and a subject with too many in the window is refused until the
 * oldest of them leaves it.
 */
export class Throttle extends Effect.Service<Throttle>()("kyb/Throttle", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const windowSeconds = yield* Config.integer("KYB_AUTH_THROTTLE_WINDOW_SECONDS").pipe(Config.withDefault(15 * 60))
    const limits: Readonly<Record<ThrottleScope, number>> = yield* limitsConfig

    /** Seconds until the subject may try again; 0 when it may now. */
    const wait = (scope: ThrottleScope, subject: string) =>
      sql<{ n: number; oldest: number | null }>`
        SELECT count(*)::int AS n, extract(epoch FROM min(at))::float8 AS oldest FROM auth_failures
        WHERE scope = ${scope} AND subject = ${sha256(subject)} AND at > now() - make_interval(secs => ${windowSeconds})`.pipe(
        Effect.map((rows) => {
          const row = rows[0]
          if (row === undefined || row.n < limits[scope] || row.oldest === null) return 0
          return Math.max(1, Math.ceil(row.oldest + windowSeconds - Date.now() / 1000))
        })
      )

    const record = (scope: ThrottleScope, subject: string) =>
      sql`INSERT INTO auth_failures (scope, subject) VALUES (${scope}, ${sha256(subject)})`.pipe(Effect.asVoid)

    /** Forgets attempts older than the window (run with every record; cheap on the index). */
    const prune = sql`DELETE FROM auth_failures WHERE at < now() - make_interval(secs => ${windowSeconds})`.pipe(Effect.asVoid)

    return {
      wait: (scope: ThrottleScope, subject: string) => Effect.orDie(wait(scope, subject)),
      record: (scope: ThrottleScope, subject: string) => Effect.orDie(Effect.zipRight(record(scope, subject), prune))
    } as const
  })
}) {}
