import { Effect, Schema } from "effect"
import { actorOf } from "../access/actor.js"
import { AwardPage, AwardParams } from "../api/schemas/Award.js"
import { Check, CheckListParams } from "../api/schemas/Check.js"
import { CompanyRecord } from "../api/schemas/Company.js"
import { Decision, DecisionBody } from "../api/schemas/Decision.js"
import { CountryCode, IdParam, TextInput } from "../api/schemas/params.js"
import { ReviewQueuePage } from "../api/schemas/ReviewQueue.js"
import { SearchParams, SearchResponse } from "../api/schemas/Search.js"
import { Verdict, VerifyBody } from "../api/schemas/Verdict.js"
import type { ApiKeyIdentity } from "../api/security.js"
import { Awards } from "../awards/Awards.js"
import { Checks } from "../checks/Checks.js"
import { CompanyLookup } from "../companies/CompanyLookup.js"
import { Decisions } from "../decisions/Decisions.js"
import { issuesMessage } from "../domain/fieldMessages.js"
import { CompanySearch } from "../search/CompanySearch.js"
import { toolJsonSchema } from "./jsonSchema.js"

/** The services the tools call: the same ones the /v1 handlers call. */
export type ToolServices = CompanySearch | CompanyLookup | Checks | Decisions | Awards

/** What a tool call answers (the MCP `CallToolResult`): the output as structured content and as JSON text. */
export interface ToolResult {
  readonly [key: string]: unknown
  readonly content: ReadonlyArray<{ readonly type: "text"; readonly text: string }>
  readonly structuredContent?: Record<string, unknown>
  readonly isError?: boolean
}

/** A failure the API reports as `{error, message}` (the classes of src/api/errors.ts, or one made here). */
interface ApiFailure {
  readonly error: string
  readonly message: string
}

export interface Tool {
  readonly name: string
  /** Changes something: needs a `read_write` key, and is not annotated read-only. */
  readonly writes: boolean
  readonly descriptor: {
    readonly name: string
    readonly title: string
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

const unavailable = (message: string): ApiFailure => ({ error: "service_unavailable", message })

// Query-string schemas read numbers from text (`limit=5`); an agent sends JSON numbers, read as their text once their
// JSON type is checked (`limit: "5"` and `q: 123` are refused, as a JSON body's would be).
const asQueryString = (args: Readonly<Record<string, unknown>>) =>
  Object.fromEntries(Object.entries(args).map(([k, v]) => [k, typeof v === "number" ? String(v) : v]))

const typeWords: Readonly<Record<string, readonly [(v: unknown) => boolean, string]>> = {
  integer: [(v) => typeof v === "number" && Number.isInteger(v), "must be an integer"],
  number: [(v) => typeof v === "number", "must be a number"],
  string: [(v) => typeof v === "string", "must be a string"],
  boolean: [(v) => typeof v === "boolean", "must be true or false"]
}

/** Each argument of the JSON type the tool's input schema states, with no coercion: the first that is not, in words. */
const wrongType = (inputSchema: Readonly<Record<string, unknown>>, args: Readonly<Record<string, unknown>>): string | undefined => {
  const properties = (inputSchema["properties"] ?? {}) as Readonly<Record<string, { readonly type?: unknown }>>
  for (const [name, value] of Object.entries(args)) {
    const expected = properties[name]?.type
    const check = typeof expected === "string" ? typeWords[expected] : undefined
    if (check !== undefined && !check[0](value)) return `${name}: ${check[1]}`
  }
  return undefined
}

const make = <I, II, O, OI>(spec: {
  readonly name: string
  readonly title: string
  readonly description: string
  readonly writes: boolean
  readonly idempotent: boolean
  readonly input: Schema.Schema<I, II>
  readonly output: Schema.Schema<O, OI>
  readonly queryString?: boolean
  /** May ask a live registry (an outside system) when the store does not hold the answer. */
  readonly openWorld?: boolean
  readonly run: (key: ApiKeyIdentity, input: I) => Effect.Effect<O, ApiFailure, ToolServices>
}): Tool => {
  const decode = Schema.decodeUnknown(spec.input, { errors: "all", onExcessProperty: "error" })
  const encode = Schema.encode(spec.output)
  const inputSchema = toolJsonSchema(spec.input)
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
      title: spec.title,
      description: spec.description,
      inputSchema,
      outputSchema: toolJsonSchema(spec.output),
      annotations: {
        title: spec.title,
        readOnlyHint: !spec.writes,
        destructiveHint: false,
        idempotentHint: spec.idempotent,
        openWorldHint: spec.openWorld === true
      }
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
        Effect.catchAll((failure) => Effect.succeed(failed(failure))),
        Effect.catchAllCause((cause) =>
          Effect.logError("MCP tool failed", cause).pipe(
            Effect.as(failed({ error: "internal_error", message: "An unexpected error occurred; it has been logged." }))
          )
        ),
        Effect.withSpan(`mcp.${spec.name}`)
      )
  }
}

