import { Effect, Layer } from "effect"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"

/** A writer that dies on its third batch (either write path), as a process killed mid-ingest would stop. */
export const DyingWriter = Layer.effect(
  CompanyWriter,
  Effect.gen(function*() {
    const real = yield* CompanyWriter
    let batches = 0
    const dies = () => ++batches === 3
    return CompanyWriter.make({
      ...real,
      upsertObservations: (observations, options) =>
        dies() ? Effect.die("killed") : real.upsertObservations(observations, options),
      initialLoad: (load) => real.initialLoad((write) => load((batch, observations) => dies() ? Effect.die("killed") : write(batch, observations)))
    })
  }).pipe(Effect.provide(CompanyWriter.Default))
)
