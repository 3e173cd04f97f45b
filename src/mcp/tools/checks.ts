import { Effect, Schema } from "effect"
import { actorOf } from "../../access/actor.js"
import { Check, CheckListParams, CheckPage } from "../../domain/schemas/Check.js"
import { IdParam } from "../../domain/schemas/params.js"
import { Verdict, VerifyBody } from "../../domain/schemas/Verdict.js"
import { Checks } from "../../checks/Checks.js"
import { makeTool } from "../tool.js"

export const checkTools = [
  makeTool({
    name: "verify_business",
    description: "Is the business registered, active and not sanctioned, with the evidence and each sanctions hit " +
      "explained; kept as a check. On review ambiguous_match: call again with a candidate's registration_no and country.",
    writes: false,
    idempotent: false,
    input: VerifyBody,
    output: Verdict,
    openWorld: true,
    run: (key, input) => Effect.flatMap(Checks, (checks) => checks.verify(input, actorOf(key)))
  }),
  makeTool({
    name: "get_check",
    description: "A verification as asked and answered, with the list versions screened.",
    writes: false,
    idempotent: true,
    input: Schema.Struct({ id: IdParam("check") }),
    output: Check,
    run: (key, input) => Effect.flatMap(Checks, (checks) => checks.get(key.accountId, input.id))
  }),
  makeTool({
    name: "list_checks",
    description: "The account's checks, newest first.",
    writes: false,
    idempotent: true,
    input: CheckListParams,
    output: CheckPage,
    queryString: true,
    run: (key, input) => Effect.flatMap(Checks, (checks) => checks.list(key.accountId, input))
  })
]
