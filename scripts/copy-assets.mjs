// The production build's non-TypeScript files: worker entry points tsc does not emit, copied beside the compiled code.
import { copyFileSync, mkdirSync } from "node:fs"
import { dirname, join } from "node:path"

for (const file of ["db/embeddedWorker.mjs", "companies/ingest/prepare/boot.cjs"]) {
  mkdirSync(dirname(join("dist", file)), { recursive: true })
  copyFileSync(join("src", file), join("dist", file))
}
