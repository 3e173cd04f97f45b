import { Effect, ManagedRuntime } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type FakeRegistry, faults, startFakeRegistry } from "../../scripts/fake-registry/index.js"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { fixtureRecords, testTimings } from "../registries/support.js"
import { fixturesDir } from "../sanctions/paths.js"
import { type Outcome, sleep, startLoad, summarize } from "../support/load.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { recordTiming } from "../support/timings.js"

/** Faults under sustained load on an in-process server (issue 15 item 3): live registry faults, a corrupt list refresh. */

const inProcess = async (config: Record<string, string>) => {
  const runtime = ManagedRuntime.make(makeTestServer(config))
  const server = await runtime.runPromise(TestServer)
  const key = await runtime.runPromise(server.newKey({ plan: "unlimited" }))
  return { runtime, url: server.url, headers: { authorization: `Bearer ${key}` } }
}

const serverErrors = (outcomes: ReadonlyArray<Outcome>) =>
  outcomes.filter((o) => o.error !== undefined || o.status >= 500).map((o) => `${o.error ?? o.status} ${o.body.slice(0, 200)}`)

describe("live registry faults under load", () => {
  let pacra: FakeRegistry
  let server: Awaited<ReturnType<typeof inProcess>>
  beforeAll(async () => {
    pacra = await startFakeRegistry({ registry: "zm-pacra", records: fixtureRecords("zm-pacra"), slowMs: 2_000 })
    server = await inProcess({ ...testTimings, KYB_REGISTRY_LIVE: "zm-pacra", KYB_REGISTRY_ZM_PACRA_URL: pacra.url })
  }, 120_000)
  afterAll(async () => {
    await server?.runtime.dispose()
    await pacra?.close()
  })

  it("each fault mode: every search answers 200 within the budget, naming the registry unreachable; none is a 5xx; served again after", async () => {
    const lines: Array<string> = []
    let round = 0
    for (const fault of faults.filter((f) => f !== "none")) {
      pacra.setFault(fault)
      round += 1
      const load = startLoad({
        baseUrl: server.url,
        concurrency: 8,
        maxDurationMs: 1_500,
        // Every query is new (a miss is asked live once per TTL), and misses the store: each one reaches the registry. The
    // bound is the budget plus this box's CPU under a full parallel suite: a registry that hangs never holds a request.
        request: (n) => ({ path: `/v1/search?country=ZM&q=fault+${round}+probe+${n}`, headers: server.headers })
      })
      const outcomes = await load.finish()
      const report = `${fault}: ${JSON.stringify(summarize(outcomes))}`
      lines.push(report)
      expect(serverErrors(outcomes), report).toEqual([])
      expect(outcomes.every((o) => o.status === 200), report).toBe(true)
      expect(outcomes.length, report).toBeGreaterThan(0)
      recordTiming(`live registry ${fault} under load: every search answered`, Math.max(...outcomes.map((o) => o.ms)), Number(testTimings["KYB_REGISTRY_BUDGET_MS"]) + 2_000)
      if (fault !== "drift") {
        const unreachable = outcomes.filter((o) => (JSON.parse(o.body) as { unreachable_registries: Array<string> }).unreachable_registries.includes("zm-pacra"))
        expect(unreachable.length, report).toBe(outcomes.length)
      }
    }
    pacra.setFault("none")
    await sleep(Number(testTimings["KYB_REGISTRY_BREAKER_COOLDOWN_MS"]) + 100)
    let found = 0
    for (let attempt = 0; attempt < 20 && found === 0; attempt++) {
      const response = await fetch(`${server.url}/v1/company/ZM/120210023366`, { headers: server.headers })
      if (response.status === 200) found = 1
      else await sleep(200)
    }
    expect(found, "the registry is asked again once it answers").toBe(1)
    expect(process.memoryUsage().rss).toBeLessThan(1_500 * 1024 * 1024)
    console.info(`registry faults under load:\n${lines.join("\n")}`)
  }, 120_000)
})

