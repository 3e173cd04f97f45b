import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Effect } from "effect"
import { KybApi } from "../../api/Api.js"
import { capturingGuarded } from "./capturing.js"
import { Cursors } from "../../access/Cursors.js"
import { Audit } from "../../audit/Audit.js"
import { auditPageFor } from "../../audit/auditApi.js"
import { auditing } from "../writeScope.js"

export const AuditHandlers = HttpApiBuilder.group(KybApi, "audit", (handlers) =>
  Effect.map(Effect.zip(Audit, Cursors), ([audit, cursors]) =>
    handlers.handle("list", ({ query }) =>
      auditing((key) => auditPageFor(key.accountId, query).pipe(Effect.provideService(Audit, audit), Effect.provideService(Cursors, cursors)))))).pipe(capturingGuarded(Audit, Cursors))
