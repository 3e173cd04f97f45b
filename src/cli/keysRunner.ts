import { NodeServices } from "@effect/platform-node"
import { CliError, Command } from "effect/cli"
import { Console, Effect, Layer } from "effect"
import { ApiKeys } from "../access/ApiKeys.js"
import { DatabaseLive } from "../db/Database.js"
import { keysCommand } from "./keysCommand.js"
import { runProgram } from "./runner.js"
import { styleFor } from "./spec.js"

// `kyb keys ...` is parsed by effect/cli (src/cli/keysCommand.ts); its output is made to behave like the rest of
// the CLI: plain help that names the whole command, usage errors as one line with exit 2.

const ANSI = /\u001b\[[0-9;]*m/g

const app = Command.runWith(
  Command.make("kyb").pipe(Command.withSubcommands([keysCommand]), Command.provide(ApiKeys.Default.pipe(Layer.provideMerge(DatabaseLive)))),
  { version: "1.0.0" }
)

export const runKeys = async (command: string, argv: ReadonlyArray<string>): Promise<void> => {
  const args = argv.length === 0 ? ["--help"] : argv
  const plain = styleFor(process.stdout, process.env).heading("") === ""
  const subcommand = args[0]!.startsWith("-") ? "" : ` ${args[0]}`
  let usage = ""
  // The help and results are the command's output on stdout (not log lines): written through the Console service.
  const program = Console.consoleWith((terminal) =>
    app(["keys", ...args]).pipe(
      Effect.provideService(Console.Console, {
        ...terminal,
        // Help: the whole command name in the usage line, no colour unless the terminal wants it.
        log: (...texts: ReadonlyArray<unknown>) =>
          terminal.log(texts.map(String).join(" ").replace(/\bkyb keys\b/g, command).replace(plain ? ANSI : /$^/, "")),
        // effect/cli prints a usage error with the help before failing with it: kept for the one line below.
        error: (...texts: ReadonlyArray<unknown>) => void (usage += `${texts.map(String).join(" ")}\n`)
      })
    )
  ).pipe(
    Effect.tap(() => Effect.sync(() => void (usage === "" || process.stderr.write(usage)))),
    Effect.catchIf(CliError.isCliError, (error) =>
      Effect.sync(() => {
        // Help asked for (`--help`, or nothing after `keys`): shown, and that is all.
        if (error._tag === "ShowHelp" && error.errors.length === 0) return
        const said = usage.replace(ANSI, "").replace(/\s*\n\s*/g, " ").trim()
        const text = said !== "" ? said : error._tag === "ShowHelp" ? error.errors.map((e) => e.message).join("; ") : error.message
        process.stderr.write(`${command}${subcommand}: ${text === "" ? "invalid arguments" : text}\n`)
        process.exitCode = 2
      }))
  )
  await runProgram(`${command}${subcommand}`, program.pipe(Effect.provide(NodeServices.layer)))
}
