import { Effect, Schema } from "effect"
import type { ApiKeyIdentity } from "../api/security.js"
import type { Awards } from "../awards/Awards.js"
import type { Batches } from "../batch/Batches.js"
import type { CaseFiles } from "../cases/CaseFiles.js"
import type { Cases } from "../cases/Cases.js"
import type { Checks } from "../checks/Checks.js"
import type { CompanyLookup } from "../companies/CompanyLookup.js"
import type { Decisions } from "../decisions/Decisions.js"
import { issuesMessage } from "../domain/fieldMessages.js"
import type { Monitors } from "../monitoring/Monitors.js"
import type { RegistryCoverageService } from "../registries/RegistryCoverageService.js"
import type { CompanySearch } from "../search/CompanySearch.js"
import type { Screening } from "../screening/Screening.js"
import { inputJsonSchema, outputJsonSchema } from "./jsonSchema.js"
import { traced } from "../metrics/span.js"

/** The services the tools call: the same ones the /v1 handlers call (a new area's service is added here). */
export type ToolServices = CompanySearch | CompanyLookup | Checks | Decisions | Awards | Batches | Monitors | RegistryCoverageService | Cases | CaseFiles | Screening

/** What a tool call answers (the MCP `CallToolResult`): the output as structured content and as JSON text. */
export interface ToolResult {
  readonly [key: string]: unknown
  readonly content: ReadonlyArray<{ readonly type: "text"; readonly text: string }>
  readonly structuredContent?: Record<string, unknown>
  readonly isError?: boolean
}

/** A failure the API reports as `{error, message}` (the classes of src/api/errors.ts, or one made here). */
export interface ApiFailure {
  readonly error: string
  readonly message: string
}

export interface Tool {
  readonly name: string
  /** Changes something: needs a `read_write` key, and is not annotated read-only. */
  readonly writes: boolean
  readonly descriptor: {
    readonly name: string
    readonly description: string
    readonly inputSchema: Record<string, unknown>
    readonly outputSchema: Record<string, unknown>
    readonly annotations: Readonly<Record<string, unknown>>
  }
  readonly call: (key: ApiKeyIdentity, args: Readonly<Record<string, unknown>>) => Effect.Effect<ToolResult, never, ToolServices>
}

const failed = (failure: ApiFailure): ToolResult => ({
  isError: true,
  content: [{ type: "text", text: JSON.stringify({ error: failure.error, message: failure.message }) }]
})

export const unavailable = (message: string): ApiFailure => ({ error: "service_unavailable", message })

// Query-string schemas read numbers from text (`limit=5`); an agent sends JSON numbers, read as their text once their
// JSON type is checked (`limit: "5"` and `q: 123` are refused, as a JSON body's would be).
const asQueryString = (args: Readonly<Record<string, unknown>>) =>
  Object.fromEntries(Object.entries(args).map(([k, v]) => [k, typeof v === "number" ? String(v) : v]))

const typeWords: Readonly<Record<string, readonly [(v: unknown) => boolean, string]>> = {
  integer: [(v) => typeof v === "number" && Number.isInteger(v), "must be an integer"],
  number: [(v) => typeof v === "number", "must be a number"],
  string: [(v) => typeof v === "string", "must be a string"],
  boolean: [(v) => typeof v === "boolean", "must be true or false"],
  array: [(v) => Array.isArray(v), "must be an array"]
}

/** Each argument named by the tool's input schema and of the JSON type it states, with no coercion: the first that is not, in words. */
const wrongType = (inputSchema: Readonly<Record<string, unknown>>, args: Readonly<Record<string, unknown>>): string | undefined => {
  const properties = (inputSchema["properties"] ?? {}) as Readonly<Record<string, { readonly type?: unknown }>>
  for (const [name, value] of Object.entries(args)) {
    // The decoder's own check, for the schemas it cannot make it on (a struct of no fields takes any object).
    if (!(name in properties)) return `${name}: is not a field of this request`
    const expected = properties[name]?.type
    const check = typeof expected === "string" ? typeWords[expected] : undefined
    if (check !== undefined && !check[0](value)) return `${name}: ${check[1]}`
  }
  return undefined
}

/**
 * One tool: the twin of one /v1 route, its input decoded by the route's own schema (unknown arguments refused), its
 * output encoded by the route's own schema, a service failure answered as the route's `{error, message}` body.
 */
export const makeTool = <I, II, O, OI>(spec: {
  readonly name: string
  /** The tool's name says what it does; no display title (tools/list is kept within an agent's budget). */
  readonly description: string
  readonly writes: boolean
  readonly idempotent: boolean
  /** Deletes something (annotated destructive). */
  readonly destructive?: boolean
  readonly input: Schema.Codec<I, II>
  readonly output: Schema.Codec<O, OI>
  readonly queryString?: boolean
  /** May ask a live registry (an outside system) when the store does not hold the answer. */
  readonly openWorld?: boolean
  readonly run: (key: ApiKeyIdentity, input: I) => Effect.Effect<O, ApiFailure, ToolServices>
}): Tool => {
  const decode = Schema.decodeUnknownEffect(spec.input, { errors: "all", onExcessProperty: "error" })
  const encode = Schema.encodeEffect(spec.output)
  const inputSchema = inputJsonSchema(spec.input)
  const typed = (args: Readonly<Record<string, unknown>>): Effect.Effect<Readonly<Record<string, unknown>>, ApiFailure> => {
    const problem = wrongType(inputSchema, args)
    return problem === undefined
      ? Effect.succeed(spec.queryString === true ? asQueryString(args) : args)
      : Effect.fail<ApiFailure>({ error: "invalid_request", message: problem })
  }
  return {
    name: spec.name,
    writes: spec.writes,
    descriptor: {
      name: spec.name,
      description: spec.description,
      inputSchema,
      outputSchema: outputJsonSchema(spec.output),
      // destructiveHint and idempotentHint mean something only for a tool that writes (the specification's words).
      annotations: spec.writes
        ? { readOnlyHint: false, destructiveHint: spec.destructive === true, idempotentHint: spec.idempotent, openWorldHint: spec.openWorld === true }
        : { readOnlyHint: true, openWorldHint: spec.openWorld === true }
    },
    call: (key, args) =>
      typed(args).pipe(
        Effect.flatMap((input) => Effect.mapError(decode(input), (e): ApiFailure => ({ error: "invalid_request", message: issuesMessage(e, "the arguments must be an object") }))),
        Effect.flatMap((input) => spec.run(key, input)),
        Effect.flatMap((output) => Effect.orDie(encode(output))),
        Effect.map((encoded): ToolResult => ({
          structuredContent: encoded as Record<string, unknown>,
          content: [{ type: "text", text: JSON.stringify(encoded) }]
        })),
        Effect.catch((failure) => Effect.succeed(failed(failure))),
        Effect.catchCause((cause) =>
          Effect.logError("MCP tool failed", cause).pipe(
            Effect.as(failed({ error: "internal_error", message: "An unexpected error occurred; it has been logged." }))
          )
        ),
        traced(`mcp.${spec.name}`)
      )
  }
}
