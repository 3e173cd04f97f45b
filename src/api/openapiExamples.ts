/** One worked example per operation, shown in /v1/openapi.json and the docs page. */
import { addCaseworkExamples } from "./examples/casework.js"
import { addEventExamples } from "./examples/events.js"
import { lookupExamples } from "./examples/lookups.js"

const examples: Record<string, unknown> = { ...lookupExamples }
addCaseworkExamples(examples)
addEventExamples(examples)

export const operationExamples: Readonly<Record<string, unknown>> = examples
