import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { spawn } from "node:child_process"
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import http from "node:http"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import path from "node:path"
import { repoRoot } from "../sanctions/paths.js"
import { makeTestServer, TestServer } from "../support/server.js"

/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance, pinned) run by its own CLI, on the project's Node,
 * against /mcp of a test server on loopback, through a proxy that adds the API key (the suite sends none). Each
 * applicable scenario must pass every check; the others are listed with why they do not apply to this server.
 */
const applicable = ["server-initialize", "ping", "tools-list", "dns-rebinding-protection"] as const

/** Scenarios of the suite this server has nothing for, and why. */
export const inapplicable: Readonly<Record<string, string>> = {
  "logging-set-level": "no logging capability: the server sends no log messages to clients",
  "completion-complete": "no completions capability (no prompts or resource templates to complete)",
  "tools-call-simple-text": "calls the suite's fixture tool test_simple_text, which only its reference server has",
  "tools-call-image": "fixture tool test_image_content: this server's tools answer JSON",
  "tools-call-audio": "fixture tool test_audio_content",
  "tools-call-embedded-resource": "fixture tool test_embedded_resource: no resources",
  "tools-call-mixed-content": "fixture tool test_multiple_content_types",
  "tools-call-with-logging": "fixture tool test_tool_with_logging: no logging capability",
  "tools-call-error": "fixture tool test_error_handling (this server's tool errors are tested in mcp.strict.test.ts)",
  "tools-call-with-progress": "fixture tool test_tool_with_progress: calls answer at once, no progress notifications",
  "tools-call-sampling": "fixture tool test_sampling: the server never asks the client's model",
  "tools-call-elicitation": "fixture tool test_elicitation: the server never asks the user",
  "json-schema-2020-12": "fixture tool json_schema_2020_12_tool",
  "elicitation-sep1034-defaults": "elicitation: the server never asks the user",
  "elicitation-sep1330-enums": "elicitation: the server never asks the user",
  "server-sse-polling": "stateless transport: one JSON answer per POST, no SSE stream (GET /mcp is 405)",
  "server-sse-multiple-streams": "stateless transport: no SSE streams",
  "resources-list": "no resources capability", "resources-read-text": "no resources capability",
  "resources-read-binary": "no resources capability", "resources-templates-read": "no resources capability",
  "resources-subscribe": "no resources capability", "resources-unsubscribe": "no resources capability",
  "prompts-list": "no prompts capability", "prompts-get-simple": "no prompts capability",
  "prompts-get-with-args": "no prompts capability", "prompts-get-embedded-resource": "no prompts capability",
  "prompts-get-with-image": "no prompts capability"
}

const cli = path.join(path.dirname(createRequire(import.meta.url).resolve("@modelcontextprotocol/conformance/package.json")), "dist", "index.js")

/** Forwards every request to the server as it came, with the key added (and the Host the suite addressed). */
const keyProxy = (target: string, key: string) =>
  Effect.acquireRelease(
    Effect.promise(() => new Promise<{ url: string; server: http.Server }>((resolve) => {
      const upstream = new URL(target)
      const server = http.createServer((req, res) => {
        const forward = http.request({
          host: upstream.hostname, port: upstream.port, path: req.url, method: req.method,
          headers: { ...req.headers, "x-api-key": key }
        }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
        })
        forward.on("error", () => res.destroy())
        req.pipe(forward)
      })
      server.listen(0, "127.0.0.1", () => {
        const address = server.address()
        resolve({ url: `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}`, server })
      })
    })),
    ({ server }) => Effect.promise(() => new Promise<void>((resolve) => server.close(() => resolve())))
  )

interface Check { readonly id: string; readonly status: string; readonly errorMessage?: string }

/** One scenario by the suite's CLI; its checks as it saved them. */
const runScenario = (url: string, scenario: string) =>
  Effect.promise(() => new Promise<{ code: number | null; output: string; checks: ReadonlyArray<Check> }>((resolve) => {
    const out = mkdtempSync(path.join(tmpdir(), "kyb-conformance-"))
    const child = spawn(process.execPath, [cli, "server", "--url", `${url}/mcp`, "--scenario", scenario, "-o", out], { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] })
    let output = ""
    child.stdout.on("data", (c: Buffer) => (output += c.toString()))
    child.stderr.on("data", (c: Buffer) => (output += c.toString()))
    child.once("exit", (code) => {
      const files = readdirSync(out, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith("checks.json"))
      const checks = files.flatMap((f) => JSON.parse(readFileSync(path.join(out, f), "utf8")) as Array<Check>)
      rmSync(out, { recursive: true, force: true })
      resolve({ code, output, checks })
    })
  }))

describe("the official MCP conformance suite (issue 43)", () => {
  layer(makeTestServer(), { timeout: "300 seconds", excludeTestServices: true })((it) => {
    it.effect("every applicable scenario passes every check; the others are listed with why", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const proxy = yield* keyProxy(server.url, yield* server.newKey({ plan: "unlimited" }))
        for (const scenario of applicable) {
          const run = yield* runScenario(proxy.url, scenario)
          const where = `${scenario}: ${run.output.slice(-3000)}`
          assert.isAbove(run.checks.length, 0, where)
          for (const check of run.checks) assert.include(["SUCCESS", "INFO"], check.status, `${check.id}: ${check.errorMessage ?? ""} (${where})`)
          assert.strictEqual(run.code, 0, where)
        }
        // The suite's own list: every scenario is either run here or said not to apply.
        const listed = yield* Effect.promise(() => new Promise<string>((resolve) => {
          const child = spawn(process.execPath, [cli, "list", "--server"], { stdio: ["ignore", "pipe", "inherit"] })
          let text = ""
          child.stdout.on("data", (c: Buffer) => (text += c.toString()))
          child.once("exit", () => resolve(text))
        }))
        const scenarios = [...listed.matchAll(/^\s+- ([\w-]+)/gm)].map((m) => m[1]!)
        assert.isAbove(scenarios.length, 20, listed)
        for (const scenario of scenarios) {
          assert.isTrue((applicable as ReadonlyArray<string>).includes(scenario) || scenario in inapplicable, `${scenario} is neither run nor said not to apply`)
        }
      }), 300_000)
  })
})
