import { Data, Effect, Stream } from "effect"
import * as fs from "node:fs"
import { IngestReporter } from "./IngestReporter.js"

export interface Rejection {
  readonly line: number
  readonly reason: string
}

/** One batch of a file, decoded: the items to write, each with its line, and the rows rejected while decoding. */
export interface DecodedBatch<A> {
  readonly items: ReadonlyArray<A>
  readonly rejected: ReadonlyArray<Rejection>
  /** Rows read and left aside without fault (GLEIF: rows of countries outside the 18): counted in `rows` only. */
  readonly skipped?: number
  readonly bytesDone: number
}

export interface WriteCounts {
  readonly inserted: number
  readonly updated: number
  readonly unchanged: number
  /** Rows the writer refused (e.g. no usable key), by index in the batch's items. */
  readonly refused?: ReadonlyArray<{ readonly index: number; readonly reason: string }>
  /** Procurement and trademarks: rows matched to a company. */
  readonly matched?: number
}

export interface FileSummary {
  readonly file: string
  readonly rows: number
  readonly inserted: number
  readonly updated: number
  readonly unchanged: number
  readonly rejected: number
  readonly matched: number
  readonly seconds: number
  readonly rowsPerSecond: number
  /** Companies: the file was the store's initial bulk load (one transaction, indexes built at the end). */
  readonly bulk?: boolean
  /** The first rejections (all are reported through IngestReporter as they happen). */
  readonly rejections: ReadonlyArray<Rejection>
}

export class IngestFileError extends Data.TaggedError("IngestFileError")<{ readonly file: string; readonly message: string }> {}

const KEPT_REJECTIONS = 1000
const PROGRESS_EVERY_MS = 1000

const fileSize = (file: string) =>
  Effect.try({
    try: () => fs.statSync(file).size,
    catch: (e) => new IngestFileError({ file, message: e instanceof Error ? e.message : String(e) })
  })

/**
 * Streams a file's decoded batches into a writer: decoding of the next batch overlaps the writes in flight
 * (`concurrency` batches, each its own transaction), no more is read than one batch ahead, results are
 * accounted in file order, progress goes to the IngestReporter at most once a second, every rejected row
 * is reported.
 */
export const runIngest = <A extends { readonly line: number }, E, R>(
  file: string,
  batches: () => AsyncIterable<DecodedBatch<A>>,
  write: (items: ReadonlyArray<A>) => Effect.Effect<WriteCounts, E, R>,
  /** Batches written at once (each its own transaction and connection). */
  concurrency = 1
): Effect.Effect<FileSummary, E | IngestFileError, R | IngestReporter> =>
  Effect.gen(function*() {
    const reporter = yield* IngestReporter
    const bytesTotal = yield* fileSize(file)
    const started = Date.now()
    let lastReport = started
    const state = { rows: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0, matched: 0 }
    const rejections: Array<Rejection> = []
    const reject = (r: Rejection) => {
      state.rejected++
      if (rejections.length < KEPT_REJECTIONS) rejections.push(r)
      return reporter.rejected(file, r.line, r.reason)
    }
    yield* Stream.fromAsyncIterable(
      batches(),
      (e) => new IngestFileError({ file, message: e instanceof Error ? e.message : String(e) })
    ).pipe(
      Stream.buffer({ capacity: 1 }),
      Stream.mapEffect((batch) => Effect.map(write(batch.items), (counts) => ({ batch, counts })), { concurrency }),
      Stream.runForEach(({ batch, counts }) =>
        Effect.gen(function*() {
          for (const r of batch.rejected) yield* reject(r)
          for (const refused of counts.refused ?? []) {
            yield* reject({ line: batch.items[refused.index]?.line ?? 0, reason: refused.reason })
          }
          state.rows += batch.items.length + batch.rejected.length + (batch.skipped ?? 0)
          state.inserted += counts.inserted
          state.updated += counts.updated
          state.unchanged += counts.unchanged
          state.matched += counts.matched ?? 0
          const now = Date.now()
          if (now - lastReport >= PROGRESS_EVERY_MS) {
            lastReport = now
            yield* reporter.progress({ file, rows: state.rows, bytesDone: batch.bytesDone, bytesTotal, elapsedMs: now - started })
          }
        })
      )
    )
    const seconds = (Date.now() - started) / 1000
    return {
      file,
      ...state,
      seconds,
      rowsPerSecond: Math.round(state.rows / Math.max(seconds, 0.001)),
      rejections
    }
  })
