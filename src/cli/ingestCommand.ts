import { Command } from "@effect/cli"
import { ingestCompaniesCommand, ingestProcurementCommand, ingestTrademarksCommand } from "./ingestCommands.js"
import { ingestSanctionsCommand } from "./sanctionsCommand.js"

export const ingestCommand = Command.make("ingest").pipe(
  Command.withDescription("Load data: companies, procurement awards, trademarks, sanctions lists"),
  Command.withSubcommands([ingestCompaniesCommand, ingestProcurementCommand, ingestTrademarksCommand, ingestSanctionsCommand])
)
