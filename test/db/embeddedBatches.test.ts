import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import * as net from "node:net"
import pg from "pg"
import { startEmbeddedPostgres } from "../../src/db/EmbeddedPostgres.js"

// The embedded database is one PGlite session shared by every connection. An extended-protocol query
// (Parse, Bind, Describe, Execute, Sync) spans several messages; another connection's messages served in between
// would replace the unnamed statement or portal under it ("portal \"\" does not exist", rows of the wrong query).
const connect = (host: string, port: number) =>
  Effect.acquireRelease(
    Effect.promise(async () => {
      const client = new pg.Client({ host, port, user: "postgres", database: "postgres" })
      await client.connect()
      return client
    }),
    (client) => Effect.promise(() => client.end())
  )

const queriesPerClient = 150
const longValue = "x".repeat(256 * 1024)

const echoLoop = (client: pg.Client, who: number) =>
  Effect.promise(async () => {
    const wrong: Array<string> = []
    for (let n = 0; n < queriesPerClient; n++) {
      // Unnamed statement and portal every time: the shape every interleaving breaks. A long parameter reaches
      // the server in several reads, so other connections' messages arrive between this one's Parse and Bind.
      const [text, values] = who % 2 === 0
        ? ["SELECT $1::int AS n, $2::text AS who", [n, `client ${who}`]]
        : ["SELECT $2::text AS who, $1::int AS n, length($3::text) AS pad", [n, `client ${who}`, longValue]]
      try {
        const result = await client.query(text, values)
        const row = result.rows[0] as { n: number; who: string } | undefined
        if (row?.n !== n || row.who !== `client ${who}`) wrong.push(`${who}/${n}: ${JSON.stringify(row)}`)
      } catch (error) {
        wrong.push(`${who}/${n}: ${String(error)}`)
      }
    }
    return wrong
  })

const frame = (type: string, ...parts: ReadonlyArray<Buffer>) => {
  const body = Buffer.concat(parts)
  const head = Buffer.alloc(5)
  head.write(type, 0, "latin1")
  head.writeInt32BE(body.length + 4, 1)
  return Buffer.concat([head, body])
}
const cstr = (s: string) => Buffer.from(`${s}\0`, "utf8")
const int16s = (...values: ReadonlyArray<number>) => Buffer.from(values.flatMap((v) => [v >> 8, v & 255]))
const parse = (text: string) => frame("P", cstr(""), cstr(text), int16s(0))
const bindNoParameters = frame("B", cstr(""), cstr(""), int16s(0, 0, 0))
const execute = frame("E", cstr(""), Buffer.alloc(4))
const sync = frame("S")
const flush = frame("H")

/** A connection speaking the wire protocol by hand, to send a batch in pieces or leave in the middle of one. */
const rawConnection = (host: string, port: number) =>
  Effect.acquireRelease(
    Effect.promise(() =>
      new Promise<{ readonly socket: net.Socket; readonly received: () => Buffer; readonly until: (bytes: string, after?: number) => Promise<void> }>(
        (resolve, reject) => {
          const socket = net.connect(port, host)
          let received = Buffer.alloc(0)
          const waiting = new Set<() => void>()
          socket.on("data", (data: Buffer) => {
            received = Buffer.concat([received, data])
            for (const check of waiting) check()
          })
          socket.on("error", reject)
          /** Resolves once `bytes` have come, after the first `after` bytes received. */
          const until = (bytes: string, after = 0) =>
            new Promise<void>((done) => {
              const check = () => {
                if (!received.includes(Buffer.from(bytes, "latin1"), after)) return
                waiting.delete(check)
                done()
              }
              waiting.add(check)
              check()
            })
          const startup = Buffer.concat([int16s(3, 0), cstr("user"), cstr("postgres"), cstr("database"), cstr("postgres"), Buffer.from([0])])
          const length = Buffer.alloc(4)
          length.writeInt32BE(startup.length + 4)
          socket.write(Buffer.concat([length, startup]))
          void until("Z\0\0\0\u0005I").then(() => resolve({ socket, received: () => received, until }))
        }
      )
    ),
    ({ socket }) => Effect.sync(() => socket.destroy())
  )

describe("the embedded database serves each connection's protocol batch whole", () => {
  it.live("a query from another connection waits for the batch in progress to end", () =>
    Effect.scoped(Effect.gen(function*() {
      const { host, port } = yield* startEmbeddedPostgres({ dataDir: null, maxConnections: 8 })
      const first = yield* rawConnection(host, port!)
      const second = yield* connect(host, port!)
      first.socket.write(Buffer.concat([parse("SELECT 'first'::text AS who"), flush]))
      yield* Effect.promise(() => first.until("1\0\0\0\u0004")) // ParseComplete: the unnamed statement is the first's
      const beforeBind = first.received().length
      const secondAnswer = second.query("SELECT $1::text AS who", ["second"])
      yield* Effect.sleep("200 millis") // time for the second's whole batch to be served, were it allowed to be
      first.socket.write(Buffer.concat([bindNoParameters, execute, sync]))
      yield* Effect.promise(() => first.until("Z\0\0\0\u0005I", beforeBind))
      const answer = first.received().subarray(beforeBind)
      assert.isTrue(answer.includes(Buffer.from("first")), "the first connection's rows come from its own statement")
      assert.isFalse(answer.includes(Buffer.from("bind message")), answer.toString("latin1"))
      const rows = yield* Effect.promise(() => secondAnswer)
      assert.deepStrictEqual(rows.rows, [{ who: "second" }])
    })), 60_000)

  it.live("four connections' extended queries at once each get their own rows", () =>
    Effect.scoped(Effect.gen(function*() {
      const { host, port } = yield* startEmbeddedPostgres({ dataDir: null, maxConnections: 8 })
      const clients = yield* Effect.forEach([0, 1, 2, 3], () => connect(host, port!))
      const wrong = yield* Effect.forEach(clients, echoLoop, { concurrency: "unbounded" })
      assert.deepStrictEqual(wrong.flat(), [])
    })), 120_000)

  it.live("a connection that leaves in the middle of a batch, or of a transaction, holds up and breaks nothing", () =>
    Effect.scoped(Effect.gen(function*() {
      const { host, port } = yield* startEmbeddedPostgres({ dataDir: null, maxConnections: 8 })
      yield* Effect.scoped(Effect.gen(function*() {
        const leaving = yield* rawConnection(host, port!)
        // Fails at Execute, which leaves the session skipping everything up to a Sync that never comes.
        leaving.socket.write(Buffer.concat([parse("SELECT 1/0"), bindNoParameters, execute, flush]))
        yield* Effect.promise(() => leaving.until("division by zero"))
      }))
      yield* Effect.scoped(Effect.gen(function*() {
        const leaving = yield* rawConnection(host, port!)
        leaving.socket.write(frame("Q", cstr("BEGIN; CREATE TABLE left_behind (n int)")))
        yield* Effect.promise(() => leaving.until("Z\0\0\0\u0005T", leaving.received().length))
      }))
      const client = yield* connect(host, port!)
      assert.deepStrictEqual(yield* echoLoop(client, 0), [])
      const table = yield* Effect.promise(() => client.query("SELECT to_regclass('left_behind') AS t"))
      assert.deepStrictEqual(table.rows, [{ t: null }], "the transaction left open was rolled back")
    })), 60_000)
})
