import { Command } from "@effect/cli"
import { NodeContext, NodeRuntime } from "@effect/platform-node"
import { Effect, Layer, Logger, LogLevel } from "effect"
import { ApiKeys } from "../access/ApiKeys.js"
import { DatabaseLive } from "../db/Database.js"
import { RegistryCoverageService } from "../registries/RegistryCoverageService.js"
import { ingestCommand } from "./ingestCommand.js"
import { keysCommand } from "./keysCommand.js"
import { mcpCommand } from "./mcpCommand.js"
import { registriesCommand } from "./registriesCommand.js"

// The CLI reaches the same database as the server: DATABASE_URL, or the running server's embedded socket. Built
// when a command runs, not for `--help` or a mistyped command (the embedded database is slow to start).
const ServicesLive = Layer.mergeAll(ApiKeys.Default, RegistryCoverageService.Default).pipe(Layer.provideMerge(DatabaseLive))

const kyb = Command.make("kyb").pipe(
  Command.withDescription("KYB Africa operator CLI"),
  Command.withSubcommands([keysCommand, ingestCommand, registriesCommand, mcpCommand]),
  Command.provide(ServicesLive)
)

const run = Command.run(kyb, { name: "kyb", version: "1.0.0" })

const CliLive = Layer.mergeAll(NodeContext.layer, Logger.minimumLogLevel(LogLevel.Warning))

run(process.argv).pipe(Effect.provide(CliLive), NodeRuntime.runMain({ disableErrorReporting: false }))
