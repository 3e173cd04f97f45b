import * as Reactivity from "effect/reactivity/Reactivity"
import { SqlClient } from "effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Effect } from "effect"

/** A PostgreSQL client that only compiles statements (running one dies): for tests of statement text. */
export const compilingSql = Effect.runSync(SqlClient.make({
  acquirer: Effect.die("this client only compiles statements"),
  compiler: PgClient.makeCompiler(),
  driver: "pg",
  spanAttributes: []
}).pipe(Effect.provide(Reactivity.layer)))
