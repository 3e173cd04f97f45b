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
    // GLEIF's public API is never reached from a test: a test that turns GLEIF on without pointing it at a fake
    // asks a closed loopback port instead.
    env: { KYB_LISTS_MAX_AGE_DAYS: "off", KYB_GLEIF_URL: "http://127.0.0.1:9/gleif-not-configured-in-this-test" },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    fileParallelism: true,
    maxWorkers: 2
  }
})
