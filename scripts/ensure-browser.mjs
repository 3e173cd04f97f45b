// Before the tests (then scripts/ensure-prometheus.mjs): the browser tests drive Debian's Chromium at /usr/bin/chromium, or CHROMIUM_PATH (playwright-core
// downloads none).
// Installs it when missing and this user may (root with apt-get), else stops at once saying what to run.
import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"

const CHROMIUM = process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium"

if (!existsSync(CHROMIUM)) {
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0 && CHROMIUM === "/usr/bin/chromium"
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0
  if (!hasApt || !isRoot) {
    process.stderr.write(`The browser tests need Chromium at ${CHROMIUM}: run 'sudo apt-get install -y chromium' (or your system's equivalent), then the tests again.\n`)
    process.exit(1)
  }
  process.stderr.write(`Installing Chromium for the browser tests (apt-get install chromium) ...\n`)
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" }
  const install = spawnSync("sh", ["-c", "apt-get update -qq && apt-get install -y -qq chromium"], { env, encoding: "utf8" })
  if (install.status !== 0 || !existsSync(CHROMIUM)) {
    const last = `${install.stderr ?? ""}${install.stdout ?? ""}`.trim().split("\n").at(-1) ?? ""
    process.stderr.write(`Could not install Chromium (${last}); run 'apt-get update && apt-get install -y chromium' and the tests again.\n`)
    process.exit(1)
  }
}

// The metrics tests' Prometheus is provisioned the same way, in the same step.
await import("./ensure-prometheus.mjs")
