import { Effect, Option } from "effect"
import { randomUUID } from "node:crypto"
import type { Actor, PageParams } from "../access/actor.js"
import { ListEntryNotFound } from "../api/errors.js"
import { decodeCursor, encodeCursor } from "../checks/cursor.js"
import { Decision, DecisionPage } from "../api/schemas/Decision.js"
import type { DecisionBody } from "../api/schemas/Decision.js"
import { companySubjectKey, nameSubjectKey } from "../domain/decisions.js"
import { normalizeName } from "../domain/normalize.js"
import { numberKey } from "../domain/registrationNumbers.js"
import { Screener } from "../sanctions/Screener.js"
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
    created_at: row.created_at
  })

/**
 * Reviewers' decisions on hits (issue 17): recorded against the entry as it is listed now (its content hash), they
 * belong to the key's account (or the key) and apply to every later verification of the same subject by that account:
 * a dismissed hit is still reported, marked, and no longer makes the verdict review, until the entry changes.
 */
export class Decisions extends Effect.Service<Decisions>()("kyb/Decisions", {
  effect: Effect.gen(function*() {
    const repo = yield* DecisionsRepo
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
        const row = yield* repo.insert({
          id: randomUUID(),
          accountId: actor.accountId,
          keyId: actor.keyId,
          subject,
          subjectKey: subjectKeyOf(body),
          list: body.list,
          entryId: body.entry_id,
          entryHash: entry.value.entry_hash,
          decision: body.decision,
          note: body.note ?? null
        })
        yield* Effect.logInfo("decision recorded").pipe(Effect.annotateLogs({ decision_id: row.id, decision: row.decision, list: row.list, entry_id: row.entry_id }))
        return decisionOf(row)
      }).pipe(Effect.catchTag("SqlError", Effect.die))

    const list = (accountId: string, params: PageParams) =>
      Effect.gen(function*() {
        const limit = params.limit ?? 50
        const rows = yield* repo.list(accountId, {
          keyId: params.key_id ?? null,
          afterId: params.cursor === undefined ? null : decodeCursor(params.cursor)?.id ?? "",
          limit: limit + 1
        })
        const shown = rows.slice(0, limit)
        const last = shown.at(-1)
        return new DecisionPage({
          decisions: shown.map(decisionOf),
          next_cursor: rows.length > limit && last !== undefined ? encodeCursor(new Date(last.created_at), last.id) : null
        })
      }).pipe(Effect.orDie)

    /** For the Verifier: the account's decisions that may apply to a verification. */
    const lookupFor = (accountId: string) => (query: DecisionQuery) =>
      repo.applicable(accountId, query.subjectKeys, [...new Set(query.entries.map((e) => e.entry_id))]).pipe(Effect.orDie)

    return { record, list, lookupFor } as const
  }),
  dependencies: [DecisionsRepo.Default]
}) {}
