import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { Cause, Data, Effect, Exit, type Layer, Option, References } from "effect"
import { DatabaseLive } from "../db/Database.js"

/** A command's own refusal, said as it is (`every row of x.jsonl was rejected`). */
export class CliFailure extends Data.TaggedError("CliFailure")<{ readonly message: string }> {}

type DatabaseServices = Layer.Success<typeof DatabaseLive>

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, " ").trim()

/** What went wrong, in the operator's terms: the error's message, never its JSON or stack. */
export const messageOf = (error: unknown): string => {
  if (typeof error === "object" && error !== null) {
    const e = error as { readonly _tag?: unknown; readonly message?: unknown; readonly cause?: unknown; readonly file?: unknown }
    if (e._tag === "SqlError") return `database: ${e.cause === undefined ? String(e.message) : messageOf(e.cause)}`
    if (typeof e.message === "string" && e.message !== "") {
      return typeof e.file === "string" && !e.message.includes(e.file) ? `${e.file}: ${e.message}` : e.message
    }
    if (typeof e._tag === "string") return e._tag
  }
  return String(error)
}

/**
 * Runs a command against the server's database and exits 0, or 1 with one line on stderr naming the command and
 * what went wrong (`hint` may add what the operator can do about it); Ctrl-C ends it with 130.
 */
export const runCli = <E>(
  command: string,
  program: Effect.Effect<void, E, DatabaseServices>,
  hint: (error: unknown) => string | undefined = () => undefined
): Promise<void> => runProgram(command, program.pipe(Effect.provide(DatabaseLive)), hint)

/** `runCli` for a program that opens the database itself when it needs it (or never). */
export const runProgram = <E>(
  command: string,
  program: Effect.Effect<void, E>,
  hint: (error: unknown) => string | undefined = () => undefined
): Promise<void> =>
  new Promise((resolve) => {
    const main = program.pipe(
      Effect.matchCause({
        onSuccess: () => Number(process.exitCode ?? 0),
        onFailure: (cause) => {
          if (Cause.hasInterruptsOnly(cause)) return 130
          const failure = Cause.findErrorOption(cause)
          const text = Option.match(failure, {
            onNone: () => `internal error: ${messageOf(Cause.squash(cause))}`,
            onSome: (error) => [messageOf(error), hint(error)].filter((t) => t !== undefined).join("; ")
          })
          process.stderr.write(`${command}: ${oneLine(text)}\n`)
          return 1
        }
      }),
      // Standard output is the command's own (a key's secret, MCP's protocol): log lines, warnings and worse, go to stderr.
      Effect.provideService(References.MinimumLogLevel, "Warn"),
      Effect.provideService(References.LogToStderr, true)
    )
    NodeRuntime.runMain(main, {
      disableErrorReporting: true,
      teardown: (exit, onExit) => {
        resolve()
        onExit(Exit.isSuccess(exit) && typeof exit.value === "number" ? exit.value : 130)
      }
    })
  })