describe("a corrupt list refresh under load", () => {
  let server: Awaited<ReturnType<typeof inProcess>>
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "kyb-corrupt-"))
  beforeAll(async () => {
    server = await inProcess({ SANCTIONS_POLL_INTERVAL: "100 millis" })
    await server.runtime.runPromise(Effect.all([
      ingestSanctions([path.join(fixturesDir, "ofac-sdn")], { publishedOn: "2024-05-03" }),
      ingestSanctions([path.join(fixturesDir, "un", "consolidated.xml")], {})
    ]))
    fs.copyFileSync(path.join(fixturesDir, "broken", "sdn.csv"), path.join(scratch, "sdn.csv"))
  }, 120_000)
  afterAll(async () => {
    await server?.runtime.dispose()
    fs.rmSync(scratch, { recursive: true, force: true })
  })

  const names = ["Banco Nacional de Cuba", "Great Lakes Business Company", "Acme Trading Limited", "Lord's Resistance Army", "Al-Shamal Islamic Bank"]
  const verdictOf = (body: string) => {
    const verdict = JSON.parse(body) as {
      result: string
      sanctions: { screened: boolean; result: string; hits: ReadonlyArray<{ list: string; entry_id: string; list_version: string; entry_hash: string }> }
    }
    return JSON.stringify({
      result: verdict.result,
      screened: verdict.sanctions.screened,
      sanctions: verdict.sanctions.result,
      hits: verdict.sanctions.hits.map((h) => `${h.list}:${h.entry_id}:${h.list_version}:${h.entry_hash}`).sort()
    })
  }

  it("refused (both a truncated OFAC file and a cut UN XML); every verdict during the load is the one before; no error", async () => {
    const request = (n: number) => ({
      path: "/v1/verify",
      method: "POST",
      headers: { ...server.headers, "content-type": "application/json" },
      body: JSON.stringify({ name: names[n % names.length] })
    })
    // The baseline: the same verdicts twice in a row once both lists are in the index.
    const round = () =>
      Promise.all(names.map(async (_, i) => {
        const r = request(i)
        const response = await fetch(server.url + r.path, { method: r.method, headers: r.headers, body: r.body })
        return verdictOf(await response.text())
      }))
    let baseline: Array<string> = []
    for (let attempt = 0; attempt < 100; attempt++) {
      const [first, second] = [await round(), (await sleep(150), await round())]
      baseline = second
      const bothLists = second.join().includes("un_sc") && second.join().includes("ofac_sdn")
      if (bothLists && second.every((v) => v.includes("\"screened\":true")) && first.join("\n") === second.join("\n")) break
      await sleep(100)
    }
    expect(baseline.filter((v) => v.includes("\"sanctions\":\"match\"")).length, baseline.join("\n")).toBeGreaterThanOrEqual(3)

    const load = startLoad({ baseUrl: server.url, concurrency: 8, maxDurationMs: 8_000, request })
    await sleep(500)
    const refusals = await server.runtime.runPromise(Effect.all([
      Effect.result(ingestSanctions([scratch], { publishedOn: "2026-11-24" })),
      Effect.result(ingestSanctions([path.join(fixturesDir, "broken", "consolidated.xml")], {}))
    ]))
    await sleep(1_000)
    const outcomes = await load.stop()
    const report = JSON.stringify(summarize(outcomes))
    expect(refusals.map((r) => r._tag)).toEqual(["Failure", "Failure"])
    expect(serverErrors(outcomes), report).toEqual([])
    expect(outcomes.every((o) => o.status === 200), report).toBe(true)
    const changed = outcomes.filter((o) => verdictOf(o.body) !== baseline[o.n % names.length])
    expect(changed.length, report).toBe(0)
    console.info(`corrupt list refresh under load: ${report}`)
  }, 120_000)
})
