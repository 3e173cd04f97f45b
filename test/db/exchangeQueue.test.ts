import { assert, describe, it } from "@effect/vitest"
import { ExchangeQueue, type ProtocolSession } from "../../src/db/exchangeQueue.mjs"

// The queue's turn-keeping against a scripted session: which messages reach it, in what order, and what the
// session's answers (split anywhere) do to whose turn it is. The real PGlite under it: embeddedBatches.test.ts.
const message = (type: string, body = "") => new Uint8Array([type.charCodeAt(0), 0, 0, 0, 4 + body.length, ...Buffer.from(body)])
const ready = (status: "I" | "T" | "E") => message("Z", status)
const notice = message("N", "Mhi\0\0")

/** Answers each message with what `answer` gives, in `split`-byte pieces; records what it served, for whom. */
const session = (answer: (served: Uint8Array) => ReadonlyArray<Uint8Array> | Error, split = 1) => {
  const served: Array<string> = []
  const db: ProtocolSession = {
    runExclusive: (work) => work(),
    execProtocolRawStream: async (served_, { onRawData }) => {
      served.push(String.fromCharCode(served_[0]!))
      const reply = answer(served_)
      if (reply instanceof Error) throw reply
      const bytes = Buffer.concat(reply)
      for (let at = 0; at < bytes.length; at += split) onRawData(bytes.subarray(at, at + split))
      return undefined
    }
  }
  return { db, served }
}

const extendedAnswers = (m: Uint8Array) => (m[0] === "S".charCodeAt(0) ? [notice, ready("I")] : [message("1")])

describe("the embedded server's exchange queue", () => {
  it("serves one connection's batch whole before another's, however its answers are split", async () => {
    for (const split of [1, 2, 3, 7, 1000]) {
      const { db, served } = session(extendedAnswers, split)
      const queue = new ExchangeQueue(db)
      const first = queue.enqueue(1, message("P"), () => {})
      const other = queue.enqueue(2, message("P"), () => {})
      await first
      const rest = [queue.enqueue(1, message("B"), () => {}), queue.enqueue(1, message("S"), () => {})]
      await Promise.all([...rest, other, queue.enqueue(2, message("S"), () => {})])
      assert.deepStrictEqual(served, ["P", "B", "S", "P", "S"], `split ${split}`)
    }
  })

  it("keeps a connection's turn through its transaction, until ReadyForQuery says idle", async () => {
    const { db, served } = session((m) => [ready(m[0] === "Q".charCodeAt(0) && served.length === 1 ? "T" : "I")])
    const queue = new ExchangeQueue(db)
    await queue.enqueue(1, message("Q", "BEGIN\0"), () => {})
    const other = queue.enqueue(2, message("Q", "SELECT 1\0"), () => {})
    await queue.enqueue(1, message("Q", "COMMIT\0"), () => {})
    await other
    assert.deepStrictEqual(served, ["Q", "Q", "Q"])
    assert.strictEqual(queue.getQueueLength(), 0)
  })

  it("a failure of the session fails that message only, and the queue goes on", async () => {
    const { db, served } = session((m) => (m[0] === "X".charCodeAt(0) ? new Error("wasm trap") : [ready("I")]))
    const queue = new ExchangeQueue(db)
    const failed = await queue.enqueue(1, message("X"), () => {}).then(() => "answered", (e: Error) => e.message)
    assert.strictEqual(failed, "wasm trap")
    assert.strictEqual(await queue.enqueue(2, message("Q", "SELECT 1\0"), () => {}), 6)
    assert.deepStrictEqual(served, ["X", "Q"])
  })

  it("a connection that leaves mid-batch gets a Sync, and a ROLLBACK if a transaction was open; the others go on", async () => {
    let inTransaction = false
    const { db, served } = session((m) => {
      const type = String.fromCharCode(m[0]!)
      if (type === "Q") inTransaction = Buffer.from(m).includes("BEGIN") ? true : Buffer.from(m).includes("ROLLBACK") ? false : inTransaction
      return type === "P" ? [message("1")] : [ready(inTransaction ? "T" : "I")]
    })
    const queue = new ExchangeQueue(db)
    await queue.enqueue(1, message("Q", "BEGIN\0"), () => {})
    await queue.enqueue(1, message("P"), () => {})
    const other = queue.enqueue(2, message("Q", "SELECT 1\0"), () => {})
    queue.clearQueueForHandler(1)
    await queue.clearTransactionIfNeeded(1)
    await other
    assert.deepStrictEqual(served, ["Q", "P", "S", "Q", "Q"])
    assert.isFalse(inTransaction)
  })
})
