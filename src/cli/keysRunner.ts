import * as NodeServices from "@effect/platform-node/NodeServices"
import { CliConfig, CliError, Command, GlobalFlag } from "effect/cli"
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
  // What the command writes to stdout (help, results) and stderr, held until it ends: effect/cli prints the help
  // before failing with a usage error, and a usage error is one line on stderr with nothing on stdout.
  let out = ""
  let usage = ""
  const program = Console.consoleWith((terminal) =>
    app(["keys", ...args]).pipe(
      Effect.provideService(Console.Console, {
        ...terminal,
        // Help: the whole command name in the usage line, no colour unless the terminal wants it.
        log: (...texts: ReadonlyArray<unknown>) =>
          void (out += `${texts.map(String).join(" ").replace(/\bkyb keys\b/g, command).replace(plain ? ANSI : /$^/, "")}\n`),
        error: (...texts: ReadonlyArray<unknown>) => void (usage += `${texts.map(String).join(" ")}\n`)
      })
    )
  ).pipe(
    Effect.andThen(Effect.sync(() => {
      process.stdout.write(out)
      process.stderr.write(usage)
    })),
    Effect.catchIf(CliError.isCliError, (error) =>
      Effect.sync(() => {
        // Help asked for (`--help`, or nothing after `keys`): shown, and that is all.
        if (error._tag === "ShowHelp" && error.errors.length === 0) return void process.stdout.write(out)
        const said = error._tag === "ShowHelp" ? error.errors.map((e) => e.message).join("; ") : error.message
        const text = said.replace(ANSI, "").replace(/\s*\n\s*/g, " ").trim()
        process.stderr.write(`${command}${subcommand}: ${text === "" ? "invalid arguments" : text}\n`)
        process.exitCode = 2
      }))
  )
  await runProgram(
    `${command}${subcommand}`,
    program.pipe(Effect.provide(Layer.merge(NodeServices.layer, CliConfig.layer({ builtIns: [GlobalFlag.Help, GlobalFlag.Version] }))))
  )
}
