import { Effect } from "effect"
import type { Attribution } from "../access/actor.js"
import { Cursors } from "../access/Cursors.js"
import { InvalidRequest } from "../domain/errors.js"
import { AuditEntry, AuditPage } from "../domain/schemas/Audit.js"
import type { AuditAction } from "../domain/auditActions.js"
import type { AuditEntry as StoredEntry } from "../domain/auditChain.js"
import { Audit } from "./Audit.js"

type Details = AuditEntry["details"]

/** A stored entry as the API gives it (GET /v1/audit, and a case file's audit document). */
export const entryOf = (e: StoredEntry) =>
  new AuditEntry({
    seq: e.seq,
    at: e.at,
    actor: e.actor as Attribution | null,
    action: e.action as AuditAction,
    object: e.object_id === null ? null : { type: e.object_type ?? "", id: e.object_id },
    address: e.address,
    client: e.client,
    outcome: e.outcome as AuditEntry["outcome"],
    details: e.details as Details,
    prev_hash: e.prev_hash,
    hash: e.hash
  })

/** GET /v1/audit: a page of the account's log as the API gives it (the params checked by the route's schema). */
export const auditPageFor = (accountId: string, params: {
  readonly limit?: number | undefined; readonly cursor?: string | undefined; readonly actor_id?: string | undefined
  readonly action?: AuditAction | undefined; readonly object_id?: string | undefined; readonly day?: string | undefined
}) =>
  Effect.gen(function*() {
    const filters = { actor_id: params.actor_id, action: params.action, object_id: params.object_id, day: params.day }
    const pager = yield* (yield* Cursors).bind({ list: "audit", accountId, filters })
    const after = yield* pager.open(params.cursor)
    if (after !== null && !/^\d{1,15}$/.test(after)) return yield* Effect.fail(InvalidRequest.of("cursor: must be a next_cursor this list gave"))
    const { entries, next } = yield* (yield* Audit).page(accountId, { actorId: params.actor_id, action: params.action, objectId: params.object_id, day: params.day },
      after === null ? 0 : Number(after), params.limit ?? 50)
    return new AuditPage({ entries: entries.map(entryOf), next_cursor: next === null ? null : pager.sealText(String(next)) })
  })
