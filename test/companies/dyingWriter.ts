import { Effect, Layer } from "effect"
import { BulkLoad } from "../../src/companies/ingest/bulk/BulkLoad.js"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"

/**
 * A writer and an initial load that die on the third batch written by either (as a process killed mid-ingest
 * would stop): batch by batch through CompanyWriter, or through BulkLoad's batch writer (COPY or merge).
 */
export const DyingWriter = Layer.unwrap(Effect.sync(() => {
  let batches = 0
  const dies = () => ++batches === 3
  const writer = Layer.effect(
    CompanyWriter,
    Effect.map(CompanyWriter, (real) =>
      CompanyWriter.make({
        ...real,
        upsertObservations: (observations, options) =>
          dies() ? Effect.die("killed") : real.upsertObservations(observations, options)
      }))
  ).pipe(Layer.provide(CompanyWriter.Default))
  const bulk = Layer.effect(
    BulkLoad,
    Effect.map(BulkLoad, (real) =>
      BulkLoad.make({
        ...real,
        initialLoad: (load) =>
          real.initialLoad((write) => load((batch, observations) => dies() ? Effect.die("killed") : write(batch, observations)))
      }))
  ).pipe(Layer.provide(BulkLoad.Default))
  return Layer.merge(writer, bulk)
}))
