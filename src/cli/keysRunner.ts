import { Command, ValidationError } from "effect/cli"
import { layer as NodeContextLive } from "@effect/platform-node"
import { Console, Effect, Layer } from "effect"
import { ApiKeys } from "../access/ApiKeys.js"
import { DatabaseLive } from "../db/Database.js"
import { keysCommand } from "./keysCommand.js"
import { runProgram } from "./runner.js"
import { styleFor } from "./spec.js"

// `kyb keys ...` is parsed by @effect/cli (src/cli/keysCommand.ts); its output is made to behave like the rest of
// the CLI: plain help that names the whole command, usage errors as one line with exit 2.

const ANSI = /\u001b\[[0-9;]*m/g

const app = Command.run(Command.make("kyb").pipe(Command.withSubcommands([keysCommand]), Command.provide(ApiKeys.Default.pipe(Layer.provideMerge(DatabaseLive)))), {
  name: "kyb",
  version: "1.0.0"
})

export const runKeys = async (command: string, argv: ReadonlyArray<string>): Promise<void> => {
  const args = argv.length === 0 ? ["--help"] : argv
  const plain = styleFor(process.stdout, process.env).heading("") === ""
  const subcommand = args[0]!.startsWith("-") ? "" : ` ${args[0]}`
  let usage = ""
  // The help and results are the command's output on stdout (not log lines): written through the Console service.
  const program = Effect.consoleWith((terminal) =>
    app(["node", "kyb", "keys", ...args]).pipe(
      Console.withConsole({
        ...terminal,
        // Help: the whole command name in the usage line, no colour unless the terminal wants it.
        log: (...texts: ReadonlyArray<unknown>) =>
          terminal.log(
            texts.map(String).join(" ").replace(/\$ (keys|create|revoke|list)\b/g, (_, word: string) =>
              `$ ${command}${word === "keys" ? "" : subcommand}`).replace(plain ? ANSI : /$^/, "")
          ),
        // @effect/cli prints a usage error as a help document before failing with it: kept for the one line below.
        // A command's own stderr lines ("Created key_... for account ...") are written once it succeeds.
        error: (...texts: ReadonlyArray<unknown>) => Effect.sync(() => void (usage += `${texts.map(String).join(" ")}\n`))
      })
    )
  ).pipe(
    Effect.tap(() => Effect.sync(() => void (usage === "" || process.stderr.write(usage)))),
    Effect.catchIf(ValidationError.isValidationError, () =>
      Effect.sync(() => {
        const text = usage.replace(ANSI, "").replace(/\s*\n\s*/g, " ").trim()
        process.stderr.write(`${command}${subcommand}: ${text === "" ? "invalid arguments" : text}\n`)
        process.exitCode = 2
      }))
  )
  await runProgram(`${command}${subcommand}`, program.pipe(Effect.provide(NodeContextLive)))
}
