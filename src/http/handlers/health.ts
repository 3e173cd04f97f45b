import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Effect } from "effect"
import { KybApi } from "../../api/Api.js"
import { capturing } from "./capturing.js"
import { Health } from "../../health/Health.js"

export const HealthHandlers = HttpApiBuilder.group(KybApi, "health", (handlers) =>
  Effect.map(Health, (health) => handlers.handle("health", () => health.check))).pipe(capturing(Health))
