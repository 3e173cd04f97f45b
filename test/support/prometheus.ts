import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freePort } from "./serverProcess.js"

export const PROMETHEUS = process.env["PROMETHEUS_PATH"] ?? "/usr/bin/prometheus"
export const PROMTOOL = process.env["PROMTOOL_PATH"] ?? "/usr/bin/promtool"

export interface PrometheusProcess {
  readonly url: string
  /** An instant query through the HTTP API: each result's labels and value. */
  readonly query: (promql: string) => Promise<ReadonlyArray<{ readonly metric: Record<string, string>; readonly value: number }>>
  readonly output: () => string
  readonly stop: () => Promise<void>
}

/** Debian's Prometheus on a loopback port with `config` (YAML), its storage in a temporary directory. */
export const startPrometheus = async (config: string): Promise<PrometheusProcess> => {
  const dir = mkdtempSync(join(tmpdir(), "kyb-prometheus-"))
  const configFile = join(dir, "prometheus.yml")
  writeFileSync(configFile, config)
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child: ChildProcess = spawn(PROMETHEUS, [
    `--config.file=${configFile}`,
    `--storage.tsdb.path=${join(dir, "data")}`,
    `--web.listen-address=127.0.0.1:${port}`,
    "--log.level=warn"
  ], { stdio: ["ignore", "pipe", "pipe"] })
  let output = ""
  child.stdout?.on("data", (c: Buffer) => (output += c.toString()))
  child.stderr?.on("data", (c: Buffer) => (output += c.toString()))
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const deadline = Date.now() + 60_000
  while (!(await fetch(`${url}/-/ready`).then((r) => r.ok, () => false))) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`Prometheus never became ready: ${output}`)
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    url,
    query: async (promql) => {
      const reply = await fetch(`${url}/api/v1/query?${new URLSearchParams({ query: promql })}`)
      const body = await reply.json() as { status: string; error?: string; data: { result: Array<{ metric: Record<string, string>; value: [number, string] }> } }
      if (body.status !== "success") throw new Error(`query ${promql}: ${body.error ?? reply.status}`)
      return body.data.result.map((r) => ({ metric: r.metric, value: Number(r.value[1]) }))
    },
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM")
        await exited
      }
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
