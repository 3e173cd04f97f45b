import { HttpApiBuilder } from "effect/http-api"
import { Effect } from "effect"
import { KybApi } from "../../api/Api.js"
import { CurrentApiKey } from "../../api/security.js"
import { Checks } from "../../checks/Checks.js"

export const ChecksHandlers = HttpApiBuilder.group(KybApi, "checks", (handlers) =>
  Effect.map(Checks, (checks) =>
    handlers
      .handle("get", ({ path }) => Effect.flatMap(CurrentApiKey, (key) => checks.get(key.accountId, path.id)))
      .handle("list", ({ urlParams }) => Effect.flatMap(CurrentApiKey, (key) => checks.list(key.accountId, urlParams)))))
