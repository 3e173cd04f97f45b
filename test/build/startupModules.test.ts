import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { repoRoot } from "../sanctions/paths.js"

/**
 * What the server holds before any request (issue 27, memory): a package's barrel module loads every module of the
 * package, effect/http-api's with the Scalar and Swagger bundles (about 5 MB of source, held as strings for the
 * process's life) and @effect/platform-node's with the cluster and RPC modules; the password checker's dictionaries
 * are loaded on the first password checked, the MCP SDK on the first /mcp request, the metrics exporter (OpenTelemetry)
 * on the first scrape and the trace exporter only when traces are exported. The modules src/server.ts imports
 * are imported here in a process of their own.
 */
const BARREL = /from "(effect\/http|effect\/http-api|effect\/reactivity|@effect\/platform-node)"/
const NOT_AT_START = [
  /\/effect\/dist\/http-api\/internal\/httpApi(Scalar|Swagger)\.js$/,
  /@zxcvbn-ts\/language-/,
  /\/effect\/dist\/(cluster|rpc)\//,
  /@effect\/platform-node\/dist\/NodeCluster/,
  /\/effect\/dist\/observability\//,
  /@modelcontextprotocol\/sdk\//,
  /@opentelemetry\//,
  /@effect\/opentelemetry\//
]

const sourceFiles = (dir: string): Array<string> =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : e.name.endsWith(".ts") ? [path.join(dir, e.name)] : []
  )

describe("the modules the server loads at start", () => {
  it("src imports effect/http, effect/http-api, effect/reactivity and @effect/platform-node module by module, never through their barrels", () => {
    const barrels = sourceFiles(path.join(repoRoot, "src")).filter((f) => BARREL.test(fs.readFileSync(f, "utf8")))
    expect(barrels.map((f) => path.relative(repoRoot, f))).toEqual([])
  })

  it("leave out the docs bundles, the password dictionaries, the cluster packages, the MCP SDK and OpenTelemetry", () => {
    const record = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "kyb-modules-")), "loaded.txt")
    const run = spawnSync(process.execPath, [
      "--import", "./test/support/recordModules.mjs", "--import", "tsx",
      "--input-type=module", "-e", "for (const m of ['http/Server', 'db/Database', 'logging/LoggingLive']) await import(`./src/${m}.ts`)"
    ], { cwd: repoRoot, encoding: "utf8", env: { ...process.env, RECORD_MODULES_TO: record }, timeout: 60_000 })
    expect(run.status, run.stderr).toBe(0)
    const loaded = fs.readFileSync(record, "utf8").split("\n").filter((u) => u !== "")
    expect(loaded.some((u) => u.endsWith("/src/http/Server.ts"))).toBe(true)
    expect(loaded.some((u) => u.includes("/effect/dist/http-api/HttpApiBuilder.js"))).toBe(true)
    expect(loaded.filter((u) => NOT_AT_START.some((p) => p.test(u)))).toEqual([])
  }, 90_000)
})
