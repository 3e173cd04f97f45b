import * as os from "node:os"
import * as path from "node:path"
import { down, prometheusConfigFile, readState, status, up } from "./fleet/fleet.js"

/**
 * The fleet on this machine, one command:
 *
 *   npm run -s fleet -- up [--instances 3] [--no-replica]   primary + streaming replica, API instances, HAProxy
 *   npm run -s fleet -- status                              what runs, each instance's /health, HAProxy's view
 *   npm run -s fleet -- down                                stops everything and removes the fleet's directory
 *
 * Everything listens on 127.0.0.1; the directory is KYB_FLEET_DIR (default <tmp>/kyb-fleet).
 */
const [command = "status", ...rest] = process.argv.slice(2)
const option = (name: string, fallback: string) => {
  const at = rest.indexOf(`--${name}`)
  return at === -1 ? fallback : rest[at + 1] ?? fallback
}
const dir = process.env["KYB_FLEET_DIR"] ?? path.join(os.tmpdir(), "kyb-fleet")

const main = async () => {
  const state = readState(dir)
  switch (command) {
    case "up": {
      const count = Number(option("instances", "3"))
      if (!Number.isInteger(count) || count < 1 || count > 8) throw new Error("--instances: must be 1 to 8")
      try {
        const fleet = await up({ dir, instances: count, replica: !rest.includes("--no-replica") })
        process.stdout.write(`${await status(fleet)}\n\nThe API: http://127.0.0.1:${fleet.lbPort} (keys: npm run -s kyb -- keys create, with DATABASE_URL=postgres://postgres@127.0.0.1:${fleet.primary.port}/postgres)\n` +
          `Metrics: each instance's /metrics on its KYB_METRICS_PORT; scrape them all with prometheus --config.file=${prometheusConfigFile(fleet)}\n`)
      } catch (error) {
        const partial = readState(dir)
        if (partial !== null) await down(partial)
        throw error
      }
      return
    }
    case "down":
      if (state === null) process.stdout.write(`no fleet in ${dir}\n`)
      else await down(state)
      return
    case "status":
      process.stdout.write(state === null ? `no fleet in ${dir}\n` : `${await status(state)}\n`)
      return
    default:
      throw new Error(`unknown command ${command}: up | down | status`)
  }
}

main().then(() => process.exit(0), (error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
