// The production build's non-TypeScript files: the plain JavaScript modules under src/ (worker entry points and
// what they import) that tsc does not emit, copied beside the compiled code.
import { copyFileSync, mkdirSync, readdirSync } from "node:fs"
import { dirname, join, relative } from "node:path"

const plainModules = readdirSync("src", { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.(mjs|cjs)$/.test(entry.name))
  .map((entry) => relative("src", join(entry.parentPath, entry.name)))

for (const file of plainModules) {
  mkdirSync(dirname(join("dist", file)), { recursive: true })
  copyFileSync(join("src", file), join("dist", file))
}
