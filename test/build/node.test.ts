import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { isOlderNode, requiredNode } from "../../src/nodeVersion.js"
import { repoRoot } from "../sanctions/paths.js"

/**
 * The project's own Node (issue 44 item 1): the `node-<platform>-<arch>` binary packages, one per platform as optional
 * dependencies, of which npm installs only this platform's; `npm run` and `npx` put its `node` first on the PATH.
 */
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(repoRoot, file), "utf8")) as {
  engines: { node: string }
  optionalDependencies: Record<string, string>
  devDependencies: Record<string, string>
  packages: Record<string, { version: string; os?: string | Array<string>; cpu?: string | Array<string>; bin?: Record<string, string>; optional?: boolean }>
}
const pkg = read("package.json")
const lock = read("package-lock.json")
const PLATFORMS = ["linux-x64", "linux-arm64", "darwin-x64", "darwin-arm64", "win-x64"]
const here = `node-${process.platform === "win32" ? "win" : process.platform}-${process.arch}`
// A Node that never was: the entry points must refuse it before they load anything.
const asOldNode = ["--import", `data:text/javascript,Object.defineProperty(process.versions,"node",{value:"20.20.2"})`]

describe("the project's Node", () => {
  it("is one version everywhere: engines, every platform's binary and @types/node's major", () => {
    const required = requiredNode()
    expect(pkg.engines.node).toBe(`>=${required}`)
    expect(Object.keys(pkg.optionalDependencies).filter((n) => n.startsWith("node-")).sort()).toEqual(PLATFORMS.map((p) => `node-${p}`).sort())
    for (const p of PLATFORMS) expect(pkg.optionalDependencies[`node-${p}`], p).toBe(required)
    expect(pkg.devDependencies["@types/node"]).toMatch(new RegExp(`^\\^${required.split(".")[0]}\\.`))
  })

  it("the lock records every platform's binary with its os, cpu and bin, so `npm ci` links node_modules/.bin/node on each", () => {
    for (const p of PLATFORMS) {
      const entry = lock.packages[`node_modules/node-${p}`]
      const [os, cpu] = p.split("-") as [string, string]
      expect(entry, p).toMatchObject({ version: requiredNode(), optional: true, bin: { node: os === "win" ? "bin/node.exe" : "bin/node" } })
      expect([entry!.os].flat(), p).toEqual([os === "win" ? "win32" : os])
      expect([entry!.cpu].flat(), p).toEqual([cpu])
    }
  })

  it("the tests run on it, and `npm ci` installed this platform's binary and no other", () => {
    const installed = read(`node_modules/${here}/package.json`) as unknown as { version: string }
    expect(process.versions.node).toBe(installed.version)
    expect(process.versions.node).toBe(requiredNode())
    expect(fs.realpathSync(process.execPath)).toBe(fs.realpathSync(path.join(repoRoot, "node_modules", ".bin", process.platform === "win32" ? "node.exe" : "node")))
    const others = PLATFORMS.map((p) => `node-${p}`).filter((n) => n !== here)
    expect(others.filter((n) => fs.existsSync(path.join(repoRoot, "node_modules", n)))).toEqual([])
  })

  it("compares versions part by part, as numbers", () => {
    expect(isOlderNode("20.20.2", "26.12.1")).toBe(true)
    expect(isOlderNode("26.9.0", "26.12.1")).toBe(true)
    expect(isOlderNode("26.12.0", "26.12.1")).toBe(true)
    expect(isOlderNode("26.12.1", "26.12.1")).toBe(false)
    expect(isOlderNode("26.13.0", "26.12.1")).toBe(false)
    expect(isOlderNode("27.0.0", "26.12.1")).toBe(false)
  })

  it("on an older Node the server and the kyb CLI say what to do in one line and exit 1, loading nothing else", () => {
    // (tsx first: it picks its loader by the Node version, and the one it takes on Node 20 is deprecated on this one.)
    for (const [entry, says] of [[["--import", "tsx", ...asOldNode, "src/main.ts"], "npm start"], [[...asOldNode, "scripts/kyb.mjs", "keys", "list"], "npm run kyb"]] as const) {
      const run = spawnSync(process.execPath, entry, { cwd: repoRoot, encoding: "utf8", timeout: 60_000 })
      expect(run.status, run.stderr).toBe(1)
      expect(run.stdout).toBe("")
      expect(run.stderr.trimEnd().split("\n"), run.stderr).toHaveLength(1)
      expect(run.stderr).toContain(`needs Node ${requiredNode()} or later and this is Node 20.20.2`)
      expect(run.stderr).toContain(says)
    }
  })
})
