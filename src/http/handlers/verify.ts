import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Effect } from "effect"
import { actorOf } from "../../access/actor.js"
import { KybApi } from "../../api/Api.js"
import { capturingGuarded } from "./capturing.js"
import { CurrentApiKey } from "../../api/security.js"
import { Checks } from "../../checks/Checks.js"

/** Every verdict answered over the API is kept as a check (`check_id`). */
export const VerifyHandlers = HttpApiBuilder.group(KybApi, "verify", (handlers) =>
  Effect.map(Checks, (checks) =>
    handlers
      .handle("verifyByQuery", ({ query }) => Effect.flatMap(CurrentApiKey, (key) => checks.verify(query, actorOf(key))))
      .handle("verifyByBody", ({ payload }) => Effect.flatMap(CurrentApiKey, (key) => checks.verify(payload, actorOf(key)))))).pipe(capturingGuarded(Checks))
