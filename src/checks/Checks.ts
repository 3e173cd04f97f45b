import { SqlClient } from "effect/sql"
import { Clock, Config, Duration, Effect, Option, Schedule, Schema, Context, Layer } from "effect"
import { randomUUID } from "node:crypto"
import { CheckNotFound } from "./errors.js"
import { Check, CheckCase, CheckedList, CheckPage, CheckSummary, FourEyesInForce } from "../domain/schemas/Check.js"
import { FieldProvenance } from "../domain/schemas/Company.js"
import { CompanyRepo } from "../companies/CompanyRepo.js"
import { Verdict, type VerifyInput } from "../domain/schemas/Verdict.js"
import { typedValues } from "../domain/schemas/trusted.js"
import type { Actor, PageParams } from "../access/actor.js"
import { numberKey } from "../domain/registrationNumbers.js"
import { VERDICT_POLICY_VERSION } from "../domain/verdictPolicy.js"
import { listDisplayName } from "../sanctions/model.js"
import { Screener } from "../sanctions/Screener.js"
import { ScreeningLists } from "../screeningLists/ScreeningLists.js"
import { Decisions } from "../decisions/Decisions.js"
import type { Decision } from "../domain/schemas/Decision.js"
import { Verifier } from "../verify/Verifier.js"
import { type CheckRow, ChecksRepo } from "./ChecksRepo.js"
import { inputAsSent } from "./inputAsSent.js"
import { Cursors } from "../access/Cursors.js"
import { caseOfCheck } from "../cases/caseOfCheck.js"
import { CasesRepo } from "../cases/CasesRepo.js"
import { CaseIntake } from "../cases/CaseIntake.js"

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const retention = Config.Int("KYB_CHECK_RETENTION_DAYS").pipe(Config.withDefault(2557))

/** The inputs as the service reads them. */
const normalisedInput = (input: VerifyInput): Record<string, string> => ({
  ...(input.name === undefined ? {} : { name: input.name.trim().replace(/\s+/g, " ") }),
  ...(input.registration_no === undefined ? {} : { registration_no: numberKey(input.registration_no) }),
  ...(input.country === undefined ? {} : { country: input.country.toUpperCase() })
})


/** What GET /v1/checks/{id} adds to a check: the decisions on its subject now, its case, the four-eyes policy. */
type Evidence = Partial<Pick<Check, "decisions" | "case" | "four_eyes">>

export const toCheck = (row: CheckRow, evidence: Evidence = {}) =>
  new Check({
    ...evidence,
    id: row.id,
    kind: row.kind ?? "verify",
    created_at: row.created_at.toISOString(),
    input: row.input,
    input_normalized: row.input_normalized,
    verdict: row.verdict,
    lists: (row.lists as ReadonlyArray<CheckedList>).map((l) => new CheckedList(l)),
    provenance: decodeProvenance(row.provenance),
    policy_version: row.policy_version,
    performed_by: row.performed_by ?? null
  })

const encodeVerdict = Schema.encodeSync(Verdict)
const ProvenanceMap = Schema.Record(Schema.String, FieldProvenance)
const decodeProvenance = (stored: unknown) => stored === null ? null : Schema.decodeUnknownSync(ProvenanceMap)(stored)

/**
 * Verifications kept as evidence: each verdict answered over the API is stored, immutable, with the inputs as sent
 * and as read, each list's version and SHA-256 and the policy version, and carries its `check_id`. Checks older
 * than KYB_CHECK_RETENTION_DAYS (default 2557, seven years) are deleted hourly.
 */
