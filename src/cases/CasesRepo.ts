import { SqlClient } from "effect/sql"
import { Effect, Option, Context, Layer } from "effect"
import { randomBytes } from "node:crypto"
import type { Attribution } from "../access/actor.js"
import { type CaseOutcome, type CaseStatus, mergeFindings } from "../domain/cases.js"
import { numberKey } from "../domain/registrationNumbers.js"
import { caseSubjectOf, type SubjectOfDecision, subjectKeyOfDecision } from "./caseOfCheck.js"

export interface CaseRow {
  readonly id: string
  readonly account_id: string
  readonly subject_key: string
  readonly subject: Readonly<Record<string, string>>
  readonly status: CaseStatus
  readonly outcome: CaseOutcome | null
  readonly outcome_text: string | null
  readonly assignee_id: string | null
  readonly assignee_name: string | null
  /** The reasons of its latest check (issue 55); every reason any of its checks gave is `reasons_seen`. */
  readonly reasons: ReadonlyArray<string>
  readonly reasons_seen: ReadonlyArray<string>
  /** Every hit seen; `latest_hits`: the undecided hits of its latest check. */
  readonly hits: ReadonlyArray<string>
  readonly latest_hits: ReadonlyArray<string>
  readonly latest_check_id: string | null
  readonly reopened_at: Date | null
  readonly best_score: number | null
  readonly best_list: string | null
  readonly best_name: string | null
  readonly check_count: number
  readonly pending_decisions: number
  readonly opened_at: Date
  /** opened_at to the microsecond, as the database keeps it: the age order's cursor key (a Date keeps milliseconds only). */
  readonly opened_key: string
  readonly last_check_at: Date
  readonly closed_at: Date | null
  readonly closed_by: Attribution | null
  readonly escalated_to_member: string | null
  readonly escalated_to_name: string | null
  readonly escalated_to_role: string | null
}

export interface CaseEventRow {
  readonly id: string
  readonly at: Date
  readonly actor: Attribution | null
  readonly kind: string
  readonly body: string | null
  readonly details: Readonly<Record<string, unknown>>
}

export interface QueueFilters {
  readonly statuses: ReadonlyArray<CaseStatus>
  readonly reason: string | null
  readonly list: string | null
  /** A member's id, or "none" for the cases nobody holds. */
  readonly assignee: string | null
  readonly minAgeDays: number | null
  readonly pendingOnly: boolean
  /** A member: only the cases waiting for them (a decision another member proposed, or escalated to them or their role). */
  readonly waitingFor: string | null
  /** Only the cases opened before this instant (past the service level). */
  readonly openedBefore: Date | null
}

export type QueueSort = "age" | "score" | "reasons"
export interface QueueAfter { readonly key: string | number | null; readonly id: string }

const parsed = <A>(value: unknown): A => (typeof value === "string" ? JSON.parse(value) as A : value as A)
const date = (value: unknown) => new Date(value as string)

const toCase = (row: Record<string, unknown>): CaseRow => ({
  ...(row as unknown as CaseRow),
  subject: parsed(row["subject"]),
  reasons: parsed(row["reasons"]),
  reasons_seen: parsed(row["reasons_seen"]),
  hits: parsed(row["hits"]),
  latest_hits: parsed(row["latest_hits"]),
  latest_check_id: row["latest_check_id"] === null ? null : String(row["latest_check_id"]),
  reopened_at: row["reopened_at"] === null ? null : date(row["reopened_at"]),
  best_score: row["best_score"] === null ? null : Number(row["best_score"]),
  check_count: Number(row["check_count"]),
  pending_decisions: Number(row["pending_decisions"]),
  opened_at: date(row["opened_at"]),
  last_check_at: date(row["last_check_at"]),
  closed_at: row["closed_at"] === null ? null : date(row["closed_at"]),
  closed_by: row["closed_by"] === null ? null : parsed(row["closed_by"])
})

export const newCaseId = () => `case_${randomBytes(10).toString("hex")}`

