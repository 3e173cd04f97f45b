import { SqlClient, type SqlError } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { AuditRepo } from "../../src/audit/AuditRepo.js"
import { TestDatabase } from "../support/testDatabase.js"

const ACCOUNTS = 20
const ENTRIES = 2_000

const explain = (sql: SqlClient.SqlClient, statement: Effect.Effect<ReadonlyArray<unknown>, SqlError.SqlError>) =>
  sql<{ "QUERY PLAN": string }>`EXPLAIN ${statement as never}`.pipe(Effect.map((rows) => rows.map((r) => r["QUERY PLAN"]).join("\n")))

/**
 * Issue 55 follow-up 8: the audit entries concerning a case (its case file) are found by index, by the case's
 * objects and by the case its details name, not by reading the account's whole log. The plan is the database's own
 * (the table analysed, synthetic entries); no timing is measured.
 */
describe("the audit entries concerning a case: their plan", () => {
  layer(Layer.provideMerge(AuditRepo.Default, TestDatabase.layer), { timeout: "300 seconds" })((it) => {
    it.effect("uses the case_id expression index and the object index, never a sequential scan of audit_log", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const repo = yield* AuditRepo
        // synthetic accounts, each with a log of entries: every 50th names a case in its details, the rest a check
        yield* sql`INSERT INTO accounts (id, kind, plan, name) SELECT 'acc_plan_' || a, 'operator', 'free', 'synthetic test account'
          FROM generate_series(1, ${ACCOUNTS}) a`
        yield* sql`INSERT INTO audit_log (account_id, seq, at, action, object_type, object_id, outcome, details, prev_hash, hash)
          SELECT 'acc_plan_' || a, s, now(), 'check.viewed', 'check', 'chk_' || a || '_' || s, 'succeeded',
            CASE WHEN s % 50 = 0 THEN jsonb_build_object('case_id', 'case_' || a || '_' || (s / 50)) ELSE '{}'::jsonb END, 'synthetic', 'synthetic'
          FROM generate_series(1, ${ACCOUNTS}) a, generate_series(1, ${ENTRIES}) s`
        yield* sql`ANALYZE audit_log`
        const statement = repo.concerning("acc_plan_7", ["case_7_3", "dec_synthetic", "chk_7_120"], "case_7_3", 5000)
        const plan = yield* explain(sql, statement)
        assert.include(plan, "audit_log_case", plan)
        assert.include(plan, "audit_log_object", plan)
        assert.notInclude(plan, "Seq Scan on audit_log", plan)
        // and it answers what it says: the entry naming the case and the check's entry, oldest first
        const found = yield* statement
        assert.deepStrictEqual(found.map((e) => [e.seq, e.object_id]), [[120, "chk_7_120"], [150, "chk_7_150"]])
      }))
  })
})
