import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { alertRulesFile, prometheusConfig } from "../../scripts/support/prometheusConfig.js"
import { cliDatabase, kyb } from "../support/cliProcess.js"
import { PROMTOOL, startPrometheus } from "../support/prometheus.js"
import { freePort, startServerProcess } from "../support/serverProcess.js"

/**
 * Proven against the real thing (issue 45): Debian's Prometheus (scripts/ensure-prometheus.mjs provisions it)
 * scrapes an instance of the service started as `npm start` starts it, traffic is driven, and the counters are read
 * back through Prometheus's own HTTP API; promtool accepts the alert rules and Prometheus loads them.
 */
describe("metrics scraped by a real Prometheus", () => {
  it("promtool check rules accepts the alert rules", () => {
    const out = execFileSync(PROMTOOL, ["check", "rules", alertRulesFile], { encoding: "utf8" })
    expect(out).toMatch(/SUCCESS: \d+ rules found/)
  })

  it("after traffic, Prometheus reads the requests, statuses, verdicts and latency it was sent", async () => {
    const database = await cliDatabase()
    const metricsPort = await freePort()
    const server = await startServerProcess({ ...database.env, KYB_METRICS_PORT: String(metricsPort), KYB_INSTANCE_NAME: "prom-test" }, { ready: false })
    const prometheus = await startPrometheus(prometheusConfig([{ name: "prom-test", address: `127.0.0.1:${metricsPort}` }], { intervalSeconds: 1 }))
    try {
      // The embedded database's start and migrations are slow on a busy machine: more time than the default.
      await server.waitFor(/Listening on/, 300_000)
      const created = await kyb(["keys", "create", "--plan", "unlimited"], database.env)
      const secret = /kyb_live_[A-Za-z0-9_-]+/.exec(`${created.stdout}${created.stderr}`)?.[0]
      expect(secret, created.stderr).toBeDefined()
      const value = async (promql: string) => (await prometheus.query(promql))[0]?.value ?? 0
      const eventually = async (promql: string, expected: number) => {
        const deadline = Date.now() + 30_000
        let seen = await value(promql)
        while (seen !== expected && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 500))
          seen = await value(promql)
        }
        expect(seen, `${promql}\n${prometheus.output()}`).toBe(expected)
      }
      await eventually(`up{job="kyb",instance="prom-test"}`, 1)

      const health = `sum(kyb_http_requests_total{job="kyb",route="/health",method="GET",status_class="2xx"}) or vector(0)`
      const refused = `sum(kyb_http_requests_total{route="/v1/verify",status_class="4xx"}) or vector(0)`
      const verdicts = `sum(kyb_verdicts_total{result="review"}) or vector(0)`
      const timed = `sum(kyb_http_request_duration_seconds_count{route="/v1/verify"}) or vector(0)`
      const before = { health: await value(health), refused: await value(refused), verdicts: await value(verdicts), timed: await value(timed) }

      for (let i = 0; i < 7; i++) expect((await fetch(`${server.url}/health`)).status).toBe(200)
      for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/v1/verify?country=ZA&registration_no=2011/000045/07`)).status).toBe(401)
      for (let i = 0; i < 4; i++) {
        const reply = await fetch(`${server.url}/v1/verify?country=ZA&registration_no=2011/00004${i}/07`, { headers: { authorization: `Bearer ${secret}` } })
        expect(reply.status, await reply.clone().text()).toBe(200)
        // No list loaded on this fresh instance: every verdict is review (sanctions_unavailable), never clear.
        expect((await reply.json() as { result: string }).result).toBe("review")
      }

      await eventually(health, before.health + 7)
      await eventually(refused, before.refused + 3)
      await eventually(verdicts, before.verdicts + 4)
      await eventually(timed, before.timed + 7)
      expect(await value(`sum(kyb_http_request_duration_seconds_sum{route="/v1/verify"})`)).toBeGreaterThan(0)
      expect(await value(`kyb_process_resident_memory_bytes{instance="prom-test"}`)).toBeGreaterThan(10_000_000)
      expect(await value(`count(kyb_db_pool_max{instance="prom-test"})`)).toBeGreaterThan(0)
      // Route templates only: the numbers asked about never become a label.
      expect(await value(`count({__name__=~"kyb_.*", route=~".*2011.*"}) or vector(0)`)).toBe(0)

      // Every query of the Grafana dashboard is one Prometheus accepts.
      const dashboard = JSON.parse(fs.readFileSync(path.join(path.dirname(alertRulesFile), "grafana-dashboard.json"), "utf8")) as {
        panels: Array<{ targets: Array<{ expr: string }> }>
      }
      const exprs = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr))
      expect(exprs.length).toBeGreaterThan(15)
      for (const expr of exprs) await prometheus.query(expr)

      const rules = await (await fetch(`${prometheus.url}/api/v1/rules`)).json() as {
        data: { groups: Array<{ rules: Array<{ name: string; health: string; lastError?: string }> }> }
      }
      const loaded = rules.data.groups.flatMap((g) => g.rules)
      expect(loaded.map((r) => r.name)).toEqual(expect.arrayContaining(["KybListsStale", "KybRegistryBreakerOpen", "KybWebhookBacklogOld", "KybHigh5xxRate", "KybReplicaLagging", "KybDbPoolSaturated", "KybEventLoopDelay"]))
      // Evaluated against the live series without an error, and nothing fires on a healthy instance.
      await new Promise((r) => setTimeout(r, 2000))
      const evaluated = (await (await fetch(`${prometheus.url}/api/v1/rules`)).json() as typeof rules).data.groups.flatMap((g) => g.rules)
      expect(evaluated.filter((r) => r.health === "err")).toEqual([])
      expect(await value(`count(ALERTS{alertstate="firing"}) or vector(0)`)).toBe(0)
    } finally {
      await prometheus.stop()
      await server.stop()
      await database.close()
      expect(fs.existsSync(alertRulesFile)).toBe(true)
    }
  }, 480_000)
})
