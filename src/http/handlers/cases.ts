import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Effect } from "effect"
import { KybApi } from "../../api/Api.js"
import { capturingGuarded } from "./capturing.js"
import { keyAttribution } from "../../access/actor.js"
import { CurrentApiKey } from "../../api/security.js"
import { CaseFiles } from "../../cases/CaseFiles.js"
import { Cases } from "../../cases/Cases.js"
import { scopeReadsAudit } from "../../domain/keyScope.js"
import { CaseBulk } from "../../cases/CaseBulk.js"
import { reading, writing } from "../writeScope.js"

export const CasesHandlers = HttpApiBuilder.group(KybApi, "cases", (handlers) =>
  Effect.map(Effect.all([Cases, CaseFiles, CaseBulk]), ([cases, files, bulk]) =>
    handlers
      .handle("bulk", ({ payload }) => writing((_key, actor) => bulk.apply(actor, payload)))
      .handle("list", ({ query }) => Effect.flatMap(CurrentApiKey, (key) => cases.queue(key.accountId, query)))
      .handle("get", ({ params }) => Effect.flatMap(CurrentApiKey, (key) => cases.get(key.accountId, params.id)))
      .handle("file", ({ params }) => reading((key, actor) => files.file({ ...actor, by: keyAttribution(key) }, params.id, scopeReadsAudit(key.scope))))
      .handle("assign", ({ params, payload }) => writing((_key, actor) => cases.assign(actor, params.id, payload.assignee === "none" ? null : payload.assignee)))
      .handle("comment", ({ params, payload }) => writing((_key, actor) => cases.comment(actor, params.id, payload.text)))
      .handle("escalate", ({ params, payload }) => writing((_key, actor) => cases.escalateAsked(actor, params.id, payload.reason, payload.to)))
      .handle("close", ({ params, payload }) => writing((_key, actor) => cases.close(actor, params.id, { outcome: payload.outcome, text: payload.text ?? null, acknowledged: payload.acknowledged_reasons ?? [] })))
      .handle("decide", ({ params, payload }) => writing((_key, actor) => cases.decide(actor, params.id, payload))))).pipe(capturingGuarded(Cases, CaseFiles, CaseBulk))
