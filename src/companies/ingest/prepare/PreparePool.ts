import { Effect } from "effect"
import { fileURLToPath } from "node:url"
import { Worker } from "node:worker_threads"
import type { RawCompanyRows } from "../companyBatches.js"
import { type PreparedRows, type PrepareRequest, type PrepareResponse, rawBuffer } from "./prepareRows.js"

export interface PreparedBatch {
  readonly prepared: PreparedRows
  /** The batch as read, back from the worker (JSON Lines bytes are handed over to it, not copied). */
  readonly raw: RawCompanyRows
}

export interface PreparePool {
  /**
   * Decodes and prepares a batch on a worker thread; batches are spread over the workers in turn. The batch's
   * bytes are the worker's until it answers: read the batch from the answer.
   */
  readonly prepare: (raw: RawCompanyRows, now: Date) => Promise<PreparedBatch>
  readonly size: number
}

interface Pending {
  readonly raw: RawCompanyRows
  readonly resolve: (prepared: PreparedBatch) => void
  readonly reject: (error: Error) => void
}

/**
 * A worker's heap: a young generation large enough for a batch's short-lived objects to die young (smaller makes
 * the worker collect more than it works), an old generation cap that keeps the process under 500 MB.
 */
const WORKER_HEAP = { maxYoungGenerationSizeMb: 64, maxOldGenerationSizeMb: 192 }

const boot = new URL("./boot.cjs", import.meta.url)
// The TypeScript source under tsx, the compiled module in the production build.
const entry = fileURLToPath(new URL(import.meta.url.endsWith(".ts") ? "./worker.ts" : "./worker.js", import.meta.url))

/**
 * Worker threads that decode and prepare the initial load's batches (prepareRows), so that the main thread only
 * reads the file and sends rows to the database. Scoped: the workers are terminated when the scope closes. A
 * worker that fails fails every batch it holds and every later one, with its reason.
 */
export const makePreparePool = (size: number) =>
  Effect.acquireRelease(
    Effect.sync(() => {
      const pending = new Map<number, Pending>()
      let broken: Error | null = null
      let seq = 0
      const fail = (error: Error) => {
        broken ??= error
        for (const p of pending.values()) p.reject(broken)
        pending.clear()
      }
      const workers = Array.from({ length: size }, () => {
        const worker = new Worker(boot, { workerData: { entry }, resourceLimits: WORKER_HEAP })
        worker.on("message", (response: PrepareResponse) => {
          const p = pending.get(response.seq)
          pending.delete(response.seq)
          if (p === undefined) return
          if ("failure" in response) return p.reject(new Error(`preparing a batch failed: ${response.failure}`))
          const raw = response.returned === null || p.raw.format !== "jsonl" ? p.raw : { ...p.raw, bytes: response.returned }
          p.resolve({ prepared: response.prepared, raw })
        })
        worker.on("error", (e) => fail(new Error(`a prepare worker stopped: ${e instanceof Error ? e.message : String(e)}`)))
        worker.on("exit", (code) => fail(new Error(`a prepare worker exited (code ${code})`)))
        return worker
      })
      const prepare = (raw: RawCompanyRows, now: Date) => {
        const request: PrepareRequest = { seq: seq++, raw, now }
        const result = new Promise<PreparedBatch>((resolve, reject) => {
          if (broken !== null) return reject(broken)
          pending.set(request.seq, { raw, resolve, reject })
          const buffer = rawBuffer(raw)
          workers[request.seq % size]!.postMessage(request, buffer === null ? [] : [buffer])
        })
        // A batch the reader no longer waits for (the load failed) must not become an unhandled rejection.
        result.catch(() => undefined)
        return result
      }
      const close = () => {
        fail(new Error("the prepare workers were closed"))
        return Promise.all(workers.map((w) => w.terminate()))
      }
      return { pool: { prepare, size } satisfies PreparePool, close }
    }),
    ({ close }) => Effect.promise(close)
  ).pipe(Effect.map(({ pool }) => pool))
