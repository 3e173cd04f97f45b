import { Data, Effect } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { Worker } from "node:worker_threads"

export class EmbeddedPostgresError extends Data.TaggedError("EmbeddedPostgresError")<{ readonly message: string }> {}

export interface EmbeddedEndpoint {
  /** A host name, or the unix socket path when the database is persistent. */
  readonly host: string
  readonly port: number | null
}

type WorkerMessage =
  | { readonly type: "ready"; readonly host: string; readonly port: number | null }
  | { readonly type: "failed"; readonly message: string }
  | { readonly type: "stopped" }

/** The unix socket through which every process on this machine reaches the embedded database in `dataDir`. */
export const embeddedSocketPath = (dataDir: string) => path.join(path.resolve(dataDir), ".s.PGSQL.5432")

const workerUrl = new URL("./embeddedWorker.mjs", import.meta.url)

const awaitMessage = (worker: Worker, accept: (m: WorkerMessage) => boolean) =>
  Effect.callback<WorkerMessage, EmbeddedPostgresError>((resume) => {
    const onMessage = (message: WorkerMessage) => {
      if (!accept(message)) return
      cleanup()
      resume(Effect.succeed(message))
    }
    const onError = (error: Error) => {
      cleanup()
      resume(Effect.fail(new EmbeddedPostgresError({ message: error.message })))
    }
    const onExit = (code: number) => {
      cleanup()
      resume(Effect.fail(new EmbeddedPostgresError({ message: `embedded database thread exited (${code})` })))
    }
    const cleanup = () => {
      worker.off("message", onMessage)
      worker.off("error", onError)
      worker.off("exit", onExit)
    }
    worker.on("message", onMessage)
    worker.on("error", onError)
    worker.on("exit", onExit)
  })

/**
 * Starts PGlite on a worker thread and serves it over the wire protocol: on a unix socket inside `dataDir`
 * when persistent, on a loopback TCP port when in memory (`dataDir` null). Stopped when the scope closes.
 */
export const startEmbeddedPostgres = (options: {
  readonly dataDir: string | null
  readonly maxConnections: number
  /** Serve on this loopback TCP port (0: any) instead of the data directory's unix socket. */
  readonly tcpPort?: number
}) =>
  Effect.acquireRelease(
    Effect.gen(function*() {
      let socketPath: string | null = null
      if (options.dataDir !== null && options.tcpPort === undefined) {
        const dir = path.resolve(options.dataDir)
        yield* Effect.try({
          try: () => fs.mkdirSync(dir, { recursive: true }),
          catch: (e) => new EmbeddedPostgresError({ message: `cannot create ${dir}: ${String(e)}` })
        })
        socketPath = embeddedSocketPath(dir)
        if (fs.existsSync(socketPath)) fs.rmSync(socketPath)
      }
      const worker = new Worker(workerUrl, {
        workerData: {
          dataDir: options.dataDir === null ? null : path.resolve(options.dataDir),
          socketPath,
          tcpPort: options.tcpPort ?? 0,
          maxConnections: options.maxConnections
        }
      })
      const first = yield* awaitMessage(worker, (m) => m.type !== "stopped").pipe(
        Effect.tapError(() => Effect.promise(() => worker.terminate()))
      )
      if (first.type !== "ready") {
        yield* Effect.promise(() => worker.terminate())
        return yield* new EmbeddedPostgresError({ message: first.type === "failed" ? first.message : "not ready" })
      }
      const endpoint: EmbeddedEndpoint = { host: first.host, port: first.port }
      return { worker, endpoint }
    }),
    ({ worker }) =>
      Effect.gen(function*() {
        worker.postMessage("stop")
        yield* awaitMessage(worker, (m) => m.type === "stopped").pipe(Effect.timeout("5 seconds"), Effect.ignore)
        yield* Effect.promise(() => worker.terminate())
      })
  ).pipe(Effect.map(({ endpoint }) => endpoint))
