import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Deferred, Effect, Fiber, Layer } from "effect"
import { TestClock } from "effect/testing"
import { Audit } from "../../src/audit/Audit.js"
import { anchorHash, entryHash, GENESIS } from "../../src/domain/auditChain.js"
import { serverUrl, TestDatabase } from "../support/testDatabase.js"

const by = { type: "member" as const, id: "mem_synthetic", name: "Synthetic Member (test data)" }

/** An account (synthetic, for the test) with `n` entries in its chain. */
const accountWith = (id: string, n: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const audit = yield* Audit
    yield* sql`INSERT INTO accounts (id, kind, plan, name, four_eyes) VALUES (${id}, 'operator', 'free', 'synthetic test account', false)`
    // the anchoring task passes after every entry (it runs on its own schedule in the server)
    for (let i = 1; i <= n; i++) {
      yield* audit.record({ accountId: id, by }, { action: "monitor.created", object: { type: "monitor", id: `mon_${i}` } })
      yield* audit.anchorPending
    }
  }).pipe(Effect.orDie)

/** As a database superuser past the triggers: `change` runs with the append-only triggers off. */
const behindTheService = <R>(change: (sql: SqlClient.SqlClient) => Effect.Effect<unknown, unknown, R>) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    yield* sql`ALTER TABLE audit_log DISABLE TRIGGER USER`
    yield* sql`ALTER TABLE audit_anchors DISABLE TRIGGER USER`
    yield* change(sql)
    yield* sql`ALTER TABLE audit_log ENABLE TRIGGER USER`
    yield* sql`ALTER TABLE audit_anchors ENABLE TRIGGER USER`
  }).pipe(Effect.orDie)

const entriesOf = (accountId: string) =>
  Effect.flatMap(Audit, (audit) => Effect.map(audit.page(accountId, {}, 0, 1000), (p) => p.entries))

/** The chain of `accountId` rewritten whole, each entry's client changed and every hash recomputed; its head moved to match. */
const rewriteChain = (sql: SqlClient.SqlClient, accountId: string) =>
  Effect.gen(function*() {
    const entries = yield* entriesOf(accountId)
    let prev = GENESIS
    for (const e of entries) {
      const { prev_hash: _p, hash: _h, ...fields } = e
      const changed = { ...fields, client: "rewritten" }
      const hash = entryHash(prev, changed)
      yield* sql`UPDATE audit_log SET client = 'rewritten', prev_hash = ${prev}, hash = ${hash} WHERE account_id = ${accountId} AND seq = ${e.seq}`
      prev = hash
    }
    yield* sql`UPDATE audit_heads SET hash = ${prev} WHERE account_id = ${accountId}`
    return prev
  })

