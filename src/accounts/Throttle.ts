import { SqlClient } from "effect/sql"
import { Config, Effect, Context, Layer } from "effect"
import { sha256 } from "./tokens.js"

export type ThrottleScope = "login_email" | "login_client" | "signup_client"

/** Attempts allowed per window before refusing: failed log-ins per address and per client, sign-ups per client. */
const limitsConfig = Config.all({
  login_email: Config.Int("KYB_LOGIN_FAILURES_PER_ADDRESS").pipe(Config.withDefault(5)),
  login_client: Config.Int("KYB_LOGIN_FAILURES_PER_CLIENT").pipe(Config.withDefault(20)),
  signup_client: Config.Int("KYB_SIGNUPS_PER_CLIENT").pipe(Config.withDefault(5))
})

/**
 * Throttling kept in the database, exact across instances and under concurrency: an attempt first TAKES a unit of
 * its subject's window (the SHA-256 of an e-mail address or a client address) in one conditional upsert, serialised
 * by the row lock as the quota's counter is; when none is left it is refused before anything is checked. A log-in
 * that succeeds gives its unit back, so only failures count; a sign-up keeps it. A window starts with its first
 * unit and lasts KYB_AUTH_THROTTLE_WINDOW_SECONDS.
 */
export class Throttle extends Context.Service<Throttle>()("kyb/Throttle", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const windowSeconds = yield* Config.Int("KYB_AUTH_THROTTLE_WINDOW_SECONDS").pipe(Config.withDefault(15 * 60))
    const limits: Readonly<Record<ThrottleScope, number>> = yield* limitsConfig
    const window = sql`make_interval(secs => ${windowSeconds})`

    /** 0 when a unit was taken; otherwise the seconds until the window ends (nothing taken). */
    const take = Effect.fnUntraced(function*(scope: ThrottleScope, subject: string) {
      const key = sha256(subject)
      const rows = yield* sql<{ taken: number }>`
        INSERT INTO auth_throttle (scope, subject, window_start, taken) VALUES (${scope}, ${key}, now(), 1)
        ON CONFLICT (scope, subject) DO UPDATE SET
          window_start = CASE WHEN auth_throttle.window_start <= now() - ${window} THEN now() ELSE auth_throttle.window_start END,
          taken = CASE WHEN auth_throttle.window_start <= now() - ${window} THEN 1 ELSE auth_throttle.taken + 1 END
        WHERE auth_throttle.window_start <= now() - ${window} OR auth_throttle.taken < ${limits[scope]}
        RETURNING taken`
      if (rows.length > 0) return 0
      const [held] = yield* sql<{ wait: number }>`
        SELECT ceil(extract(epoch FROM window_start + ${window} - now()))::float8 AS wait FROM auth_throttle
        WHERE scope = ${scope} AND subject = ${key}`
      return Math.max(1, held?.wait ?? 1)
    })

    /** Gives back a unit taken in the window (a log-in that succeeded; a later check that refused first). */
    const giveBack = (scope: ThrottleScope, subject: string) =>
      sql`UPDATE auth_throttle SET taken = taken - 1 WHERE scope = ${scope} AND subject = ${sha256(subject)} AND taken > 0`.pipe(Effect.asVoid)

    /** Forgets windows long over (run with every sign-up; cheap on the index). */
    const prune = sql`DELETE FROM auth_throttle WHERE window_start < now() - ${window} - interval '1 hour'`.pipe(Effect.asVoid)

    return {
      take: (scope: ThrottleScope, subject: string) => Effect.orDie(take(scope, subject)),
      giveBack: (scope: ThrottleScope, subject: string) => Effect.orDie(giveBack(scope, subject)),
      prune: Effect.orDie(prune)
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
