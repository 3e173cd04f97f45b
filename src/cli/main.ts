import { kyb } from "./commands.js"
import { parse, styleFor, UsageError } from "./spec.js"

/**
 * `kyb`: exit 0 on success, 1 on failure, 2 on a usage error; every error one line on stderr. Help and usage errors
 * answer without loading Effect or the database; the CLI reaches the server's database (DATABASE_URL, or the running
 * server's embedded socket in KYB_DATA_DIR) only when a command runs.
 */
const main = async () => {
  try {
    const parsed = parse(kyb, process.argv.slice(2), styleFor(process.stdout, process.env))
    switch (parsed._tag) {
      case "help":
        process.stdout.write(`${parsed.text}\n`)
        return
      case "delegate":
        return await parsed.spec.run(parsed.command, parsed.argv)
      case "run":
        return await parsed.leaf.run(parsed.invocation)
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    process.stderr.write(`${error.message.startsWith("kyb ") ? "" : "kyb: "}${error.message}\n`)
    process.exitCode = 2
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`kyb: ${error instanceof Error ? error.message : String(error)}\n`.replace(/\n(?!$)/g, " "))
  process.exitCode = 1
})
