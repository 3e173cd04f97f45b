/** One worked example per operation, shown in /v1/openapi.json (src/api/documentCompletion.ts), the docs page and the console's home page. */
import { addCaseworkExamples } from "./casework.js"
import { addEventExamples } from "./events.js"
import { lookupExamples } from "./lookups.js"

const examples: Record<string, unknown> = { ...lookupExamples }
addCaseworkExamples(examples)
addEventExamples(examples)

export const operationExamples: Readonly<Record<string, unknown>> = examples
