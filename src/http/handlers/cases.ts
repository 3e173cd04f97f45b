import { HttpApiBuilder } from "effect/http-api"
import { Effect } from "effect"
import { KybApi } from "../../api/Api.js"
import { CurrentApiKey } from "../../api/security.js"
import { Cases } from "../../cases/Cases.js"
import { writing } from "../writeScope.js"

export const CasesHandlers = HttpApiBuilder.group(KybApi, "cases", (handlers) =>
  Effect.map(Cases, (cases) =>
    handlers
      .handle("list", ({ urlParams }) => Effect.flatMap(CurrentApiKey, (key) => cases.queue(key.accountId, urlParams)))
      .handle("get", ({ path }) => Effect.flatMap(CurrentApiKey, (key) => cases.get(key.accountId, path.id)))
      .handle("assign", ({ path, payload }) => writing((_key, actor) => cases.assign(actor, path.id, payload.assignee === "none" ? null : payload.assignee)))
      .handle("comment", ({ path, payload }) => writing((_key, actor) => cases.comment(actor, path.id, payload.text)))
      .handle("escalate", ({ path }) => writing((_key, actor) => cases.escalate(actor, path.id)))
      .handle("close", ({ path, payload }) => writing((_key, actor) => cases.close(actor, path.id, { type: "close", outcome: payload.outcome, text: payload.text ?? null })))
      .handle("decide", ({ path, payload }) => writing((_key, actor) => cases.decide(actor, path.id, payload)))))
