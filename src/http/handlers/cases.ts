import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Effect } from "effect"
import { KybApi } from "../../api/Api.js"
import { CurrentApiKey } from "../../api/security.js"
import { Cases } from "../../cases/Cases.js"
import { CaseBulk } from "../../cases/CaseBulk.js"
import { writing } from "../writeScope.js"

export const CasesHandlers = HttpApiBuilder.group(KybApi, "cases", (handlers) =>
  Effect.map(Effect.all([Cases, CaseBulk]), ([cases, bulk]) =>
    handlers
      .handle("bulk", ({ payload }) => writing((_key, actor) => bulk.apply(actor, payload)))
      .handle("list", ({ query }) => Effect.flatMap(CurrentApiKey, (key) => cases.queue(key.accountId, query)))
      .handle("get", ({ params }) => Effect.flatMap(CurrentApiKey, (key) => cases.get(key.accountId, params.id)))
      .handle("assign", ({ params, payload }) => writing((_key, actor) => cases.assign(actor, params.id, payload.assignee === "none" ? null : payload.assignee)))
      .handle("comment", ({ params, payload }) => writing((_key, actor) => cases.comment(actor, params.id, payload.text)))
      .handle("escalate", ({ params }) => writing((_key, actor) => cases.escalate(actor, params.id)))
      .handle("close", ({ params, payload }) => writing((_key, actor) => cases.close(actor, params.id, { type: "close", outcome: payload.outcome, text: payload.text ?? null })))
      .handle("decide", ({ params, payload }) => writing((_key, actor) => cases.decide(actor, params.id, payload)))))
