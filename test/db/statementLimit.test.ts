import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { Cause, Deferred, Duration, Effect, Exit, Fiber } from "effect"
import { SqlError } from "effect/sql"
import { PassThrough } from "node:stream"
import { connectionError, statementLimit } from "../../src/db/statementLimit.js"

// The statement limit's timer alone, on a clock the test moves (only setTimeout and clearTimeout are faked: Effect's
// scheduler runs on setImmediate), over a stand-in socket. A statement here stands for sql-pg's: it answers when told,
// and fails as sql-pg's does when its socket errs: a ConnectionError with the socket's error as its cause. The pool's
// own tests: statementLimitPool.test.ts.
const limit = Duration.millis(300)
const timedOut = `Query read timeout (${Duration.format(limit)})`

const socketError = (cause: unknown) =>
  new SqlError.SqlError({ reason: new SqlError.ConnectionError({ cause, message: "PgConnection: Socket error", operation: "query" }) })

/** A connection's socket and a statement on it that never answers, failed when the socket errs. */
const pending = () => {
  const socket = new PassThrough()
  let dead: SqlError.SqlError | undefined
  socket.on("error", (cause) => {
    dead = socketError(cause)
  })
  const statement = Effect.callback<number, SqlError.SqlError>((resume) => {
    socket.on("error", () => resume(Effect.fail(dead ?? socketError(undefined))))
  })
  /** What sql-pg answers a statement on a connection that died: the error it died with. */
  const afterwards = Effect.suspend(() => Effect.fail(dead ?? socketError(undefined)))
  return { socket, statement, afterwards }
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve))

const failureOf = <A>(exit: Exit.Exit<A, SqlError.SqlError>) => {
  if (!Exit.isFailure(exit)) throw new Error("expected a failure")
  const error = Cause.squash(exit.cause)
  if (!SqlError.isSqlError(error)) throw new Error(`expected a SqlError, got ${String(error)}`)
  return error
}

describe("statementLimit: a statement's time limit without a fiber of its own (issue 56)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it("an answer in time: the answer, the timer cleared, the connection never closed later", async () => {
    const socket = new PassThrough()
    expect(await Effect.runPromise(statementLimit(limit)(socket)(Effect.succeed(7)))).toBe(7)
    expect(vi.getTimerCount()).toBe(0)
    vi.advanceTimersByTime(10 * Duration.toMillis(limit))
    expect(socket.destroyed).toBe(false)
  })

  it("a failure in time: that failure as it is, the timer cleared", async () => {
    const socket = new PassThrough()
    const error = connectionError("the server's own error", "query")
    const exit = await Effect.runPromiseExit(statementLimit(limit)(socket)(Effect.fail(error)))
    expect(failureOf(exit)).toBe(error)
    expect(vi.getTimerCount()).toBe(0)
    vi.advanceTimersByTime(10 * Duration.toMillis(limit))
    expect(socket.destroyed).toBe(false)
  })

  it("no answer: at the limit, and not before, the connection's socket is destroyed and the caller fails with the read timeout", async () => {
    const { socket, statement } = pending()
    const fiber = Effect.runFork(statementLimit(limit)(socket)(statement))
    await settle()
    vi.advanceTimersByTime(Duration.toMillis(limit) - 1)
    await settle()
    expect(socket.destroyed).toBe(false)
    expect(fiber.pollUnsafe()).toBeUndefined()
    vi.advanceTimersByTime(1)
    const error = failureOf(await Effect.runPromise(Fiber.await(fiber)))
    expect(socket.destroyed).toBe(true)
    expect(error.reason._tag).toBe("ConnectionError")
    expect(error.reason.message).toBe(timedOut)
    expect(error.reason.operation).toBe("query")
    expect(vi.getTimerCount()).toBe(0)
  })

  it("after the limit destroyed the checkout's socket, a statement failing on the dead connection fails with the read timeout too; another checkout's failure is its own", async () => {
    const { socket, statement, afterwards } = pending()
    const within = statementLimit(limit)(socket)
    const fiber = Effect.runFork(within(statement))
    await settle()
    vi.advanceTimersByTime(Duration.toMillis(limit))
    await Effect.runPromise(Fiber.await(fiber))
    const rollback = failureOf(await Effect.runPromiseExit(within(afterwards)))
    expect(rollback.reason.message).toBe(timedOut)
    const closed = connectionError("PgConnection: Connection closed", "query")
    const elsewhere = failureOf(await Effect.runPromiseExit(statementLimit(limit)(new PassThrough())(Effect.fail(closed))))
    expect(elsewhere).toBe(closed)
  })

  it("interrupted from outside: drained as a plain statement is, then the timer cleared, the connection never closed later", async () => {
    const socket = new PassThrough()
    const drained = Deferred.makeUnsafe<void>()
    const drains = { started: 0 }
    // sql-pg's statement, interrupted, waits for its connection to drain before the interruption completes.
    const statement = Effect.callback<number, SqlError.SqlError>(() =>
      Effect.suspend(() => {
        drains.started++
        return Deferred.await(drained)
      }))
    const fiber = Effect.runFork(statementLimit(limit)(socket)(statement))
    await settle()
    const interrupted = Effect.runPromise(Fiber.interrupt(fiber))
    await settle()
    expect(drains.started).toBe(1)
    expect(fiber.pollUnsafe()).toBeUndefined()
    Deferred.doneUnsafe(drained, Exit.void)
    await interrupted
    const exit = await Effect.runPromise(Fiber.await(fiber))
    expect(Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause)).toBe(true)
    expect(vi.getTimerCount()).toBe(0)
    vi.advanceTimersByTime(10 * Duration.toMillis(limit))
    expect(socket.destroyed).toBe(false)
  })

  it("interrupted, with a drain that outlasts the limit: the connection is closed then, and the exit stays the interruption", async () => {
    const drained = Deferred.makeUnsafe<void>()
    // sql-pg's drain ends when the connection dies.
    const socket = new PassThrough()
    socket.on("error", () => Deferred.doneUnsafe(drained, Exit.void))
    const statement = Effect.callback<number, SqlError.SqlError>(() => Deferred.await(drained))
    const fiber = Effect.runFork(statementLimit(limit)(socket)(statement))
    await settle()
    const interrupted = Effect.runPromise(Fiber.interrupt(fiber))
    await settle()
    vi.advanceTimersByTime(Duration.toMillis(limit))
    await interrupted
    const exit = await Effect.runPromise(Fiber.await(fiber))
    expect(socket.destroyed).toBe(true)
    expect(Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause)).toBe(true)
    expect(vi.getTimerCount()).toBe(0)
  })
})
