import { defineConfig } from "vitest/config"
import { olderNodeLine, requiredNode } from "./src/nodeVersion.js"

// The suite runs on the project's Node (node_modules/.bin/node, first on the PATH of `npm test` and `npx vitest`), not
// on an older one it would pass or fail on for other reasons: one line saying what to do, else nothing.
const older = olderNodeLine(process.versions.node, requiredNode(), "run the tests as `npm test` or `npx vitest run`")
if (older !== undefined) {
  process.stderr.write(`${older}\n`)
  process.exit(1)
}

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The shipped lists are years old: suites report their ages without a limit; the freshness tests set one.
    env: { KYB_LISTS_MAX_AGE_DAYS: "off" },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    fileParallelism: true,
    maxWorkers: 2
  }
})
