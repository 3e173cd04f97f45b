import { Config, ConfigError, Effect, Result, Layer, Logger, LogLevel } from "effect"

const levels: Readonly<Record<string, LogLevel.LogLevel>> = {
  trace: LogLevel.Trace,
  debug: LogLevel.Debug,
  info: LogLevel.Info,
  warn: LogLevel.Warning,
  warning: LogLevel.Warning,
  error: LogLevel.Error,
  fatal: LogLevel.Fatal,
  none: LogLevel.None
}

const logLevel = Config.string("LOG_LEVEL").pipe(
  Config.withDefault("info"),
  Config.mapOrFail((value) => {
    const level = levels[value.trim().toLowerCase()]
    return level === undefined
      ? Result.fail(ConfigError.InvalidData(["LOG_LEVEL"], `expected one of ${Object.keys(levels).join(", ")}`))
      : Result.succeed(level)
  })
)

/**
 * LOG_FORMAT logfmt (default) | json | pretty (only when standard error is a terminal; logfmt otherwise);
 * LOG_LEVEL trace | debug | info (default) | warning | error | none. The chosen logger replaces the default one
 * (and the entry points start with their pretty logger disabled), so each event is one line in one format.
 */
export const LoggingLive = Layer.unwrapEffect(Effect.gen(function*() {
  const format = yield* Config.literal("logfmt", "json", "pretty")("LOG_FORMAT").pipe(Config.withDefault("logfmt"))
  const level = yield* logLevel
  const logger = format === "json"
    ? Logger.json
    : format === "pretty" && process.stderr.isTTY === true
    ? Logger.pretty
    : Logger.logFmt
  return Layer.merge(logger, Logger.minimumLogLevel(level))
}))
