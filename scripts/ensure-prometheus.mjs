// Before the tests: the metrics test (test/metrics/prometheus.test.ts) scrapes a real instance with Debian's
// Prometheus and checks the alert rules with its promtool, at /usr/bin/prometheus and /usr/bin/promtool, or
// PROMETHEUS_PATH and PROMTOOL_PATH. Installs the package when missing and this user may (root with apt-get), else
// stops at once saying what to run. Run by scripts/ensure-browser.mjs (npm test's pretest and .ci/run).
import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"

const PROMETHEUS = process.env["PROMETHEUS_PATH"] ?? "/usr/bin/prometheus"
const PROMTOOL = process.env["PROMTOOL_PATH"] ?? "/usr/bin/promtool"
const debianPaths = PROMETHEUS === "/usr/bin/prometheus" && PROMTOOL === "/usr/bin/promtool"

if (!existsSync(PROMETHEUS) || !existsSync(PROMTOOL)) {
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0 && debianPaths
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0
  if (!hasApt || !isRoot) {
    process.stderr.write(`The metrics tests need Prometheus at ${PROMETHEUS} and promtool at ${PROMTOOL}: run 'sudo apt-get install -y prometheus' (or your system's equivalent), then the tests again.\n`)
    process.exit(1)
  }
  process.stderr.write(`Installing Prometheus for the metrics tests (apt-get install prometheus) ...\n`)
  // The package's service is not wanted: the tests start their own Prometheus on a loopback port.
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive", RUNLEVEL: "1" }
  const install = spawnSync("sh", ["-c", "apt-get update -qq && apt-get install -y -qq --no-install-recommends prometheus"], { env, encoding: "utf8" })
  if (install.status !== 0 || !existsSync(PROMETHEUS) || !existsSync(PROMTOOL)) {
    const last = `${install.stderr ?? ""}${install.stdout ?? ""}`.trim().split("\n").at(-1) ?? ""
    process.stderr.write(`Could not install Prometheus (${last}); run 'apt-get update && apt-get install -y prometheus' and the tests again.\n`)
    process.exit(1)
  }
}
