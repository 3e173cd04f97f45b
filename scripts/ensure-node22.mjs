// The MCP conformance suite (@modelcontextprotocol/conformance, test/mcp/conformance.test.ts) needs Node 22 while the
// project runs on Node 20: a pinned Node 22 is taken from the npm registry (the `node-<platform>-<arch>` package, a
// plain binary with no install script) with `npm pack`, into .cache/ (kept across `npm ci`), once, before the tests
// (scripts/ensure-browser.mjs, as Chromium and Prometheus are): the test itself fetches nothing. Not a dependency: its
// `node` bin would shadow the project's own Node in every npm script. `node scripts/ensure-node22.mjs` prints its path.
import { spawnSync } from "node:child_process"
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"

export const NODE22_VERSION = "22.22.0"
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const pkg = `node-${process.platform}-${process.arch}`
const dir = path.join(root, ".cache", `${pkg}-${NODE22_VERSION}`)
export const node22Path = path.join(dir, "package", "bin", process.platform === "win32" ? "node.exe" : "node")

const versionOf = (binary) => spawnSync(binary, ["--version"], { encoding: "utf8" }).stdout?.trim()

/** The pinned Node 22's path, fetched first if it is not there; throws saying what failed. */
export const ensureNode22 = () => {
  if (existsSync(node22Path) && versionOf(node22Path) === `v${NODE22_VERSION}`) return node22Path
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const packed = spawnSync("npm", ["pack", `${pkg}@${NODE22_VERSION}`, "--pack-destination", dir, "--silent"], { encoding: "utf8", cwd: dir })
  const tarball = readdirSync(dir).find((f) => f.endsWith(".tgz"))
  if (packed.status !== 0 || tarball === undefined) throw new Error(`npm pack ${pkg}@${NODE22_VERSION} failed: ${packed.stderr}`)
  const unpacked = spawnSync("tar", ["-xzf", path.join(dir, tarball), "-C", dir], { encoding: "utf8" })
  if (unpacked.status !== 0) throw new Error(`could not unpack ${tarball}: ${unpacked.stderr}`)
  rmSync(path.join(dir, tarball))
  if (versionOf(node22Path) !== `v${NODE22_VERSION}`) throw new Error(`${node22Path} does not run as Node ${NODE22_VERSION}`)
  return node22Path
}

// `--check`: the path only if it is there (a test fetches nothing), else exit 1 saying what to run.
if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--check") && !(existsSync(node22Path) && versionOf(node22Path) === `v${NODE22_VERSION}`)) {
    process.stderr.write(`Node ${NODE22_VERSION} is not at ${node22Path}: run 'node scripts/ensure-node22.mjs' (npm test does it first)\n`)
    process.exit(1)
  }
  process.stdout.write(`${ensureNode22()}\n`)
}
