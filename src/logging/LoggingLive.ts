import { Config, Effect, Layer, Logger, type LogLevel, References, Schema, SchemaTransformation } from "effect"
import { makeLineWriter } from "./lineWriter.js"

const levels = {
  trace: "Trace",
  debug: "Debug",
  info: "Info",
  warn: "Warn",
  warning: "Warn",
  error: "Error",
  fatal: "Fatal",
  none: "None"
} as const satisfies Readonly<Record<string, LogLevel.LogLevel>>

/** LOG_LEVEL as written, trimmed and in any case; anything else fails naming the accepted values. */
type LevelName = keyof typeof levels
// The normalised text is only a candidate: the Literals schema it decodes to accepts the names above and nothing else.
const LevelName = Schema.String.pipe(Schema.decodeTo(
  Schema.Literals(Object.keys(levels) as Array<LevelName>),
  SchemaTransformation.transform({ decode: (value: string) => value.trim().toLowerCase() as LevelName, encode: (name: string) => name })
))

const logLevel = Config.schema(LevelName, "LOG_LEVEL").pipe(
  Config.withDefault("info" as const),
  Config.map((name) => levels[name])
)

/**
 * Lines to standard output through a line writer (src/logging/lineWriter.ts): written once per turn of the event loop,
 * and at once when the layer closes and when the process exits (nothing logged before a stop is lost).
 */
const toStandardOutput = Effect.fnUntraced(function*(format: Logger.Logger<unknown, string>) {
  const writer = makeLineWriter((text) => process.stdout.write(text))
  // Standard output on a file, a pipe or a terminal is written synchronously on Linux, also in an exit handler.
  process.on("exit", writer.flush)
  yield* Effect.addFinalizer(() =>
    Effect.sync(() => {
      writer.flush()
      process.off("exit", writer.flush)
    })
  )
  return Logger.make((options) => writer.add(format.log(options)))
})

/**
 * LOG_FORMAT logfmt (default) | json | pretty (only when standard error is a terminal; logfmt otherwise);
 * LOG_LEVEL trace | debug | info (default) | warning | error | none. The chosen logger replaces the default one,
 * so each event is one line in one format.
 */
export const LoggingLive = Layer.unwrap(Effect.gen(function*() {
  const format = yield* Config.Literals(["logfmt", "json", "pretty"], "LOG_FORMAT").pipe(Config.withDefault("logfmt" as const))
  const level = yield* logLevel
  const logger = format === "pretty" && process.stderr.isTTY === true
    ? Effect.succeed(Logger.consolePretty())
    : toStandardOutput(format === "json" ? Logger.formatJson : Logger.formatLogFmt)
  return Layer.merge(Logger.layer([logger]), Layer.succeed(References.MinimumLogLevel, level))
}))
