import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Effect } from "effect"
import { actorOf } from "../../access/actor.js"
import { KybApi } from "../../api/Api.js"
import { CurrentApiKey } from "../../api/security.js"
import { Screening } from "../../screening/Screening.js"

/** Every screening answered over the API is kept as a check (`check_id`). */
export const ScreenHandlers = HttpApiBuilder.group(KybApi, "screen", (handlers) =>
  Effect.map(Screening, (screening) =>
    handlers.handle("screen", ({ payload }) => Effect.flatMap(CurrentApiKey, (key) => screening.screen(payload, actorOf(key))))))
