// `npm run kyb -- ...`: the operator CLI from the compiled build (dist/), which starts in a fraction of the time
// the TypeScript sources through tsx take. Builds first when a source file is newer than the build.
import { spawnSync } from "node:child_process"
import { readFileSync, readdirSync, statSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const entry = join(root, "dist", "cli", "main.js")

// On a Node older than the project's (package.json's engines; someone running `node scripts/kyb.mjs` with the
// machine's own Node), one line saying what to do, before building or loading anything: src/nodeVersion.ts's check,
// which this script cannot import before the build.
const required = /^>=(\d+\.\d+\.\d+)$/.exec(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).engines?.node ?? "")?.[1]
const [running, oldest] = [process.versions.node, required ?? ""].map((v) => v.split(".").map(Number))
const at = running.findIndex((part, i) => part !== oldest[i])
if (required === undefined || (at !== -1 && running[at] < oldest[at])) {
  process.stderr.write(`KYB Africa needs Node ${required ?? "(package.json's engines.node)"} or later and this is Node ${process.versions.node}: run the CLI as \`npm run kyb -- ...\` (after \`npm ci\`, which installs that Node into node_modules/.bin)\n`)
  process.exit(1)
}

const newestSource = (dir) => {
  let newest = 0
  for (const item of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, item.name)
    newest = Math.max(newest, item.isDirectory() ? newestSource(path) : statSync(path).mtimeMs)
  }
  return newest
}

const builtAt = (() => {
  try {
    return statSync(entry).mtimeMs
  } catch {
    return 0
  }
})()

if (builtAt < newestSource(join(root, "src"))) {
  process.stderr.write("kyb: building dist/ (the sources changed since the last build) ...\n")
  // The compiler needs more memory than the CLI's own limits in NODE_OPTIONS allow.
  const { NODE_OPTIONS: _, ...env } = process.env
  const build = spawnSync("npm", ["run", "-s", "build"], { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] })
  if (build.status !== 0) {
    process.stderr.write("kyb: the build failed; see the errors above\n")
    process.exit(1)
  }
}

await import(pathToFileURL(entry).href)
