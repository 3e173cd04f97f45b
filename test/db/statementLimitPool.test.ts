import { PgClient } from "@effect/sql-pg"
import { assert, describe, layer } from "@effect/vitest"
import { Context, Duration, Effect, Exit, Fiber, Layer, Redacted } from "effect"
import { SqlClient, SqlError } from "effect/sql"
import { startEmbeddedPostgres } from "../../src/db/EmbeddedPostgres.js"
import { makePool } from "../../src/db/pool.js"
import { poolUsage } from "../../src/metrics/pools.js"
import { type FreezableProxy, startFreezableProxy } from "../support/freezableProxy.js"
import { serverUrl } from "../support/testDatabase.js"

// The serving pool's statement limit (src/db/pool.ts, statementLimit.ts) against a database behind a proxy that can
// freeze (test/support/freezableProxy.ts): to the pool the server stops answering, as a SIGSTOPped one does.

/** The database to put behind the proxy: the server of DATABASE_URL, or an embedded one on a loopback port. */
class Target extends Context.Service<Target, { readonly url: string; readonly host: string; readonly port: number }>()(
  "test/statementLimit/Target"
) {}

const TargetLive = Layer.effect(Target, Effect.gen(function*() {
  const server = serverUrl()
  if (server !== undefined) {
    const parsed = new URL(server)
    return { url: server, host: parsed.hostname, port: Number(parsed.port === "" ? "5432" : parsed.port) }
  }
  const endpoint = yield* Effect.orDie(startEmbeddedPostgres({ dataDir: null, maxConnections: 8 }))
  const port = endpoint.port ?? 5432
  return { url: `postgres://postgres@${endpoint.host}:${port}/postgres`, host: endpoint.host, port }
}))

/** A pool of one connection through a fresh proxy, its statements limited to `limit`. */
const limitedPool = (limit: Duration.Duration, role: string) =>
  Effect.gen(function*() {
    const target = yield* Target
    const proxy: FreezableProxy = yield* Effect.acquireRelease(
      Effect.promise(() => startFreezableProxy(target)),
      (p) => Effect.promise(() => p.close())
    )
    const context = yield* Layer.build(PgClient.layerFrom(makePool({
      url: Redacted.make(target.url),
      host: "127.0.0.1",
      port: proxy.port,
      maxConnections: 1,
      connectTimeout: Duration.seconds(10),
      queryTimeout: limit
    }, role)))
    return { proxy, sql: Context.get(context, SqlClient.SqlClient) }
  })

/** A client of the database itself, not through the proxy, with no limit. */
const directClient = Effect.gen(function*() {
  const target = yield* Target
  const context = yield* Layer.build(PgClient.layerFrom(makePool({ url: Redacted.make(target.url), maxConnections: 1 }, "statement-limit-observer")))
  return Context.get(context, SqlClient.SqlClient)
})

const timeoutMessage = (limit: Duration.Duration) => `Query read timeout (${Duration.format(limit)})`

const assertReadTimeout = (error: SqlError.SqlError, limit: Duration.Duration) => {
  assert.strictEqual(error.reason._tag, "ConnectionError")
  assert.strictEqual(error.reason.message, timeoutMessage(limit))
  assert.strictEqual(error.reason.operation, "query")
}

/** Waits (without a deadline of its own: the test's timeout is the bound) until `ready` holds. */
const until = (ready: () => boolean) =>
  Effect.gen(function*() {
    while (!ready()) yield* Effect.sleep("5 millis")
  })

const assertCountersZero = (role: string) => {
  const usage = poolUsage().get(role)
  assert.deepStrictEqual(usage === undefined ? undefined : { inUse: usage.inUse, waiting: usage.waiting }, { inUse: 0, waiting: 0 })
}

