import { Result, Schema } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { openApiDocument } from "../../src/api/Api.js"
import { CaseDecisionBody } from "../../src/domain/schemas/Case.js"
import { CaseBulkBody } from "../../src/domain/schemas/CaseBulk.js"
import { DecisionBody, WithdrawBody } from "../../src/domain/schemas/Decision.js"
import { ScreenBody } from "../../src/domain/schemas/Screen.js"
import { VerifyBody } from "../../src/domain/schemas/Verdict.js"
import { EventType, MonitorBody, WebhookBody } from "../../src/domain/schemas/Webhook.js"
import { checkRow, rowsOf } from "../../src/batch/batchRows.js"

/** The API page (docs/api.md, moved from the README) documents every body field of every route, with an example that the route takes (issue 26 item 6). */

const readme = fs.readFileSync(path.resolve(import.meta.dirname, "..", "..", "docs", "api.md"), "utf8")
const section = readme.slice(readme.indexOf("### Request bodies"), readme.indexOf("### The edge"))

/** The part of the section about one route: from its bold heading to the next. */
const partOf = (route: string) => {
  const start = section.indexOf(`**\`${route}\`**`)
  expect(start, `${route} has a part in README's "Request bodies"`).toBeGreaterThanOrEqual(0)
  const next = section.indexOf("\n**`", start + 1)
  return section.slice(start, next === -1 ? undefined : next)
}
const examples = (part: string, language: string) =>
  [...part.matchAll(new RegExp("```" + language + "\\n([\\s\\S]*?)```", "g"))].map((m) => m[1]!)

interface JsonSchema { readonly $ref?: string; readonly properties?: Record<string, unknown>; readonly items?: JsonSchema; readonly anyOf?: ReadonlyArray<JsonSchema> }
const doc = openApiDocument() as unknown as {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>
  components: { schemas: Record<string, JsonSchema> }
}
const resolve = (s: JsonSchema | undefined): JsonSchema | undefined => s?.$ref === undefined ? s : resolve(doc.components.schemas[s.$ref.split("/").at(-1)!])
const fieldsOf = (s: JsonSchema | undefined): ReadonlyArray<string> => {
  const schema = resolve(s)
  if (schema === undefined) return []
  if (schema.anyOf !== undefined) return schema.anyOf.flatMap(fieldsOf)
  if (schema.items !== undefined) return fieldsOf(schema.items)
  return Object.keys(schema.properties ?? {})
}

describe("README: every body field of every route, with examples the routes take", () => {
  const bodies = Object.entries(doc.paths).flatMap(([route, operations]) =>
    Object.entries(operations).flatMap(([method, operation]) =>
      operation.requestBody === undefined ? [] : [{ route: `${method.toUpperCase()} ${route}`, content: operation.requestBody.content }]))

  it("names every field of every JSON body in the route's part", () => {
    expect(bodies.map((b) => b.route).sort()).toEqual([
      "POST /v1/cases/bulk", "POST /v1/cases/{id}/assign", "POST /v1/cases/{id}/close", "POST /v1/cases/{id}/comments", "POST /v1/cases/{id}/decisions", "POST /v1/cases/{id}/escalate",
      "POST /v1/decisions", "POST /v1/decisions/{id}/withdraw", "POST /v1/monitors", "POST /v1/screen", "POST /v1/screen/batch", "POST /v1/verify", "POST /v1/verify/batch", "POST /v1/webhooks"
    ])
    for (const { route, content } of bodies) {
      const part = partOf(route)
      for (const field of [...new Set(Object.values(content).flatMap((c) => fieldsOf(c.schema)))]) {
        expect(part, `${route}: ${field}`).toContain(`\`${field}\``)
      }
    }
  })

  it("each JSON example is taken by its route's schema", () => {
    const schemas: ReadonlyArray<readonly [string, Schema.Decoder<unknown>]> = [
      ["POST /v1/verify", VerifyBody as Schema.Decoder<unknown>],
      ["POST /v1/screen", ScreenBody as Schema.Decoder<unknown>],
      ["POST /v1/decisions", DecisionBody as Schema.Decoder<unknown>],
      ["POST /v1/cases/{id}/decisions", CaseDecisionBody as Schema.Decoder<unknown>],
      ["POST /v1/cases/bulk", CaseBulkBody as Schema.Decoder<unknown>],
      ["POST /v1/decisions/{id}/withdraw", WithdrawBody as Schema.Decoder<unknown>],
      ["POST /v1/monitors", MonitorBody as Schema.Decoder<unknown>],
      ["POST /v1/webhooks", WebhookBody as Schema.Decoder<unknown>]
    ]
    for (const [route, schema] of schemas) {
      const [example] = examples(partOf(route), "json")
      expect(example, route).toBeDefined()
      const decoded = Schema.decodeUnknownResult(schema, { onExcessProperty: "error" })(JSON.parse(example!))
      expect(Result.isSuccess(decoded), `${route}: ${example}`).toBe(true)
    }
  })

  it("the batch part names the CSV columns, and both its examples are batches whose every row is taken", () => {
    const part = partOf("POST /v1/verify/batch")
    for (const column of ["name", "registration_no", "country"]) expect(part).toContain(`\`${column}\``)
    const [json] = examples(part, "json")
    const [csv] = examples(part, "csv")
    for (const payload of [JSON.parse(json!) as ReadonlyArray<unknown>, csv!]) {
      const rows = rowsOf(payload)
      expect(Result.isSuccess(rows), String(payload)).toBe(true)
      for (const row of Result.getOrThrow(rows)) expect(checkRow(row), JSON.stringify(row)).toHaveProperty("input")
    }
  })

  it("lists every event type with what its data holds", () => {
    const events = section.slice(section.indexOf("The events ("))
    for (const type of [...EventType.literals, "webhook.test"]) expect(events).toMatch(new RegExp(`\\| \`${type.replace(".", "\\.")}\` \\|`))
    for (const field of ["monitor_id", "subject", "check_id", "list", "entry_id", "listed_name", "list_version", "institution", "grounds", "from", "to"]) {
      expect(events).toContain(`\`${field}\``)
    }
  })

  it("documents the signed-in JSON API's bodies", () => {
    for (const route of ["POST /account/api/keys", "POST /account/api/keys/{id}/rotate", "PUT /account/api/lists"]) expect(section).toContain(`\`${route}\``)
    for (const field of ["label", "scope", "grace", "lists"]) expect(section).toContain(`\`${field}\``)
  })
})
