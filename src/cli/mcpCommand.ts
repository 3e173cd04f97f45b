import { Command } from "@effect/cli"
import { Config, Effect, Logger, Option } from "effect"
import { McpServicesLive, serveStdio } from "../mcp/stdio.js"

/** Standard output carries the protocol: every log line goes to standard error. */
const logToStderr = Logger.replace(Logger.defaultLogger, Logger.logfmtLogger.pipe(Logger.withConsoleError))

export const mcpCommand = Command.make("mcp", {}, () =>
  Effect.gen(function*() {
    const secret = yield* Config.option(Config.redacted("KYB_API_KEY"))
    yield* serveStdio(Option.getOrUndefined(secret)).pipe(Effect.provide(McpServicesLive))
  }).pipe(Effect.provide(logToStderr))
).pipe(Command.withDescription(
  "Serve the MCP tools on standard input and output (for a desktop agent); authenticated by KYB_API_KEY, counted like /v1"
))
