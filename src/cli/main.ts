import { Command } from "@effect/cli"
import { NodeContext, NodeRuntime } from "@effect/platform-node"
import { Effect, Layer, Logger, LogLevel } from "effect"
import { ApiKeys } from "../access/ApiKeys.js"
import { DatabaseLive } from "../db/Database.js"
import { RegistryCoverageService } from "../registries/RegistryCoverageService.js"
import { ingestCommand } from "./ingestCommand.js"
import { keysCommand } from "./keysCommand.js"
import { registriesCommand } from "./registriesCommand.js"

const kyb = Command.make("kyb").pipe(
  Command.withDescription("KYB Africa operator CLI"),
  Command.withSubcommands([keysCommand, ingestCommand, registriesCommand])
)

const run = Command.run(kyb, { name: "kyb", version: "1.0.0" })

// The CLI reaches the same database as the server: DATABASE_URL, or the running server's embedded socket.
const CliLive = Layer.mergeAll(ApiKeys.Default, RegistryCoverageService.Default).pipe(
  Layer.provideMerge(DatabaseLive),
  Layer.provideMerge(NodeContext.layer),
  Layer.provideMerge(Logger.minimumLogLevel(LogLevel.Warning))
)

run(process.argv).pipe(Effect.provide(CliLive), NodeRuntime.runMain({ disableErrorReporting: false }))