const company = {
  country: CountryCode,
  registration_no: TextInput("registration_no", 64, "The registry number, any separator style")
}


export const tools: ReadonlyArray<Tool> = [
  make({
    name: "search_companies",
    title: "Search companies",
    description: "Tolerant search over the 18 African registries held (GET /v1/search): registration number or tax id, " +
      "literal, normalised, alias and fuzzy name matches, ranked; `count` is the total across pages (`limit`, `offset`).",
    writes: false,
    idempotent: true,
    input: SearchParams,
    output: SearchResponse,
    queryString: true,
    openWorld: true,
    run: (_key, input) => Effect.flatMap(CompanySearch, (search) => Effect.orDie(search.search(input)))
  }),
  make({
    name: "get_company",
    title: "Fetch one company",
    description: "One company's full record (GET /v1/company/{country}/{registration_no}): officers, owners and, per field, " +
      "its source, checked date and confidence.",
    writes: false,
    idempotent: true,
    input: Schema.Struct(company),
    output: CompanyRecord,
    openWorld: true,
    run: (_key, input) =>
      Effect.flatMap(CompanyLookup, (companies) =>
        companies.get(input.country, input.registration_no).pipe(
          Effect.catchTag("RecordUnavailable", (e) => Effect.fail(unavailable(e.message)))
        ))
  }),
  make({
    name: "verify_business",
    title: "Verify a business",
    description: "A verdict (POST /v1/verify): is the business registered, active and not sanctioned. The verdict's " +
      "evidence is in the structured content: the resolved company and its sources, the signals, and each sanctions hit " +
      "with its explanation (why it scored what it did). Kept as a check (`check_id`, see get_check) for auditors.",
    writes: false,
    idempotent: false,
    input: VerifyBody,
    output: Verdict,
    openWorld: true,
    run: (key, input) => Effect.flatMap(Checks, (checks) => checks.verify(input, actorOf(key)))
  }),
  make({
    name: "get_check",
    title: "Read a check",
    description: "One stored verification (GET /v1/checks/{id}) as it was asked and answered: the inputs, the verdict " +
      "verbatim, each list's version and SHA-256 and the policy version. Only the account's own checks.",
    writes: false,
    idempotent: true,
    input: Schema.Struct({ id: IdParam("check") }),
    output: Check,
    run: (key, input) => Effect.flatMap(Checks, (checks) => checks.get(key.accountId, input.id))
  }),
  make({
    name: "list_review_queue",
    title: "List the review queue",
    description: "Checks answered `review` with sanctions hits nobody has decided yet, oldest first, each hit with its " +
      "explanation; page with `cursor`. Decide a hit with record_decision.",
    writes: false,
    idempotent: true,
    input: CheckListParams,
    output: ReviewQueuePage,
    queryString: true,
    run: (key, input) => Effect.flatMap(Checks, (checks) => checks.reviewQueue(key.accountId, input))
  }),
  make({
    name: "record_decision",
    title: "Record a decision on a hit",
    description: "A reviewer's decision on a sanctions hit (POST /v1/decisions): `false_positive` dismisses the hit for " +
      "the subject in every later verification of this account while the list entry is unchanged; `confirmed` is shown " +
      "on the hit. Changes later verdicts: needs a key with scope read_write.",
    writes: true,
    idempotent: false,
    input: DecisionBody,
    output: Decision,
    run: (key, input) => Effect.flatMap(Decisions, (decisions) => decisions.record(actorOf(key), input))
  }),
  make({
    name: "get_company_awards",
    title: "A company's government contracts",
    description: "The public-procurement awards matched to a held company (GET /v1/company/{country}/{registration_no}/awards): " +
      "buyer, title, value, currency, date and source; newest first, paged with `limit` and `offset`.",
    writes: false,
    idempotent: true,
    input: Schema.Struct({ ...company, ...AwardParams.fields }),
    output: AwardPage,
    queryString: true,
    run: (_key, input) => Effect.flatMap(Awards, (awards) => awards.page(input.country, input.registration_no, input))
  })
]

const byName = new Map(tools.map((t) => [t.name, t]))

export const toolNamed = (name: string): Tool | undefined => byName.get(name)

