import { Console, Effect, Layer, Context } from "effect"

export interface IngestProgress {
  readonly file: string
  readonly rows: number
  readonly bytesDone: number
  readonly bytesTotal: number
  readonly elapsedMs: number
}

const percent = (done: number, total: number) => total === 0 ? 100 : Math.min(100, Math.round((done / total) * 1000) / 10)

const mb = (bytes: number) => (bytes / 1048576).toFixed(1)

/** Where an ingest reports as it goes: progress lines and every rejected row, on stderr by default. */
export class IngestReporter extends Context.Service<IngestReporter>()("kyb/IngestReporter", {
  make: Effect.succeed({
    progress: (p: IngestProgress) =>
      Console.error(
        `${p.file}: ${p.rows} rows, ${Math.round(p.rows / Math.max(p.elapsedMs / 1000, 0.001))} rows/s, ` +
          `${mb(p.bytesDone)}/${mb(p.bytesTotal)} MB (${percent(p.bytesDone, p.bytesTotal)}%)`
      ),
    rejected: (file: string, line: number, reason: string) => Console.error(`${file}:${line}: rejected: ${reason}`)
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
  /** Reports nothing (tests; the summary still lists rejected rows). */
  static readonly silent = Layer.succeed(
    IngestReporter,
    IngestReporter.of({ progress: () => Effect.void, rejected: () => Effect.void })
  )
}
