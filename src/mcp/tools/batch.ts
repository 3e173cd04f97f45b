import { Effect, Schema } from "effect"
import { actorOf } from "../../access/actor.js"
import { Job, MAX_BATCH_ITEMS } from "../../domain/schemas/Job.js"
import { IdParam } from "../../domain/schemas/params.js"
import { Batches } from "../../batch/Batches.js"
import { makeTool } from "../tool.js"

/** The batch route's JSON body as a tool's arguments (an object at the root), with its Idempotency-Key header. */
const BatchArguments = Schema.Struct({
  rows: Schema.Array(Schema.Unknown).check(
    Schema.isMinLength(1, { message: `must hold 1 to ${MAX_BATCH_ITEMS} rows` }),
    Schema.isMaxLength(MAX_BATCH_ITEMS, { message: `must hold 1 to ${MAX_BATCH_ITEMS} rows` })
  ).annotate({
    description: "Objects like verify_business's arguments"
  }),
  kind: Schema.optionalKey(Schema.Literals(["verify", "screen"]).annotate({ description: "screen: rows like screen_name's" })),
  idempotency_key: Schema.optionalKey(Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200)).annotate({
    description: "The same key and rows give the same job"
  }))
})

export const batchTools = [
  makeTool({
    name: "submit_batch",
    description: "Verifies (or screens) the rows in the background (quota: one per row); poll get_batch until status is done.",
    writes: true,
    idempotent: false,
    input: BatchArguments,
    output: Job,
    openWorld: true,
    run: (key, input) => Effect.flatMap(Batches, (batches) =>
      Effect.map(batches.submit(actorOf(key), input.rows, input.idempotency_key, "api", input.kind ?? "verify"), (submitted) => submitted.job))
  }),
  makeTool({
    name: "get_batch",
    description: "A batch job's progress; once done, each row's verdict or error in input order.",
    writes: false,
    idempotent: true,
    input: Schema.Struct({ id: IdParam("job") }),
    output: Job,
    run: (key, input) => Effect.flatMap(Batches, (batches) => batches.get(key.accountId, input.id))
  })
]
