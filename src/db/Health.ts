import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { ServiceUnavailable } from "../api/errors.js"

export class Health extends Effect.Service<Health>()("kyb/Health", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const check = sql`SELECT 1`.pipe(
      Effect.timeout("2 seconds"),
      Effect.as({ status: "ok" as const, database: "reachable" as const }),
      Effect.catchAll(() => Effect.fail(ServiceUnavailable.of("The database is unreachable.")))
    )
    return { check } as const
  })
}) {}