/** Issue 52 item 6: what `kyb audit verify` finds when chains are deleted, cut or rewritten by someone past the triggers. */
describe("anchored audit chains", () => {
  layer(Audit.Default.pipe(Layer.provideMerge(TestDatabase.layer)), { timeout: "120 seconds" })((it) => {
    it.effect("untouched: every chain and its anchors verify", () =>
      Effect.gen(function*() {
        yield* accountWith("acc_anchor_ok", 3)
        const result = yield* (yield* Audit).verify(null)
        assert.deepStrictEqual(result.broken, [])
        assert.deepStrictEqual(result.anchors.problems, [])
        assert.isAtLeast(result.anchors.count, 3)
      }))

    it.effect("an account's whole chain deleted (entries and head): found, though every remaining chain verifies", () =>
      Effect.gen(function*() {
        yield* accountWith("acc_anchor_gone", 2)
        yield* behindTheService((sql) => Effect.andThen(sql`DELETE FROM audit_log WHERE account_id = 'acc_anchor_gone'`, sql`DELETE FROM audit_heads WHERE account_id = 'acc_anchor_gone'`))
        const result = yield* (yield* Audit).verify(null)
        assert.deepStrictEqual(result.broken, [])
        assert.deepStrictEqual(result.anchors.problems, ["account acc_anchor_gone: its chain is gone, though entry 1 was anchored (the chain was deleted)"])
        assert.deepStrictEqual((yield* (yield* Audit).verify("acc_anchor_gone")).anchors.problems.length, 1)
        // put back for the tests after this one: the anchors name a chain that is gone for good, so start afresh
        yield* behindTheService((sql) => sql`DELETE FROM audit_anchors WHERE account_id = 'acc_anchor_gone'`)
        yield* resetAnchors
      }))

    it.effect("a tail cut off with its head rewound: the anchored entry is missing", () =>
      Effect.gen(function*() {
        yield* accountWith("acc_anchor_cut", 4)
        const entries = yield* entriesOf("acc_anchor_cut")
        yield* behindTheService((sql) => Effect.andThen(sql`DELETE FROM audit_log WHERE account_id = 'acc_anchor_cut' AND seq > 2`,
          sql`UPDATE audit_heads SET seq = 2, hash = ${entries[1]!.hash} WHERE account_id = 'acc_anchor_cut'`))
        const result = yield* (yield* Audit).verify("acc_anchor_cut")
        assert.deepStrictEqual(result.broken, [])
        assert.deepStrictEqual(result.anchors.problems, ["account acc_anchor_cut: entry 3 was anchored and is gone (entries at the end were removed)"])
      }))

    it.effect("a chain rewritten whole with fresh hashes: the anchors still hold the old ones; an export taken before finds it too", () =>
      Effect.gen(function*() {
        yield* accountWith("acc_anchor_rewritten", 3)
        const exported = yield* entriesOf("acc_anchor_rewritten")
        yield* behindTheService((sql) => rewriteChain(sql, "acc_anchor_rewritten"))
        const audit = yield* Audit
        const result = yield* audit.verify("acc_anchor_rewritten")
        assert.deepStrictEqual(result.broken, [])
        assert.deepStrictEqual(result.anchors.problems, ["account acc_anchor_rewritten: entry 1 is not the one anchored (the chain was rewritten from there or before)"])
        const compared = yield* audit.compareExport(exported)
        assert.strictEqual(compared.compared, 3)
        assert.deepStrictEqual(compared.differences, [1, 2, 3].map((n) => `account acc_anchor_rewritten: entry ${n} differs from the export (rewritten since)`))
      }))

    it.effect("everything rewritten consistently, anchors too: only the export taken before finds it (and an edited export proves nothing)", () =>
      Effect.gen(function*() {
        yield* resetAnchors
        yield* accountWith("acc_anchor_all", 3)
        const audit = yield* Audit
        const exported = yield* entriesOf("acc_anchor_all")
        assert.deepStrictEqual((yield* audit.compareExport(exported)).differences, [])
        yield* behindTheService((sql) => Effect.andThen(rewriteChain(sql, "acc_anchor_all"), resetAnchors))
        const result = yield* audit.verify(null)
        assert.deepStrictEqual([result.broken, result.anchors.problems], [[], []])
        assert.lengthOf((yield* audit.compareExport(exported)).differences, 3)
        const cut = yield* audit.compareExport(exported.map((e) => ({ ...e, seq: e.seq + 10 })))
        assert.include(cut.differences[0], "does not match its own hash (the export was edited)")
      }))

    it.effect("entries not anchored yet: fine while the anchoring task may still come; reported once it is overdue; fine again once anchored", () =>
      Effect.gen(function*() {
        const audit = yield* Audit
        yield* accountWith("acc_anchor_late", 1)
        yield* audit.record({ accountId: "acc_anchor_late", by }, { action: "monitor.created", object: { type: "monitor", id: "mon_late" } })
        assert.deepStrictEqual((yield* audit.verify("acc_anchor_late")).anchors.problems, [])
        yield* TestClock.adjust("2 minutes")
        assert.deepStrictEqual((yield* audit.verify("acc_anchor_late")).anchors.problems,
          ["account acc_anchor_late: entries up to 2 were not anchored in time (the anchoring task is not running, or they were appended behind the service's back)"])
        assert.strictEqual(yield* audit.anchorPending, 1)
        assert.deepStrictEqual((yield* audit.verify("acc_anchor_late")).anchors.problems, [])
        assert.strictEqual(yield* audit.anchorPending, 0)
      }))

    // One connection on the embedded database: there every transaction waits for the one before, whatever the locks.
    it.effect.skipIf(serverUrl() === undefined)("one account's audited write held open: another account's write, and the anchoring, complete meanwhile", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const audit = yield* Audit
        yield* accountWith("acc_anchor_held", 0)
        yield* accountWith("acc_anchor_free", 0)
        const recorded = yield* Deferred.make<void>()
        const release = yield* Deferred.make<void>()
        const held = yield* Effect.forkChild(sql.withTransaction(Effect.gen(function*() {
          yield* audit.record({ accountId: "acc_anchor_held", by }, { action: "monitor.created", object: { type: "monitor", id: "mon_held" } })
          yield* Deferred.succeed(recorded, undefined)
          yield* Deferred.await(release)
        })))
        yield* Deferred.await(recorded)
        // with one global lock taken by every write, this waited for the held transaction's commit (for ever, here)
        yield* audit.record({ accountId: "acc_anchor_free", by }, { action: "monitor.created", object: { type: "monitor", id: "mon_free" } })
        assert.strictEqual(yield* audit.anchorPending, 1)
        yield* Deferred.succeed(release, undefined)
        yield* Fiber.join(held)
        assert.strictEqual(yield* audit.anchorPending, 1)
        const result = yield* audit.verify(null)
        assert.deepStrictEqual([result.broken, result.anchors.problems], [[], []])
      }).pipe(Effect.orDie))

    it.effect("an anchor removed from the chain of chain heads: the link breaks there", () =>
      Effect.gen(function*() {
        yield* resetAnchors
        yield* accountWith("acc_anchor_link", 3)
        yield* behindTheService((sql) => sql`DELETE FROM audit_anchors WHERE seq = (SELECT min(seq) FROM audit_anchors WHERE account_id = 'acc_anchor_link')`)
        const problems = (yield* (yield* Audit).verify(null)).anchors.problems
        assert.isTrue(problems.some((p) => p.startsWith("the chain of chain heads is broken at anchor")), problems.join("\n"))
      }))
  })
})

/** The chain of chain heads made again from the chains as they stand (what someone rewriting everything would do). */
const resetAnchors = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE audit_anchors DISABLE TRIGGER USER`
  yield* sql`DELETE FROM audit_anchors`
  const heads = yield* sql<{ account_id: string; seq: number; hash: string }>`SELECT account_id, seq::float8 AS seq, hash FROM audit_heads WHERE seq > 0 ORDER BY account_id`
  let prev = GENESIS
  let n = 0
  for (const h of heads) {
    n += 1
    const hash = anchorHash(prev, h.account_id, h.seq, h.hash)
    yield* sql`INSERT INTO audit_anchors (seq, account_id, head_seq, head_hash, prev_hash, hash) VALUES (${n}, ${h.account_id}, ${h.seq}, ${h.hash}, ${prev}, ${hash})`
    prev = hash
  }
  yield* sql`UPDATE audit_anchor_head SET seq = ${n}, hash = ${n === 0 ? "" : prev}`
  yield* sql`ALTER TABLE audit_anchors ENABLE TRIGGER USER`
}).pipe(Effect.orDie)
