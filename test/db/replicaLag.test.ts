import { describe, expect, it } from "vitest"
import { observeLag, parseLsn } from "../../src/db/replicaLag.js"

describe("replica lag from primary positions", () => {
  it("reads a WAL position", () => {
    expect(parseLsn("0/0")).toBe(0n)
    expect(parseLsn("16/B374D848")).toBe((0x16n << 32n) + 0xB374D848n)
    expect(parseLsn("1/0") > parseLsn("0/FFFFFFFF")).toBe(true)
  })

  it("is the age of the oldest position not replayed; an idle primary gives none", () => {
    let s = observeLag([], 1000, 100n, 100n)
    expect(s.lagMs).toBe(0)
    s = observeLag(s.samples, 2000, 200n, 100n)
    expect(s.lagMs).toBe(0)
    s = observeLag(s.samples, 3000, 300n, 100n)
    expect(s.lagMs).toBe(1000)
    s = observeLag(s.samples, 5000, 300n, 250n)
    expect(s.lagMs).toBe(2000)
    s = observeLag(s.samples, 6000, 300n, 300n)
    expect(s.lagMs).toBe(0)
    expect(s.samples).toEqual([])
  })

  it("keeps counting while the primary cannot be read; none for a server that is not a standby", () => {
    let s = observeLag([], 0, 500n, 100n)
    s = observeLag(s.samples, 4000, null, 100n)
    expect(s.lagMs).toBe(4000)
    expect(observeLag(s.samples, 5000, 900n, null)).toEqual({ samples: [], lagMs: 0 })
  })
})
