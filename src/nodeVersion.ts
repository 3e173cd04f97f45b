import { readFileSync } from "node:fs"

/**
 * The Node the project runs on: package.json's `engines.node` (">=X.Y.Z"), the version of the Node binary that
 * `npm ci` installs as an optional dependency (`node-<platform>-<arch>`) and that `npm start`, `npm test` and every
 * npm script run on (`node_modules/.bin/node`, first on their PATH). This module loads nothing else, so an entry point
 * can check the running Node before it imports the rest (static imports are evaluated before a module's body).
 */
const ENGINES = /^>=(\d+)\.(\d+)\.(\d+)$/

/** The oldest Node the project runs on, "X.Y.Z", from package.json beside src/ or dist/. */
export const requiredNode = (): string => {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { engines?: { node?: string } }
  const match = ENGINES.exec(pkg.engines?.node ?? "")
  if (match === null) throw new Error(`package.json's engines.node is not ">=X.Y.Z": ${pkg.engines?.node}`)
  return match.slice(1).join(".")
}

/** True when version `running` ("X.Y.Z", as process.versions.node) is older than `required` ("X.Y.Z"). */
export const isOlderNode = (running: string, required: string): boolean => {
  const a = running.split(".").map(Number)
  const b = required.split(".").map(Number)
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0)
  return false
}

/** On a Node older than the project's: the one line saying so and what to do; else undefined. */
export const olderNodeLine = (running: string, required: string, howToRun: string): string | undefined =>
  isOlderNode(running, required)
    ? `KYB Africa needs Node ${required} or later and this is Node ${running}: ${howToRun} (after \`npm ci\`, which installs that Node into node_modules/.bin)`
    : undefined