export class Checks extends Context.Service<Checks>()("kyb/Checks", {
  make: Effect.gen(function*() {
    const repo = yield* ChecksRepo
    const sql = yield* SqlClient.SqlClient
    const verifier = yield* Verifier
    const decisions = yield* Decisions
    const screener = yield* Screener
    const screeningLists = yield* ScreeningLists
    const companies = yield* CompanyRepo
    const cases = yield* CasesRepo
    const caseIntake = yield* CaseIntake
    const days = yield* retention
    const cursors = yield* Cursors

    const answer = Effect.fnUntraced(function*(input: VerifyInput, actor: Actor) {
      const lists = actor.lists ?? (yield* screeningLists.listsOf(actor.accountId))
      const answered = yield* verifier.verify(
        input,
        actor.decisionsRecorded === false ? { lists } : { decisions: decisions.lookupFor(actor.accountId), lists }
      )
      // Only the id is new; the verdict is checked against its schema as it is encoded for the check below.
      const verdict = new Verdict({ ...answered, check_id: randomUUID() }, typedValues)
      const versions = (yield* screener.versions).filter((v) => lists.includes(v.list))
      // Each field's own source, date and confidence, read as the record route reads them, kept with the check.
      const company = verdict.company
      const record = company === null || company.registration_no === null
        ? Option.none()
        : yield* companies.findRecord(company.country, company.registration_no).pipe(Effect.orDie)
      const row: CheckRow = {
        id: verdict.check_id!,
        account_id: actor.accountId,
        key_id: actor.keyId,
        performed_by: actor.by,
        created_at: new Date(yield* Clock.currentTimeMillis),
        input: inputAsSent(input),
        input_normalized: normalisedInput(input),
        verdict: encodeVerdict(verdict),
        lists: versions.map((v) => ({ list: listDisplayName[v.list], version: v.label, sha256: v.sha256 })),
        provenance: Option.match(record, { onNone: () => null, onSome: (r) => Schema.encodeSync(ProvenanceMap)(r.provenance) }),
        policy_version: VERDICT_POLICY_VERSION
      }
      return { verdict, row }
    })

    /** The check kept, and its subject's case opened (a verdict in review) or joined, in the caller's transaction. */
    const keep = Effect.fnUntraced(function*(row: CheckRow, by: Actor["by"]) {
      yield* repo.insert(row)
      const intake = caseOfCheck(row)
      if (intake !== null) yield* caseIntake.intake(intake, by, row.key_id)
    })

    const verify = (input: VerifyInput, actor: Actor) =>
      Effect.flatMap(answer(input, actor), ({ row, verdict }) => Effect.as(sql.withTransaction(keep(row, actor.by)).pipe(Effect.orDie), verdict))

    /**
     * Verifies, then keeps the check and runs `then` in one transaction, only if `guard` (run first in it) holds:
     * a job step or a monitor whose account ended meanwhile keeps nothing. What `then` gave; none when the guard did
     * not hold.
     */
    const verifyIf = <A, E>(
      input: VerifyInput,
      actor: Actor,
      guard: Effect.Effect<boolean, E>,
      then: (verdict: Verdict) => Effect.Effect<A, E>
    ) =>
      Effect.flatMap(answer(input, actor), ({ row, verdict }) =>
        sql.withTransaction(Effect.gen(function*() {
          if (!(yield* guard)) return Option.none<A>()
          yield* keep(row, actor.by)
          return Option.some(yield* then(verdict))
        })).pipe(Effect.catchTag("SqlError", Effect.die)))

    /** A check by id: an id that is not a UUID (36 dashes, zeros in the wrong places) names none (never a failed cast). */
    const get = (accountId: string, id: string) =>
      (UUID.test(id.toLowerCase()) ? repo.find(accountId, id.toLowerCase()) : Effect.succeed(Option.none())).pipe(
        Effect.orDie,
        Effect.flatMap(Option.match({
          onNone: () => Effect.fail(CheckNotFound.of(`No check ${id} for this account.`)),
          onSome: (row) => withEvidence(row)
        }))
      )

    /** The check with what its evidence names now: the decisions on its subject (each with its status), its case and outcome, the policy. */
    const withEvidence = (row: CheckRow) =>
      Effect.flatMap(cases.forCheck(row.account_id, row.id).pipe(Effect.orDie), (linked) => evidenceOf(row, Option.getOrNull(linked), evidenceMemo()))

    /** What the evidence of several checks reads once: the decisions per subject (the checks of a case share theirs), each case, the policy. */
    const evidenceMemo = () => ({
      decisions: new Map<string, Effect.Effect<ReadonlyArray<Decision>>>(),
      cases: new Map<string, Effect.Effect<CheckCase | null>>(),
      policy: new Map<string, Effect.Effect<FourEyesInForce>>()
    })
    /** `read` once per key: readers of a key share its one read, those that come while it runs included. */
    const once = <A>(memo: Map<string, Effect.Effect<A>>, key: string, read: Effect.Effect<A>) =>
      Effect.suspend(() => {
        const held = memo.get(key)
        if (held !== undefined) return held
        return Effect.flatten(Effect.tap(Effect.cached(read), (shared) => Effect.sync(() => memo.set(key, shared))))
      })

    /** The check's evidence; `linked`: the case it joined (else the case of a decision on its subject, if any). */
    const evidenceOf = Effect.fnUntraced(function*(row: CheckRow, linked: string | null, memo: ReturnType<typeof evidenceMemo>) {
      const company = (row.verdict as { readonly company?: Parameters<typeof decisions.onCheck>[2] }).company ?? null
      const taken = yield* once(memo.decisions, JSON.stringify([row.input["name"] ?? null, row.input["country"] ?? null, company]),
        decisions.onCheck(row.account_id, row.input, company))
      const caseId = linked ?? taken.find((d) => d.case_id !== null)?.case_id ?? null
      const held = caseId === null ? null : yield* once(memo.cases, caseId, cases.find(row.account_id, caseId).pipe(Effect.orDie, Effect.map(Option.match({
        onNone: () => null,
        onSome: (k) => new CheckCase({ id: k.id, status: k.status, outcome: k.outcome, outcome_text: k.outcome_text })
      }))))
      const four_eyes = yield* once(memo.policy, row.account_id, Effect.map(decisions.policyInForce(row.account_id), (policy) =>
        new FourEyesInForce({ enabled: policy.enabled, threshold: policy.threshold, changed_by: policy.changedBy, changed_at: policy.changedAt })))
      return toCheck(row, { decisions: taken, case: held, four_eyes })
    })

    /** A case file's checks have their evidence read this many at a time: the pool is shared with every request. */
    const evidenceReadsAtOnce = 4

    /**
     * Checks by id (those of the account; in the order of `ids`), each as `get` gives it: the checks and the cases
     * they joined read in one statement (not one per check), then what their evidence reads once (`evidenceMemo`).
     */
    const getMany = Effect.fnUntraced(function*(accountId: string, ids: ReadonlyArray<string>) {
      const rows = yield* repo.findMany(accountId, ids.map((id) => id.toLowerCase()).filter((id) => UUID.test(id))).pipe(Effect.orDie)
      const memo = evidenceMemo()
      return yield* Effect.forEach(rows, ({ row, caseId }) => evidenceOf(row, caseId, memo), { concurrency: evidenceReadsAtOnce })
    })

    const list = Effect.fnUntraced(function*(accountId: string, params: PageParams & { readonly since?: string | undefined }) {
      const limit = params.limit ?? 25
      const pager = yield* cursors.bind({ list: "checks", accountId, filters: { key_id: params.key_id, since: params.since } })
      const rows = yield* repo.page(accountId, {
        keyId: params.key_id ?? null,
        since: params.since === undefined ? null : new Date(params.since),
        after: yield* pager.after(params.cursor),
        limit: limit + 1
      }).pipe(Effect.orDie)
      const { shown, nextCursor } = pager.page(rows, limit)
      return new CheckPage({
        checks: shown.map((row) => {
          // A screening has no review reason: its result is its hits' (clear, potential_match, match).
          const verdict = row.verdict as { result: string; review_reason?: string | null }
          return new CheckSummary({ id: row.id, created_at: row.created_at.toISOString(), input: row.input, result: verdict.result, review_reason: verdict.review_reason ?? null })
        }),
        next_cursor: nextCursor
      })
    })

    /** Deletes the checks past retention now; returns how many. */
    const purge = Effect.gen(function*() {
      const now = yield* Clock.currentTimeMillis
      const deleted = yield* repo.deleteBefore(new Date(now - days * 86_400_000))
      if (deleted > 0) yield* Effect.logInfo("checks past retention deleted").pipe(Effect.annotateLogs({ deleted, days }))
      return deleted
    })

    yield* Effect.forkScoped(
      Effect.repeat(purge.pipe(Effect.catchCause((cause) => Effect.logWarning("check retention failed", cause))), Schedule.spaced(Duration.hours(1)))
    )

    return { verify, verifyIf, get, getMany, withEvidence, list, purge } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([ChecksRepo.Default, CasesRepo.Default, CaseIntake.Default, Decisions.Default, ScreeningLists.Default, Cursors.Default]))
}
