import { SqlClient } from "effect/sql"
import { Effect, Option, Context, Layer } from "effect"
import type { CaseStatus } from "../domain/cases.js"
import type { HeldCase, Joining } from "../domain/caseFlow.js"
import type { Plan } from "../domain/quotaWindow.js"
import type { CaseIntake } from "./caseOfCheck.js"
import { newCaseId } from "./CasesRepo.js"

const parsed = <A>(value: unknown): A => (typeof value === "string" ? JSON.parse(value) as A : value as A)
const json = (value: unknown) => JSON.stringify(value)

/** A subject's case as a joining check reads it, locked until the check's transaction ends. */
export interface HeldRow {
  readonly id: string
  readonly subject: Readonly<Record<string, string>>
  readonly state: HeldCase
}

/**
 * SQL of checks joining cases (issue 55), run in the transaction that keeps the check: the subject's case read and
 * locked, opened (one per subject: the unique key settles two checks at once), joined, and a reopening's event.
 */
export class CaseJoinsRepo extends Context.Service<CaseJoinsRepo>()("kyb/CaseJoinsRepo", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    /** The case of one of `subjectKeys` (the oldest), locked. */
    const held = (accountId: string, subjectKeys: ReadonlyArray<string>) =>
      sql`SELECT id, subject, status, reasons, latest_hits, reasons_seen, hits, latest_check_id::text AS latest_check_id, last_check_at
        FROM cases WHERE account_id = ${accountId} AND subject_key IN ${sql.in(subjectKeys)} ORDER BY opened_at, id LIMIT 1 FOR UPDATE`.pipe(
        Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), (r): HeldRow => ({
          id: String(r["id"]),
          subject: parsed(r["subject"]),
          state: {
            status: r["status"] as CaseStatus,
            latest: r["latest_check_id"] === null ? null : { at: new Date(r["last_check_at"] as string).getTime(), id: String(r["latest_check_id"]) },
            current: { reasons: parsed(r["reasons"]), hits: parsed(r["latest_hits"]) },
            seen: { reasons: parsed(r["reasons_seen"]), hits: parsed(r["hits"]) }
          }
        })))
      )

    /** Opens the subject's case with the check, unless one was opened meanwhile (then none: join that one). */
    const open = Effect.fnUntraced(function*(c: CaseIntake) {
      const id = newCaseId()
      const at = c.at.toISOString()
      const made = yield* sql<{ id: string }>`INSERT INTO cases (id, account_id, subject_key, subject, reasons, reasons_seen, hits, latest_hits,
          latest_check_id, best_score, best_list, best_name, check_count, opened_at, last_check_at)
        VALUES (${id}, ${c.accountId}, ${c.subjectKey}, ${json(c.subject)}::jsonb, ${json(c.findings.reasons)}::jsonb, ${json(c.findings.reasons)}::jsonb,
          ${json(c.findings.hits)}::jsonb, ${json(c.findings.hits)}::jsonb, ${c.checkId}::uuid, ${c.best?.score ?? null}, ${c.best?.list ?? null},
          ${c.best?.name ?? null}, 1, ${at}::timestamptz, ${at}::timestamptz)
        ON CONFLICT (account_id, subject_key) DO NOTHING RETURNING id`
      if (made.length === 0) return Option.none<string>()
      yield* link(id, c)
      return Option.some(id)
    })

    const link = (caseId: string, c: CaseIntake) =>
      sql`INSERT INTO case_checks (case_id, check_id, created_at) VALUES (${caseId}, ${c.checkId}::uuid, ${c.at.toISOString()}::timestamptz)`

    /** The check joins the case as `joining` says: its findings, its latest check, a closed case opened again. */
    const join = (caseId: string, c: CaseIntake, joining: Joining & { readonly type: "join" }) => {
      const at = c.at.toISOString()
      return Effect.andThen(
        sql`UPDATE cases SET reasons = ${json(joining.current.reasons)}::jsonb, latest_hits = ${json(joining.current.hits)}::jsonb,
            reasons_seen = ${json(joining.seen.reasons)}::jsonb, hits = ${json(joining.seen.hits)}::jsonb,
            ${joining.latest ? sql`latest_check_id = ${c.checkId}::uuid, last_check_at = ${at}::timestamptz,` : sql``}
            ${c.best === null ? sql`` : sql`best_list = CASE WHEN best_score IS NULL OR best_score < ${c.best.score} THEN ${c.best.list} ELSE best_list END,
              best_name = CASE WHEN best_score IS NULL OR best_score < ${c.best.score} THEN ${c.best.name} ELSE best_name END,
              best_score = greatest(best_score, ${c.best.score}),`}
            ${joining.reopens ? sql`status = 'open', outcome = NULL, outcome_text = NULL, closed_at = NULL, closed_by = NULL,
              opened_at = ${at}::timestamptz, reopened_at = ${at}::timestamptz,` : sql``}
            check_count = check_count + 1
          WHERE id = ${caseId}`,
        link(caseId, c)
      )
    }

    /**
     * A case opened by name, joined by a check that resolved its business: keyed by the company from now on (every
     * later check of it finds the case), its subject words those of the business (the name first given kept).
     */
    const rekey = (caseId: string, subjectKey: string, subject: Readonly<Record<string, string>>) =>
      sql`UPDATE cases SET subject_key = ${subjectKey}, subject = subject || ${json(subject)}::jsonb WHERE id = ${caseId}
        AND NOT EXISTS (SELECT 1 FROM cases o WHERE o.account_id = cases.account_id AND o.subject_key = ${subjectKey})`.pipe(Effect.asVoid)

    /** A case's event for webhooks (case.reopened), in the caller's transaction; the account's plan (its delivery limit). */
    const announce = (e: { readonly id: string; readonly accountId: string; readonly keyId: string | null; readonly type: string; readonly data: unknown }) =>
      sql<{ plan: Plan }>`INSERT INTO events (id, account_id, key_id, type, data) VALUES (${e.id}, ${e.accountId}, ${e.keyId}, ${e.type}, ${json(e.data)}::jsonb)
        RETURNING (SELECT a.plan FROM accounts a WHERE a.id = events.account_id) AS plan`.pipe(
        Effect.map((rows) => Option.fromNullishOr(rows[0]?.plan))
      )

    return { held, rekey, open, join, announce } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
