import * as fs from "node:fs"
import * as path from "node:path"

/**
 * The node flags `npm start` runs the server with: the words between `node` and `dist/main.js` in package.json's `start`
 * script, so that benchmarks and tests run what production runs (one source of truth).
 */
export const startNodeFlags = (repoRoot = "."): ReadonlyArray<string> => {
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { readonly scripts?: Record<string, string> }
  const start = pkg.scripts?.["start"]
  if (start === undefined) throw new Error("package.json has no start script")
  for (const command of start.split("&&")) {
    const words = command.trim().split(/\s+/)
    const main = words.indexOf("dist/main.js")
    if (words[0] !== "node" || main < 0) continue
    const flags = words.slice(1, main)
    const odd = flags.find((f) => !/^--[a-z0-9-]+(=[A-Za-z0-9._,/-]+)?$/.test(f))
    if (odd !== undefined) throw new Error(`cannot read the node flag ${odd} of the start script: ${start}`)
    return flags
  }
  throw new Error(`no "node ... dist/main.js" in the start script: ${start}`)
}
