import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { ServiceUnavailable } from "../api/errors.js"

export class Health extends Effect.Service<Health>()("kyb/Health", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    // Disconnected: the answer comes after 1.5 s whatever the stalled query's cancellation takes.
    const check = sql`SELECT 1`.pipe(
      Effect.disconnect,
      Effect.timeout("1500 millis"),
      Effect.as({ status: "ok" as const, database: "reachable" as const }),
      Effect.catchAll(() => Effect.fail(ServiceUnavailable.of("The database is unreachable.")))
    )
    return { check } as const
  })
}) {}
