import { Command } from "@effect/cli"
import { ingestCompaniesCommand, ingestProcurementCommand, ingestPscCommand, ingestTrademarksCommand } from "./ingestCommands.js"
import { ingestSanctionsCommand } from "./sanctionsCommand.js"

export const ingestCommand = Command.make("ingest").pipe(
  Command.withDescription("Load data: companies, persons with significant control, procurement awards, trademarks, sanctions lists"),
  Command.withSubcommands([ingestCompaniesCommand, ingestPscCommand, ingestProcurementCommand, ingestTrademarksCommand, ingestSanctionsCommand])
)
