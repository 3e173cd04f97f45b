// Thread entry point (plain ESM so it runs without a TypeScript loader inside the worker).
// Hosts PGlite (WASM PostgreSQL) on its own thread and serves it over the Postgres wire protocol,
// so queries never run on the HTTP event loop and the stock PgClient talks to it like to a server.
// Protocol with the parent: see EmbeddedPostgres.ts.
import { PGlite } from "@electric-sql/pglite"
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm"
import { unaccent } from "@electric-sql/pglite/contrib/unaccent"
import { PGLiteSocketServer } from "@electric-sql/pglite-socket"
import { parentPort, workerData } from "node:worker_threads"
import { ExchangeQueue } from "./exchangeQueue.mjs"

const { dataDir, socketPath, tcpPort, maxConnections } = workerData
const post = (message) => parentPort?.postMessage(message)

const start = async () => {
  const extensions = { pg_trgm, unaccent }
  const db = dataDir === null ? await PGlite.create({ extensions }) : await PGlite.create({ dataDir, extensions })
  const server = new PGLiteSocketServer(
    socketPath === null
      ? { db, host: "127.0.0.1", port: tcpPort, maxConnections }
      : { db, path: socketPath, maxConnections }
  )
  // The package's own queue lets connections' extended-protocol messages interleave (see exchangeQueue.mjs); each
  // connection's handler is given the server's queue when it connects, so replacing it before start() covers all.
  server.queryQueue = new ExchangeQueue(db)
  await server.start()
  parentPort?.on("message", async (message) => {
    if (message !== "stop") return
    await server.stop()
    await db.close()
    post({ type: "stopped" })
  })
  if (socketPath === null) {
    const [host, port] = server.getServerConn().split(":")
    post({ type: "ready", host, port: Number(port) })
  } else {
    post({ type: "ready", host: socketPath, port: null })
  }
}

start().catch((error) => post({ type: "failed", message: String(error?.stack ?? error) }))
