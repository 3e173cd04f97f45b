import type { Tool } from "./tool.js"
import { batchTools } from "./tools/batch.js"
import { caseTools } from "./tools/cases.js"
import { checkTools } from "./tools/checks.js"
import { companyTools } from "./tools/companies.js"
import { decisionTools } from "./tools/decisions.js"
import { monitoringTools } from "./tools/monitoring.js"
import { screeningTools } from "./tools/screening.js"

export type { Tool, ToolResult, ToolServices } from "./tool.js"

/** Every tool, each the twin of one /v1 route (src/mcp/tools/<area>.ts); a new area adds its list here. */
export const tools: ReadonlyArray<Tool> = [...companyTools, ...checkTools, ...screeningTools, ...decisionTools, ...caseTools, ...batchTools, ...monitoringTools]

const byName = new Map(tools.map((t) => [t.name, t]))

export const toolNamed = (name: string): Tool | undefined => byName.get(name)