/** SQL of cases: their intake from checks, the queue, a case's life. */
export class CasesRepo extends Context.Service<CasesRepo>()("kyb/CasesRepo", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql`c.id, c.account_id, c.subject_key, c.subject, c.status, c.outcome, c.outcome_text, c.assignee_id,
      m.name AS assignee_name, c.reasons, c.reasons_seen, c.hits, c.latest_hits, c.latest_check_id::text AS latest_check_id, c.reopened_at, c.best_score, c.best_list, c.best_name, c.check_count, c.opened_at, c.last_check_at,
      to_char(c.opened_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS opened_key,
      c.closed_at, c.closed_by, c.escalated_to_member, e.name AS escalated_to_name, c.escalated_to_role,
      (SELECT count(*) FROM decisions d WHERE d.account_id = c.account_id AND d.case_id = c.id AND d.approval = 'pending')::int AS pending_decisions`
    const from = sql`cases c LEFT JOIN members m ON m.id = c.assignee_id LEFT JOIN members e ON e.id = c.escalated_to_member`

    const event = (caseId: string, actor: Attribution | null, kind: string, body: string | null, details: Record<string, unknown>) =>
      sql`INSERT INTO case_events (case_id, actor, kind, body, details)
        VALUES (${caseId}, ${actor === null ? null : JSON.stringify(actor)}::jsonb, ${kind}, ${body}, ${JSON.stringify(details)}::jsonb)`

    const find = (accountId: string, id: string, lock = false) =>
      sql`SELECT ${columns} FROM ${from} WHERE c.account_id = ${accountId} AND c.id = ${id} ${lock ? sql`FOR UPDATE OF c` : sql``}`.pipe(
        Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), toCase))
      )

    // every status but closed as `<> 'closed'`: the partial indexes of sql/0430 keep the default view in index order
    const statusIn = (statuses: ReadonlyArray<CaseStatus>) =>
      statuses.length === 3 && !statuses.includes("closed") ? sql`c.status <> 'closed'` : sql`c.status IN ${sql.in(statuses)}`

    const waitingFor = (memberId: string) => sql`AND EXISTS (SELECT 1 FROM members w WHERE w.id = ${memberId} AND w.account_id = c.account_id AND w.removed_at IS NULL
      AND ((w.role <> 'viewer' AND EXISTS (SELECT 1 FROM decisions d WHERE d.account_id = c.account_id AND d.case_id = c.id
            AND d.approval = 'pending' AND d.proposer_member IS DISTINCT FROM w.id))
        OR (c.status = 'escalated' AND (c.escalated_to_member = w.id OR c.escalated_to_role = w.role))))`

    /** A page of the queue (one more row than `limit`): by age (oldest first), best score or open reasons (most first). */
    const queue = (accountId: string, filters: QueueFilters, sort: QueueSort, after: QueueAfter | null, limit: number) => {
      const position = after === null ? sql``
        : sort === "age"
        ? sql`AND (c.opened_at, c.id) > (${String(after.key)}::timestamptz, ${after.id})`
        : sort === "reasons"
        ? sql`AND (jsonb_array_length(c.reasons) < ${Number(after.key)} OR (jsonb_array_length(c.reasons) = ${Number(after.key)} AND c.id > ${after.id}))`
        : after.key === null
        ? sql`AND c.best_score IS NULL AND c.id > ${after.id}`
        : sql`AND (c.best_score IS NULL OR c.best_score < ${Number(after.key)} OR (c.best_score = ${Number(after.key)} AND c.id > ${after.id}))`
      return sql`SELECT ${columns} FROM ${from}
        WHERE c.account_id = ${accountId} AND ${statusIn(filters.statuses)}
          ${filters.reason === null ? sql`` : sql`AND c.reasons @> jsonb_build_array(${filters.reason}::text)`}
          ${filters.list === null ? sql`` : sql`AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(c.hits) h WHERE h LIKE ${`${filters.list}:%`})`}
          ${filters.assignee === null ? sql`` : filters.assignee === "none" ? sql`AND c.assignee_id IS NULL` : sql`AND c.assignee_id = ${filters.assignee}`}
          ${filters.minAgeDays === null ? sql`` : sql`AND c.opened_at <= now() - make_interval(days => ${filters.minAgeDays})`}
          ${filters.pendingOnly ? sql`AND EXISTS (SELECT 1 FROM decisions d WHERE d.account_id = c.account_id AND d.case_id = c.id AND d.approval = 'pending')` : sql``}
          ${filters.waitingFor === null ? sql`` : waitingFor(filters.waitingFor)}
          ${filters.openedBefore === null ? sql`` : sql`AND c.opened_at < ${filters.openedBefore.toISOString()}::timestamptz`}
          ${position}
        ORDER BY ${sort === "age" ? sql`c.opened_at, c.id` : sort === "reasons" ? sql`jsonb_array_length(c.reasons) DESC, c.id` : sql`c.best_score DESC NULLS LAST, c.id`} LIMIT ${limit}`.pipe(
        Effect.map((rows) => rows.map(toCase))
      )
    }

    /** The account's four-eyes policy (read with DecisionsRepo's `policy`, which every decision consults), and who set it. */
    const setReviewPolicy = (accountId: string, policy: { readonly enabled: boolean; readonly threshold: number }, by: Attribution | null) =>
      sql`UPDATE accounts SET four_eyes = ${policy.enabled}, four_eyes_threshold = ${policy.threshold},
          four_eyes_changed_by = ${by === null ? null : JSON.stringify(by)}::jsonb, four_eyes_changed_at = now() WHERE id = ${accountId}`.pipe(Effect.asVoid)

    /**
     * In the transaction of a pending decision made without a case (through /v1 or MCP, or on a check no case
     * holds): the case of its subject, as a check would key it (a company by country and number, its separators
     * aside; else the name and country), locked; opened when there is none, opened again when it is closed (then
     * `reopened` says what the case.reopened event tells: its subject and reasons, and when).
     */
    const ofSubject = Effect.fnUntraced(function*(accountId: string, subject: SubjectOfDecision, hit: string, by: Attribution | null, decisionId: string) {
      const key = subjectKeyOfDecision(subject)
      const prefix = `company:${(subject.country ?? "").toUpperCase()}:`
      const [held] = yield* sql<{ id: string; status: CaseStatus; hits: unknown; subject: unknown; reasons: unknown }>`SELECT id, status, hits, subject, reasons FROM cases
        WHERE account_id = ${accountId} AND (subject_key = ${key} ${subject.registration_no === undefined ? sql`` : sql`OR (subject_key LIKE ${`${prefix}%`}
          AND regexp_replace(upper(substr(subject_key, ${prefix.length + 1})), '[^0-9A-Z]', '', 'g') = ${numberKey(subject.registration_no)})`})
        ORDER BY (subject_key = ${key}) DESC, opened_at LIMIT 1 FOR UPDATE`
      if (held === undefined) {
        const id = newCaseId()
        yield* sql`INSERT INTO cases (id, account_id, subject_key, subject, hits, latest_hits, check_count, opened_at, last_check_at)
          VALUES (${id}, ${accountId}, ${key}, ${JSON.stringify(caseSubjectOf(subject))}::jsonb, ${JSON.stringify([hit])}::jsonb, ${JSON.stringify([hit])}::jsonb, 0, now(), now())`
        yield* event(id, by, "opened", null, { decision_id: decisionId })
        return { id, reopened: null }
      }
      const hits = mergeFindings({ reasons: [], hits: parsed(held.hits) }, { reasons: [], hits: [hit] }).hits
      const [after] = yield* sql<{ reopened_at: unknown }>`UPDATE cases SET hits = ${JSON.stringify(hits)}::jsonb
          ${held.status === "closed" ? sql`, status = 'open', outcome = NULL, outcome_text = NULL, closed_at = NULL, closed_by = NULL, opened_at = now(), reopened_at = now()` : sql``}
        WHERE id = ${held.id} RETURNING reopened_at`
      if (held.status !== "closed") return { id: held.id, reopened: null }
      const reasons = parsed<ReadonlyArray<string>>(held.reasons)
      yield* event(held.id, by, "reopened", null, { decision_id: decisionId, reasons, new_reasons: [], new_hits: [hit] })
      return { id: held.id, reopened: { subject: parsed<Readonly<Record<string, string>>>(held.subject), reasons, at: date(after?.reopened_at) } }
    })

    /** How many cases are not closed (the menu's count). */
    const openCount = (accountId: string) =>
      sql<{ n: number }>`SELECT count(*)::int AS n FROM cases WHERE account_id = ${accountId} AND status <> 'closed'`.pipe(
        Effect.map((rows) => Number(rows[0]?.n ?? 0))
      )

    const update = (id: string, change: {
      readonly status?: CaseStatus; readonly outcome?: CaseOutcome | null; readonly outcomeText?: string | null
      readonly assigneeId?: string | null; readonly closedBy?: Attribution | null
      readonly escalatedTo?: { readonly member: string | null; readonly role: string | null }
    }) =>
      sql`UPDATE cases SET
          ${change.status === undefined ? sql`` : sql`status = ${change.status},`}
          ${change.outcome === undefined ? sql`` : sql`outcome = ${change.outcome}, outcome_text = ${change.outcomeText ?? null},
            closed_at = ${change.outcome === null ? null : new Date().toISOString()}::timestamptz,
            closed_by = ${change.closedBy == null ? null : JSON.stringify(change.closedBy)}::jsonb,
            ${change.outcome === null ? sql`` : sql`reopened_at = NULL,`}`}
          ${change.assigneeId === undefined ? sql`` : sql`assignee_id = ${change.assigneeId},`}
          ${change.escalatedTo === undefined ? sql`` : sql`escalated_to_member = ${change.escalatedTo.member}, escalated_to_role = ${change.escalatedTo.role},`}
          id = id
        WHERE id = ${id}`.pipe(Effect.asVoid)

    /** A live member of the account, by id (an assignee must be one). */
    const member = (accountId: string, memberId: string) =>
      sql<{ id: string; name: string }>`SELECT id, name FROM members WHERE account_id = ${accountId} AND id = ${memberId} AND removed_at IS NULL`.pipe(
        Effect.map((rows) => Option.fromNullishOr(rows[0]))
      )

    const events = (caseId: string) =>
      sql`SELECT id::text AS id, at, actor, kind, body, details FROM case_events WHERE case_id = ${caseId} ORDER BY case_events.id`.pipe(
        Effect.map((rows) => rows.map((r): CaseEventRow => ({
          id: String(r["id"]),
          at: date(r["at"]),
          actor: r["actor"] === null ? null : parsed(r["actor"]),
          kind: String(r["kind"]),
          body: r["body"] === null ? null : String(r["body"]),
          details: parsed(r["details"])
        })))
      )

    /** The case's checks, newest first (ids, when and the verdict's hits), at most `limit`. */
    const checks = (caseId: string, limit: number) =>
      sql<{ id: string; created_at: unknown; input: unknown; verdict: unknown }>`SELECT k.id::text AS id, k.created_at, k.input, k.verdict
        FROM case_checks cc JOIN checks k ON k.id = cc.check_id WHERE cc.case_id = ${caseId} ORDER BY cc.created_at DESC, k.id DESC LIMIT ${limit}`.pipe(
        Effect.map((rows) => rows.map((r) => ({ id: r.id, created_at: date(r.created_at), input: parsed<Record<string, string>>(r.input), verdict: parsed<unknown>(r.verdict) })))
      )

    /** The case a check joined, if any. */
    const forCheck = (accountId: string, checkId: string) =>
      sql<{ id: string }>`SELECT c.id FROM case_checks cc JOIN cases c ON c.id = cc.case_id WHERE cc.check_id = ${checkId}::uuid AND c.account_id = ${accountId}`.pipe(
        Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), (r) => r.id))
      )

    /** The account's service level in hours (null: none set). */
    const serviceLevel = (accountId: string) =>
      sql<{ hours: number | null }>`SELECT case_service_hours AS hours FROM accounts WHERE id = ${accountId}`.pipe(
        Effect.map((rows) => rows[0]?.hours == null ? null : Number(rows[0].hours))
      )

    const setServiceLevel = (accountId: string, hours: number | null, by: Attribution | null) =>
      sql`UPDATE accounts SET case_service_hours = ${hours}, case_service_changed_by = ${by === null ? null : JSON.stringify(by)}::jsonb,
          case_service_changed_at = now() WHERE id = ${accountId}`.pipe(Effect.asVoid)

    /** The live members of the account (whom a case may go to), by name. */
    const members = (accountId: string) =>
      sql<{ id: string; name: string; role: string }>`SELECT id, name, role FROM members WHERE account_id = ${accountId} AND removed_at IS NULL ORDER BY name, id`

    return { ofSubject, forCheck, find, queue, openCount, setReviewPolicy, update, member, members, event, events, checks, serviceLevel, setServiceLevel } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
