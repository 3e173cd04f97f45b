import { Effect, Struct } from "effect"
import { actorOf } from "../../access/actor.js"
import { Decision, DecisionBody, DecisionListParams, DecisionPage } from "../../domain/schemas/Decision.js"
import { Decisions } from "../../decisions/Decisions.js"
import { makeTool } from "../tool.js"

export const decisionTools = [
  makeTool({
    name: "record_decision",
    description: "A decision on a hit: false_positive dismisses it in this subject's later verdicts while the entry " +
      "is unchanged.",
    writes: true,
    idempotent: false,
    input: DecisionBody,
    output: Decision,
    run: (key, input) => Effect.flatMap(Decisions, (decisions) => decisions.record(actorOf(key), input))
  }),
  makeTool({
    name: "list_decisions",
    description: "The account's decisions, newest first.",
    writes: false,
    idempotent: true,
    // key_id (one key's decisions) is a report's filter, left to GET /v1/decisions: tools/list stays within its budget.
    input: DecisionListParams.mapFields(Struct.omit(["key_id"])),
    output: DecisionPage,
    queryString: true,
    run: (key, input) =>
      Effect.flatMap(Decisions, (decisions) => decisions.list(key.accountId, { ...input, in_force: input.in_force === "true" }))
  })
]
