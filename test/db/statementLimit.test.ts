import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { Cause, Deferred, Duration, Effect, Exit, Fiber } from "effect"
import { SqlError } from "effect/sql"
import { connectionError, statementLimit } from "../../src/db/statementLimit.js"

// The statement limit's timer alone, on a clock the test moves (only setTimeout and clearTimeout are faked: Effect's
// scheduler runs on setImmediate). A statement here stands for sql-pg's: it answers when told, and fails with sql-pg's
// "Connection closed" once its connection is closed. The pool's own tests: statementLimitPool.test.ts.
const limit = Duration.millis(300)
const timedOut = `Query read timeout (${Duration.format(limit)})`
const closedError = () => connectionError("PgConnection: Connection closed", "query")

/** A statement that never answers; closing its connection fails it, as sql-pg's fails when its socket closes. */
const pending = () => {
  const closes = { count: 0 }
  let fail: (() => void) | undefined
  const close = () => {
    closes.count++
    fail?.()
  }
  const statement = Effect.callback<number, SqlError.SqlError>((resume) => {
    fail = () => resume(Effect.fail(closedError()))
  })
  return { close, closes, statement }
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
    const close = vi.fn()
    expect(await Effect.runPromise(statementLimit(limit)(close)(Effect.succeed(7)))).toBe(7)
    expect(vi.getTimerCount()).toBe(0)
    vi.advanceTimersByTime(10 * Duration.toMillis(limit))
    expect(close).not.toHaveBeenCalled()
  })

  it("a failure in time: that failure as it is, the timer cleared", async () => {
    const close = vi.fn()
    const error = connectionError("the server's own error", "query")
    const exit = await Effect.runPromiseExit(statementLimit(limit)(close)(Effect.fail(error)))
    expect(failureOf(exit)).toBe(error)
    expect(vi.getTimerCount()).toBe(0)
    vi.advanceTimersByTime(10 * Duration.toMillis(limit))
    expect(close).not.toHaveBeenCalled()
  })

  it("no answer: at the limit, and not before, the connection is closed and the caller fails with the read timeout", async () => {
    const { close, closes, statement } = pending()
    const fiber = Effect.runFork(statementLimit(limit)(close)(statement))
    await settle()
    vi.advanceTimersByTime(Duration.toMillis(limit) - 1)
    await settle()
    expect(closes.count).toBe(0)
    expect(fiber.pollUnsafe()).toBeUndefined()
    vi.advanceTimersByTime(1)
    const error = failureOf(await Effect.runPromise(Fiber.await(fiber)))
    expect(closes.count).toBe(1)
    expect(error.reason._tag).toBe("ConnectionError")
    expect(error.reason.message).toBe(timedOut)
    expect(error.reason.operation).toBe("query")
    expect(vi.getTimerCount()).toBe(0)
  })

  it("after the limit closed the checkout's connection, a statement failing on it fails with the read timeout too; another checkout's does not", async () => {
    const { close, statement } = pending()
    const within = statementLimit(limit)(close)
    const fiber = Effect.runFork(within(statement))
    await settle()
    vi.advanceTimersByTime(Duration.toMillis(limit))
    await Effect.runPromise(Fiber.await(fiber))
    const rollback = failureOf(await Effect.runPromiseExit(within(Effect.fail(closedError()))))
    expect(rollback.reason.message).toBe(timedOut)
    const elsewhere = failureOf(await Effect.runPromiseExit(statementLimit(limit)(vi.fn())(Effect.fail(closedError()))))
    expect(elsewhere.reason.message).toBe("PgConnection: Connection closed")
  })

  it("interrupted from outside: drained as a plain statement is, then the timer cleared, the connection never closed later", async () => {
    const close = vi.fn()
    const drained = Deferred.makeUnsafe<void>()
    const drains = { started: 0 }
    // sql-pg's statement, interrupted, waits for its connection to drain before the interruption completes.
    const statement = Effect.callback<number, SqlError.SqlError>(() =>
      Effect.suspend(() => {
        drains.started++
        return Deferred.await(drained)
      }))
    const fiber = Effect.runFork(statementLimit(limit)(close)(statement))
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
    expect(close).not.toHaveBeenCalled()
  })

  it("interrupted, with a drain that outlasts the limit: the connection is closed then, and the exit stays the interruption", async () => {
    const drained = Deferred.makeUnsafe<void>()
    const close = vi.fn(() => Deferred.doneUnsafe(drained, Exit.void))
    const statement = Effect.callback<number, SqlError.SqlError>(() => Deferred.await(drained))
    const fiber = Effect.runFork(statementLimit(limit)(close)(statement))
    await settle()
    const interrupted = Effect.runPromise(Fiber.interrupt(fiber))
    await settle()
    vi.advanceTimersByTime(Duration.toMillis(limit))
    await interrupted
    const exit = await Effect.runPromise(Fiber.await(fiber))
    expect(close).toHaveBeenCalledTimes(1)
    expect(Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause)).toBe(true)
    expect(vi.getTimerCount()).toBe(0)
  })
})
