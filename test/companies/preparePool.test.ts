import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Scope } from "effect"
import type { RawCompanyRows } from "../../src/companies/ingest/companyBatches.js"
import { makePreparePool } from "../../src/companies/ingest/prepare/PreparePool.js"
import { prepareRows } from "../../src/companies/ingest/prepare/prepareRows.js"

/** The reason a batch failed (the promise's rejection). */
const failureOf = (prepared: Promise<unknown>) =>
  Effect.promise(() => prepared.then(() => "prepared", (e: unknown) => (e instanceof Error ? e.message : String(e))))

const now = new Date("2026-11-01T00:00:00Z")

const line = (line: number, over: Record<string, unknown>) =>
  JSON.stringify({
    country: "NG",
    registration_no: `RC ${line}`,
    legal_name: `Batch Company ${line} Ltd`,
    source: "CAC",
    last_verified_at: "2026-06-01T00:00:00Z",
    ...over
  })

const batch = (first: number): RawCompanyRows => ({
  format: "jsonl",
  firstLine: first,
  bytes: new TextEncoder().encode([
    line(first, { aliases: [{ name: "Société Générale", kind: "brand" }] }),
    line(first + 1, { officers: [{ name: "Ada Obi", role: "Director" }] }),
    "{not json",
    line(first + 3, { country: "ZZZ" })
  ].join("\n") + "\n")
})

describe("prepare pool", () => {
  it.effect("prepares on worker threads exactly what this thread prepares, batch by batch, in turn", () =>
    Effect.gen(function*() {
      const pool = yield* makePreparePool(2)
      const firsts = [1, 11, 21]
      const raws = firsts.map(batch)
      const results = yield* Effect.promise(() => Promise.all(raws.map((raw) => pool.prepare(raw, now))))
      expect(results.map((r) => r.prepared)).toStrictEqual(firsts.map((first) => prepareRows(batch(first), now)))
      // The bytes were handed over to a worker, not copied, and handed back with its answer.
      expect(raws.map((raw) => raw.format === "jsonl" ? raw.bytes.byteLength : -1)).toStrictEqual([0, 0, 0])
      expect(results.map((r) => r.raw)).toStrictEqual(firsts.map(batch))
      expect(results[1]!.prepared.accepted).toStrictEqual([11, 12])
      expect(results[1]!.prepared.rejected.map((r) => r.line)).toStrictEqual([13, 14])
      expect(results[2]!.prepared.batch.keys).toStrictEqual(["RC21", "RC22"])
      // Bytes sharing their buffer with other bytes are copied, not handed over: the other bytes stay.
      const shared = batch(31)
      if (shared.format !== "jsonl") throw new Error("expected JSON Lines")
      const around = new Uint8Array(shared.bytes.byteLength + 8)
      around.set(shared.bytes, 4)
      const view: RawCompanyRows = { ...shared, bytes: around.subarray(4, 4 + shared.bytes.byteLength) }
      const copied = yield* Effect.promise(() => pool.prepare(view, now))
      expect(copied.prepared).toStrictEqual(prepareRows(batch(31), now))
      expect([around.byteLength, copied.raw]).toStrictEqual([shared.bytes.byteLength + 8, view])
    }), { timeout: 60_000 })

  it.effect("a batch the worker cannot prepare fails with the reason", () =>
    Effect.gen(function*() {
      const pool = yield* makePreparePool(1)
      const broken = { format: "csv" } as unknown as RawCompanyRows
      expect(yield* failureOf(pool.prepare(broken, now))).toMatch(/^preparing a batch failed: .*iterable/)
      // The worker goes on with the next batch.
      const next = yield* Effect.promise(() => pool.prepare(batch(1), now))
      expect(next.prepared.accepted).toStrictEqual([1, 2])
    }), { timeout: 60_000 })

  it.effect("once its scope closes, the workers are gone and a batch fails at once", () =>
    Effect.gen(function*() {
      const scope = yield* Scope.make()
      const pool = yield* makePreparePool(1).pipe(Scope.provide(scope))
      yield* Scope.close(scope, Exit.void)
      expect(yield* failureOf(pool.prepare(batch(1), now))).toBe("the prepare workers were closed")
    }), { timeout: 60_000 })
})
