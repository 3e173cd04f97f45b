import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Effect } from "effect"
import { KybApi } from "../../api/Api.js"
import { capturingGuarded } from "./capturing.js"
import { CurrentApiKey } from "../../api/security.js"
import { Checks } from "../../checks/Checks.js"

export const ChecksHandlers = HttpApiBuilder.group(KybApi, "checks", (handlers) =>
  Effect.map(Checks, (checks) =>
    handlers
      .handle("get", ({ params }) => Effect.flatMap(CurrentApiKey, (key) => checks.get(key.accountId, params.id)))
      .handle("list", ({ query }) => Effect.flatMap(CurrentApiKey, (key) => checks.list(key.accountId, query))))).pipe(capturingGuarded(Checks))
