import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The shipped lists are years old: suites report their ages without a limit; the freshness tests set one.
    env: { KYB_LISTS_MAX_AGE_DAYS: "off" },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    fileParallelism: true,
    maxWorkers: 2,
    minWorkers: 1
  }
})
