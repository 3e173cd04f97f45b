import { SqlClient } from "effect/sql"
import { Effect, Option, Context, Layer } from "effect"
import type { Attribution } from "../access/actor.js"
import type { Plan } from "../domain/quotaWindow.js"
import type { ApprovalState } from "../domain/cases.js"
import type { DecisionRule } from "../domain/decisions.js"

export interface DecisionRow extends DecisionRule {
  readonly subject: unknown
  readonly note: string | null
  readonly account_id: string
  readonly key_id: string | null
  readonly decided_by: Attribution | null
  readonly superseded_by: string | null
  readonly approval: ApprovalState
  readonly reviewed_by: Attribution | null
  readonly reviewed_at: string | null
  readonly case_id: string | null
  /** The member whose proposal it is (who made it, or made the key it was made with); null: nobody known. */
  readonly proposer_member: string | null
  readonly proposer_name: string | null
  readonly proposal_id: string
  readonly review_note: string | null
  readonly case_status: string | null
  readonly case_outcome: string | null
}

/** What a proposal's second look (or its withdrawal) sets. */
export interface ProposalOutcome {
  readonly outcome: "approved" | "rejected" | "withdrawn"
  readonly by: Attribution
  readonly note: string | null
}

/** SQL of reviewers' decisions. */
export class DecisionsRepo extends Context.Service<DecisionsRepo>()("kyb/DecisionsRepo", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql`id, account_id, key_id, decided_by, subject, list, entry_id, entry_hash, decision, note, scope_country, superseded_by,
      approval, reviewed_by, case_id, proposer_member, proposal_id, review_note,
      (SELECT m.name FROM members m WHERE m.id = decisions.proposer_member) AS proposer_name,
      (SELECT c.status FROM cases c WHERE c.id = decisions.case_id) AS case_status,
      (SELECT c.outcome FROM cases c WHERE c.id = decisions.case_id) AS case_outcome,
      to_char(reviewed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS reviewed_at,
      to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`

    /**
     * The member whose proposal a decision is: the member who made it, or the member who made the key it was made
     * with (a key acts for its maker); null: nobody known (a key the operator's CLI issued).
     */
    const proposerOf = (by: Attribution | null, keyId: string | null) =>
      by?.type === "member" ? sql`${by.id}`
        : keyId === null ? sql`NULL`
        : sql`(SELECT k.created_by->>'id' FROM api_keys k WHERE k.id = ${keyId} AND k.created_by->>'type' = 'member')`

    /** The member who made a key (the member it acts for); null: nobody known. */
    const keyMaker = (keyId: string) =>
      sql<{ id: string | null }>`SELECT (${proposerOf(null, keyId)}) AS id`.pipe(Effect.map((rows) => rows[0]?.id ?? null))

    /** The one in force on the same subject, scope and entry is superseded by `id` (kept, as history). */
    const supersede = (row: { readonly id: string; readonly accountId: string; readonly subjectKey: string; readonly scopeCountry: string | null; readonly list: string; readonly entryId: string }) =>
      sql`UPDATE decisions SET superseded_by = ${row.id}
        WHERE account_id = ${row.accountId} AND subject_key = ${row.subjectKey} AND scope_country IS NOT DISTINCT FROM ${row.scopeCountry}
          AND list = ${row.list} AND entry_id = ${row.entryId} AND superseded_by IS NULL AND id <> ${row.id}
          AND approval IN ('not_needed', 'approved')`

    const insert = (row: {
      readonly id: string; readonly accountId: string; readonly keyId: string | null; readonly decidedBy: Attribution | null; readonly subject: unknown; readonly subjectKey: string
      readonly list: string; readonly entryId: string; readonly entryHash: string; readonly decision: string; readonly note: string | null
      readonly scopeCountry: string | null; readonly approval: "not_needed" | "pending"; readonly caseId: string | null; readonly proposalId: string
    }) =>
      Effect.gen(function*() {
        const [inserted] = yield* sql<DecisionRow>`INSERT INTO decisions (id, account_id, key_id, decided_by, subject, subject_key, list, entry_id, entry_hash,
            decision, note, scope_country, approval, case_id, proposal_id, proposer_member)
          VALUES (${row.id}, ${row.accountId}, ${row.keyId}, ${row.decidedBy === null ? null : JSON.stringify(row.decidedBy)}::jsonb, ${JSON.stringify(row.subject)}::jsonb, ${row.subjectKey}, ${row.list},
            ${row.entryId}, ${row.entryHash}, ${row.decision}, ${row.note}, ${row.scopeCountry}, ${row.approval}, ${row.caseId}, ${row.proposalId},
            ${proposerOf(row.decidedBy, row.keyId)})
          RETURNING ${columns}`
        // a pending proposal replaces nothing until it is approved
        if (row.approval === "not_needed") yield* supersede(row)
        return inserted!
      })

    /**
     * A proposal (every pending decision of it) approved, rejected or withdrawn, only while it is still pending (one
     * conditional statement: of two reviewers at once, one changes it and the other finds it no longer pending);
     * approved, each supersedes the one in force before it. Empty: it was not pending (or not the account's).
     */
    const settle = (accountId: string, proposalId: string, o: ProposalOutcome) =>
      Effect.gen(function*() {
        const rows = yield* sql<DecisionRow & { subject_key: string }>`UPDATE decisions SET approval = ${o.outcome},
            reviewed_by = ${JSON.stringify(o.by)}::jsonb, reviewed_at = now(), review_note = ${o.note}
          WHERE account_id = ${accountId} AND proposal_id = ${proposalId} AND approval = 'pending' RETURNING ${columns}, subject_key`
        if (o.outcome === "approved") {
          for (const row of rows) {
            yield* supersede({ id: row.id, accountId, subjectKey: row.subject_key, scopeCountry: row.scope_country ?? null, list: row.list, entryId: row.entry_id })
          }
        }
        return rows as ReadonlyArray<DecisionRow>
      })

    /** The account's pending decisions, oldest first (the Awaiting approval view), at most `limit`. */
    const pending = (accountId: string, limit: number) =>
      sql<DecisionRow>`SELECT ${columns} FROM decisions WHERE account_id = ${accountId} AND approval = 'pending' ORDER BY created_at, id LIMIT ${limit}`

    /** How many proposals wait for a second look that `memberId` may give (theirs excluded): the menu's count. */
    const pendingFor = (accountId: string, memberId: string) =>
      sql<{ n: number }>`SELECT count(DISTINCT proposal_id)::int AS n FROM decisions
        WHERE account_id = ${accountId} AND approval = 'pending' AND proposer_member IS DISTINCT FROM ${memberId}`.pipe(
        Effect.map((rows) => Number(rows[0]?.n ?? 0))
      )

    /** The decisions on any of these subjects (a check's), newest first. */
    const onSubjects = (accountId: string, subjectKeys: ReadonlyArray<string>, limit: number) =>
      subjectKeys.length === 0 ? Effect.succeed<ReadonlyArray<DecisionRow>>([])
        : sql<DecisionRow>`SELECT ${columns} FROM decisions WHERE account_id = ${accountId} AND subject_key IN ${sql.in(subjectKeys)}
            ORDER BY created_at DESC, id DESC LIMIT ${limit}`

    /** The account's four-eyes policy as set last: who changed it and when (null: never changed, the default). */
    const policyChange = (accountId: string) =>
      sql<{ by: Attribution | null; at: string | null }>`SELECT four_eyes_changed_by AS by,
          to_char(four_eyes_changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at FROM accounts WHERE id = ${accountId}`.pipe(
        Effect.map((rows) => ({ by: rows[0]?.by ?? null, at: rows[0]?.at ?? null }))
      )

    const find = (accountId: string, id: string) =>
      sql<DecisionRow>`SELECT ${columns} FROM decisions WHERE account_id = ${accountId} AND id = ${id}`.pipe(Effect.map((rows) => Option.fromNullishOr(rows[0])))

    /** The decisions taken on a case, newest first. */
    const ofCase = (accountId: string, caseId: string) =>
      sql<DecisionRow>`SELECT ${columns} FROM decisions WHERE account_id = ${accountId} AND case_id = ${caseId} ORDER BY created_at DESC, id DESC`

    /** An account's decisions (one key's, with `keyId`), newest first, after the decision `afterId`. */
    const list = (accountId: string, options: {
      readonly keyId: string | null; readonly inForce: boolean; readonly afterId: string | null; readonly limit: number
    }) =>
      sql<DecisionRow>`SELECT ${columns} FROM decisions WHERE account_id = ${accountId}
        ${options.inForce ? sql`AND superseded_by IS NULL AND approval IN ('not_needed', 'approved')` : sql``}
        ${options.keyId === null ? sql`` : sql`AND key_id = ${options.keyId}`}
        ${options.afterId === null ? sql`` : sql`AND (decisions.created_at, id) < (SELECT p.created_at, p.id FROM decisions p WHERE p.id = ${options.afterId})`}
        ORDER BY decisions.created_at DESC, id DESC LIMIT ${options.limit}`

    /** The account's decisions in force on these subjects and entries, for a verification in `country` (null: none given). */
    const applicable = (accountId: string, subjectKeys: ReadonlyArray<string>, entryIds: ReadonlyArray<string>, country: string | null) =>
      subjectKeys.length === 0 || entryIds.length === 0
        ? Effect.succeed<ReadonlyArray<DecisionRow>>([])
        : sql<DecisionRow>`SELECT ${columns} FROM decisions
            WHERE account_id = ${accountId} AND subject_key IN ${sql.in(subjectKeys)} AND entry_id IN ${sql.in(entryIds)}
              AND superseded_by IS NULL AND approval IN ('not_needed', 'approved') AND (scope_country IS NULL OR scope_country = ${country})`

    /** The account's four-eyes policy and plan (for its events' deliveries). */
    const policy = (accountId: string) =>
      sql<{ four_eyes: boolean; four_eyes_threshold: number; plan: Plan }>`SELECT four_eyes, four_eyes_threshold, plan FROM accounts WHERE id = ${accountId}`.pipe(
        Effect.map((rows) => rows[0] === undefined
          ? { policy: { enabled: false, threshold: 1 }, plan: "free" as Plan }
          : { policy: { enabled: rows[0].four_eyes, threshold: Number(rows[0].four_eyes_threshold) }, plan: rows[0].plan }))

    /** A decision's event (decision.pending, .approved, .rejected), in the caller's transaction. */
    const event = (e: { readonly id: string; readonly accountId: string; readonly keyId: string | null; readonly type: string; readonly data: unknown }) =>
      sql`INSERT INTO events (id, account_id, key_id, type, data) VALUES (${e.id}, ${e.accountId}, ${e.keyId}, ${e.type}, ${JSON.stringify(e.data)}::jsonb)`

    return { insert, keyMaker, settle, pending, pendingFor, onSubjects, policyChange, policy, event, find, ofCase, list, applicable } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
