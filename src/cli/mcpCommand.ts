import { Config, Effect, Logger, Option } from "effect"
import { McpServicesLive, serveStdio } from "../mcp/stdio.js"
import { runCli } from "./runner.js"
import type { Invocation } from "./spec.js"

/** Standard output carries the protocol: every log line goes to standard error. */
const logToStderr = Logger.layer([Logger.withConsoleError(Logger.formatLogFmt)])

export const mcp = (invocation: Invocation) =>
  runCli(
    invocation.command,
    Effect.gen(function*() {
      const secret = yield* Config.option(Config.Redacted("KYB_API_KEY"))
      yield* serveStdio(Option.getOrUndefined(secret)).pipe(Effect.provide(McpServicesLive))
    }).pipe(Effect.provide(logToStderr))
  )