describe("the serving pool's statement limit, with a frozen server (issue 56)", () => {
  layer(TargetLive, { timeout: "60 seconds", excludeTestServices: true })((it) => {
    it.effect("past the limit the statement fails with the read timeout while the server is still frozen; its connection is closed, the next statement is served on a new one, the counters are back to zero", () =>
      Effect.scoped(Effect.gen(function*() {
        const limit = Duration.millis(300)
        const role = "statement-limit-frozen"
        const { proxy, sql } = yield* limitedPool(limit, role)
        assert.strictEqual((yield* sql<{ n: number }>`SELECT 1::int AS n`)[0]?.n, 1)
        assert.strictEqual(proxy.accepted(), 1)

        proxy.freeze()
        // Still frozen when this returns: a statement that waited for the server would never get here.
        const error = yield* Effect.flip(sql`SELECT 2`)
        assertReadTimeout(error, limit)
        yield* until(() => proxy.closedByClient() === 1)
        assertCountersZero(role)

        proxy.thaw()
        assert.strictEqual((yield* sql<{ n: number }>`SELECT 3::int AS n`)[0]?.n, 3)
        assert.strictEqual(proxy.accepted(), 2)
        assertCountersZero(role)
      })))

    it.effect("a statement counts as in use for as long as it holds its connection, one waiting for it as waiting; both counted out when they end", () =>
      Effect.scoped(Effect.gen(function*() {
        const role = "statement-limit-counted"
        const { proxy, sql } = yield* limitedPool(Duration.seconds(30), role)
        yield* sql`SELECT 1`
        const usage = () => poolUsage().get(role)
        proxy.freeze()
        const holding = yield* Effect.forkChild(sql<{ n: number }>`SELECT 2::int AS n`)
        yield* until(() => usage()?.inUse === 1)
        const queued = yield* Effect.forkChild(sql<{ n: number }>`SELECT 3::int AS n`)
        yield* until(() => usage()?.waiting === 1)
        assert.deepStrictEqual({ inUse: usage()?.inUse, waiting: usage()?.waiting }, { inUse: 1, waiting: 1 })
        proxy.thaw()
        assert.strictEqual((yield* Fiber.join(holding))[0]?.n, 2)
        assert.strictEqual((yield* Fiber.join(queued))[0]?.n, 3)
        assertCountersZero(role)
      })))

    it.effect("a timer of a statement answered in time never closes the connection once the next statement has it", () =>
      Effect.scoped(Effect.gen(function*() {
        const limit = Duration.millis(300)
        const { proxy, sql } = yield* limitedPool(limit, "statement-limit-reuse")
        yield* sql`SELECT 1`
        // The next statement takes the same connection and the server stops answering it. Were the first one's timer
        // still armed, it would fire first (it was set first, for as long) and close the connection under this one,
        // which would fail with sql-pg's "Connection closed": this one's own timer gives the read timeout instead.
        proxy.freeze()
        const error = yield* Effect.flip(sql`SELECT 2`)
        assertReadTimeout(error, limit)
        assert.strictEqual(proxy.accepted(), 1)
        proxy.thaw()
      })))

    it.effect("inside a transaction: the statement past the limit fails the transaction with the read timeout and the pool recovers", () =>
      Effect.scoped(Effect.gen(function*() {
        const limit = Duration.millis(300)
        const role = "statement-limit-transaction"
        const { proxy, sql } = yield* limitedPool(limit, role)
        yield* sql`SELECT 1`
        const exit = yield* Effect.exit(sql.withTransaction(Effect.gen(function*() {
          yield* sql`SELECT 2`
          proxy.freeze()
          yield* sql`SELECT 3`
        })))
        assert.isTrue(Exit.isFailure(exit))
        if (Exit.isSuccess(exit)) return
        // The statement's failure and its transaction's ROLLBACK's, on the closed connection, both the read timeout
        // (as effect/sql reports a failed ROLLBACK: defects).
        const errors = exit.cause.reasons.map((reason) => reason._tag === "Fail" ? reason.error : reason._tag === "Die" ? reason.defect : reason)
        assert.strictEqual(errors.length, 2)
        for (const error of errors) {
          assert.isTrue(SqlError.isSqlError(error), String(error))
          if (SqlError.isSqlError(error)) assertReadTimeout(error, limit)
        }
        proxy.thaw()
        assert.strictEqual((yield* sql<{ n: number }>`SELECT 4::int AS n`)[0]?.n, 4)
        assertCountersZero(role)
      })))

    // A statement interrupted from outside is drained by sql-pg: it sends a CancelRequest and keeps the connection when
    // the server confirms the cancel (57014). Only a PostgreSQL server cancels a running statement (pg_sleep) that way.
    it.effect.skipIf(serverUrl() === undefined)("a timer of a statement interrupted from outside never closes the connection once the next statement has it", () =>
      Effect.scoped(Effect.gen(function*() {
        const limit = Duration.seconds(3)
        const { proxy, sql } = yield* limitedPool(limit, "statement-limit-interrupted")
        yield* sql`SELECT 1`
        const observer = yield* directClient
        const sleeping = yield* Effect.forkChild(sql`SELECT pg_sleep(30)`)
        // Running on the server, so that the cancel finds it there (one sent before would cancel nothing).
        let running = 0
        while (running === 0) {
          const rows = yield* observer<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND query = 'SELECT pg_sleep(30)'`
          running = rows[0]?.n ?? 0
        }
        yield* Fiber.interrupt(sleeping)
        // The drain kept the connection (the cancel was confirmed), so the next statement takes it.
        proxy.freeze()
        const error = yield* Effect.flip(sql`SELECT 2`)
        assertReadTimeout(error, limit)
        assert.strictEqual(proxy.accepted(), 2, "the pool's one connection and the cancel request's")
        proxy.thaw()
      })), 60_000)
  })
})
