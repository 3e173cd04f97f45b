import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Context, Effect, Fiber, Layer } from "effect"
import { Audit } from "../../src/audit/Audit.js"
import { AuditRepo } from "../../src/audit/AuditRepo.js"
import { serverUrl, TestDatabase } from "../support/testDatabase.js"

const by = { type: "member" as const, id: "mem_synthetic", name: "Synthetic Member (test data)" }

const account = (id: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql`INSERT INTO accounts (id, kind, plan, name, four_eyes) VALUES (${id}, 'operator', 'free', 'synthetic test account', false)`)

/** What the server does while someone verifies: an audited change, then the anchoring task's step. */
const writeAndAnchor = (accountId: string, n: number) =>
  Effect.flatMap(Audit, (audit) =>
    Effect.andThen(audit.record({ accountId, by }, { action: "monitor.created", object: { type: "monitor", id: `mon_${n}` } }), audit.anchorPending))

/**
 * `kyb audit verify` on an untouched log while the server keeps writing and anchoring (seen once in CI: "1 problems
 * found" on an untouched log, an anchor committed between verification's reads of the anchors and of their end).
 */
describe("audit verification while the log grows", () => {
  layer(Layer.mergeAll(Audit.Default, AuditRepo.Default).pipe(Layer.provideMerge(TestDatabase.layer)), { timeout: "120 seconds" })((it) => {
    it.effect("an entry and its anchor committed between verification's reads: the verification sees neither and finds nothing wrong", () =>
      Effect.gen(function*() {
        yield* account("acc_snapshot")
        yield* writeAndAnchor("acc_snapshot", 1)
        // outside verification's transaction: statements made in this context take a connection of their own
        const outside = yield* Effect.context<Audit | SqlClient.SqlClient>()
        const repo = yield* AuditRepo
        let between: Effect.Effect<unknown, never, Audit | SqlClient.SqlClient> | null = null
        const writes: Array<Fiber.Fiber<unknown>> = []
        const hooked = AuditRepo.of({
          ...repo,
          // right after the anchors are read, and before their end is: another connection appends and anchors
          anchors: (after, limit) => Effect.tap(repo.anchors(after, limit), () => {
            const once = between
            between = null
            if (once === null) return Effect.void
            // the whole context replaced (provideContext would merge, keeping the transaction's connection)
            const write = Effect.updateContext(once, (_: Context.Context<never>) => outside)
            // the embedded database serves one session, and the verification's transaction holds it until it ends:
            // there the write can only wait (awaiting it here would never end), so it is joined afterwards
            return serverUrl() === undefined ? Effect.map(Effect.forkChild(write), (f) => void writes.push(f)) : write
          })
        })
        const verifying = yield* Audit.make.pipe(Effect.provideService(AuditRepo, hooked))
        between = writeAndAnchor("acc_snapshot", 2).pipe(Effect.orDie)
        const result = yield* verifying.verify(null)
        assert.isNull(between, "the write ran between the reads")
        assert.deepStrictEqual([result.broken, result.anchors.problems], [[], []])
        assert.strictEqual(result.entries, 1)
        assert.strictEqual(result.anchors.count, 1)
        for (const f of writes) yield* Fiber.join(f)
        const after = yield* (yield* Audit).verify(null)
        assert.deepStrictEqual([after.broken, after.anchors.problems, after.entries, after.anchors.count], [[], [], 2, 2])
      }))

    it.effect("many verifications while another fiber writes and anchors without pause: none finds a problem", () =>
      Effect.gen(function*() {
        const audit = yield* Audit
        yield* account("acc_busy")
        let stop = false
        const writer = yield* Effect.forkChild(Effect.gen(function*() {
          for (let n = 1; !stop; n++) yield* writeAndAnchor("acc_busy", n)
        }))
        const found: Array<string> = []
        for (let i = 0; i < 30; i++) {
          const result = yield* audit.verify(null)
          found.push(...result.broken.map((b) => `${b.accountId} ${b.seq}: ${b.words}`), ...result.anchors.problems)
        }
        stop = true
        yield* Fiber.join(writer)
        assert.deepStrictEqual(found, [])
      }))
  })
})
