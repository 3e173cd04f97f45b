import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Effect } from "effect"
import { KybApi } from "../../api/Api.js"
import { capturingGuarded } from "./capturing.js"
import { CurrentApiKey } from "../../api/security.js"
import { ProposalDecisions } from "../../domain/schemas/Decision.js"
import { Decisions } from "../../decisions/Decisions.js"
import { SecondLooks } from "../../decisions/SecondLooks.js"
import { writing } from "../writeScope.js"

export const DecisionsHandlers = HttpApiBuilder.group(KybApi, "decisions", (handlers) =>
  Effect.map(Effect.all([Decisions, SecondLooks]), ([decisions, looks]) =>
    handlers
      .handle("record", ({ payload }) => writing((_key, actor) => decisions.record(actor, payload)))
      .handle("list", ({ query }) => Effect.flatMap(CurrentApiKey, (key) => decisions.list(key.accountId, { ...query, in_force: query.in_force === "true" })))
      .handle("withdraw", ({ params, payload }) => writing((_key, actor) =>
        Effect.map(looks.withdraw(actor, params.id, payload.note), (decisions) => new ProposalDecisions({ decisions })))))).pipe(capturingGuarded(Decisions, SecondLooks))
