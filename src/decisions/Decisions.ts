import { Effect, Option } from "effect"
import { randomUUID } from "node:crypto"
import type { Actor, PageParams } from "../access/actor.js"
import { InvalidApiKey, ListEntryNotFound } from "../api/errors.js"
import { readKeysetPage } from "../checks/cursor.js"
import { Decision, DecisionPage } from "../api/schemas/Decision.js"
import type { DecisionBody } from "../api/schemas/Decision.js"
import { companySubjectKey, nameSubjectKey } from "../domain/decisions.js"
import { normalizeName } from "../domain/normalize.js"
import { numberKey } from "../domain/registrationNumbers.js"
import { Screener } from "../sanctions/Screener.js"
import { Fence } from "../tenancy/Fence.js"
import { Limits } from "../tenancy/Limits.js"
import { Audit } from "../audit/Audit.js"
import type { DecisionQuery } from "../verify/Verifier.js"
import { type DecisionRow, DecisionsRepo } from "./DecisionsRepo.js"

const subjectKeyOf = (body: typeof DecisionBody.Type) =>
  body.registration_no !== undefined && body.country !== undefined
    ? companySubjectKey(body.country, numberKey(body.registration_no))
    : nameSubjectKey(normalizeName(body.name ?? "", body.country))

const decisionOf = (row: DecisionRow) =>
  new Decision({
    id: row.id,
    subject: row.subject as Decision["subject"],
    list: row.list as Decision["list"],
    entry_id: row.entry_id,
    entry_hash: row.entry_hash,
    decision: row.decision,
    note: row.note,
    created_at: row.created_at,
    superseded_by: row.superseded_by,
    decided_by: row.decided_by
  })

/**
 * Reviewers' decisions on hits (issue 17): recorded against the entry as it is listed now (its content hash), they
 * belong to the key's account (or the key) and apply to every later verification of the same subject by that account:
 * a dismissed hit is still reported, marked, and no longer makes the verdict review, until the entry changes.
 */
export class Decisions extends Effect.Service<Decisions>()("kyb/Decisions", {
  effect: Effect.gen(function*() {
    const repo = yield* DecisionsRepo
    const audit = yield* Audit
    const limits = yield* Limits
    const fence = yield* Fence
    const screener = yield* Screener

    const record = (actor: Actor, body: typeof DecisionBody.Type) =>
      Effect.gen(function*() {
        const entry = yield* screener.entry(body.list, body.entry_id)
        if (Option.isNone(entry)) {
          return yield* Effect.fail(ListEntryNotFound.of(`No entry ${body.entry_id} on the active version of ${body.list}.`))
        }
        const subject = {
          ...(body.name === undefined ? {} : { name: body.name }),
          ...(body.country === undefined ? {} : { country: body.country.toUpperCase() }),
          ...(body.registration_no === undefined ? {} : { registration_no: body.registration_no })
        }
        const row = yield* fence.guarded("decision", actor, "account", Effect.gen(function*() {
          yield* limits.admit(actor.accountId, "decisions")
          const id = randomUUID()
          yield* audit.record(actor, {
            action: "decision.recorded",
            object: { type: "decision", id },
            details: { decision: body.decision, list: body.list, entry_id: body.entry_id, subject: body.name ?? `${body.country ?? ""} ${body.registration_no ?? ""}`.trim() }
          })
          return yield* repo.insert({
          id,
          accountId: actor.accountId,
          keyId: actor.keyId,
          decidedBy: actor.by,
          subject,
          subjectKey: subjectKeyOf(body),
          list: body.list,
          entryId: body.entry_id,
          entryHash: entry.value.entry_hash,
          decision: body.decision,
          note: body.note ?? null,
          // a name's decision applies in the country it names; a company's subject names its country already
          scopeCountry: body.registration_no === undefined && body.country !== undefined ? body.country.toUpperCase() : null
          })
        })).pipe(Effect.catchTag("AccessEnded", (ended) => Effect.fail(InvalidApiKey.of(ended.message))))
        yield* Effect.logInfo("decision recorded").pipe(Effect.annotateLogs({ decision_id: row.id, decision: row.decision, list: row.list, entry_id: row.entry_id }))
        return decisionOf(row)
      }).pipe(Effect.catchTag("SqlError", Effect.die))

    const list = (accountId: string, params: PageParams & { readonly in_force?: boolean | undefined }) =>
      readKeysetPage(params, 50, (query) => repo.list(accountId, { ...query, inForce: params.in_force ?? false })).pipe(
        Effect.map(({ shown, nextCursor }) => new DecisionPage({ decisions: shown.map(decisionOf), next_cursor: nextCursor })),
        Effect.orDie
      )

    /** For the Verifier: the account's decisions that may apply to a verification. */
    const lookupFor = (accountId: string) => (query: DecisionQuery) =>
      repo.applicable(accountId, query.subjectKeys, [...new Set(query.entries.map((e) => e.entry_id))], query.country).pipe(Effect.orDie)

    return { record, list, lookupFor } as const
  }),
  dependencies: [DecisionsRepo.Default, Limits.Default, Fence.Default, Audit.Default]
}) {}
