import { html, type Html } from "../../web/html.js"

/** A JSON Schema node of the OpenAPI document, as far as the docs page reads it. */
export interface SchemaNode {
  readonly $ref?: string
  readonly type?: string | ReadonlyArray<string>
  readonly format?: string
  readonly enum?: ReadonlyArray<unknown>
  readonly const?: unknown
  readonly items?: SchemaNode
  readonly anyOf?: ReadonlyArray<SchemaNode>
  readonly oneOf?: ReadonlyArray<SchemaNode>
  readonly allOf?: ReadonlyArray<SchemaNode>
  readonly properties?: Readonly<Record<string, SchemaNode>>
  readonly required?: ReadonlyArray<string>
  readonly description?: string
  readonly title?: string
  readonly minLength?: number
  readonly maxLength?: number
  readonly minimum?: number
  readonly maximum?: number
  readonly minItems?: number
  readonly maxItems?: number
  readonly pattern?: string
  readonly default?: unknown
  readonly additionalProperties?: boolean | SchemaNode
}

const refName = (ref: string) => ref.slice(ref.lastIndexOf("/") + 1)

/** Where a named schema is described on the page. */
export const schemaAnchor = (name: string) => `schema-${name}`

/**
 * Descriptions are Markdown at their simplest: paragraphs, and `code` in backticks (the text is escaped first, so
 * nothing a description holds becomes markup).
 */
export const prose = (text: string | undefined): Html =>
  text === undefined || text.trim() === ""
    ? html``
    : html`${text.split(/\n\s*\n/).map((paragraph) =>
      html`<p>${paragraph.split(/`([^`]+)`/).map((part, i) => (i % 2 === 1 ? html`<code>${part}</code>` : part))}</p>`)}`

const inline = (text: string): Html => html`${text.split(/`([^`]+)`/).map((part, i) => (i % 2 === 1 ? html`<code>${part}</code>` : part))}`

const literal = (value: unknown) => html`<code>${JSON.stringify(value)}</code>`

const join = (parts: ReadonlyArray<Html>, word: string): Html => html`${parts.map((p, i) => html`${i === 0 ? "" : ` ${word} `}${p}`)}`

/** What a value must be, in words, with named schemas linked to their description below. */
export const typeWords = (schema: SchemaNode | undefined): Html => {
  if (schema === undefined) return html`any value`
  if (schema.$ref !== undefined) {
    const name = refName(schema.$ref)
    return html`<a href="#${schemaAnchor(name)}">${name}</a>`
  }
  if (schema.const !== undefined) return literal(schema.const)
  if (schema.enum !== undefined) return html`one of ${join(schema.enum.map(literal), ",")}`
  const alternatives = schema.anyOf ?? schema.oneOf
  if (alternatives !== undefined) return join(alternatives.map(typeWords), "or")
  if (schema.allOf !== undefined) return join(schema.allOf.map(typeWords), "and")
  const types = schema.type === undefined ? [] : typeof schema.type === "string" ? [schema.type] : schema.type
  if (types.length === 0) return schema.properties === undefined ? html`any value` : html`object`
  return join(types.map((t) => {
    if (t === "array") return html`array of ${typeWords(schema.items)}`
    if (t === "string" && schema.format !== undefined) return html`string (${schema.format})`
    return html`${t}`
  }), "or")
}

/** The limits a value has (lengths, ranges, pattern, default), as a short phrase. */
export const limitWords = (schema: SchemaNode | undefined): string => {
  if (schema === undefined) return ""
  const limits: Array<string> = []
  if (schema.minLength !== undefined && schema.minLength > 0) limits.push(`at least ${schema.minLength} characters`)
  if (schema.maxLength !== undefined) limits.push(`at most ${schema.maxLength} characters`)
  if (schema.minimum !== undefined) limits.push(`from ${schema.minimum}`)
  if (schema.maximum !== undefined) limits.push(`up to ${schema.maximum}`)
  if (schema.minItems !== undefined && schema.minItems > 0) limits.push(`at least ${schema.minItems} items`)
  if (schema.maxItems !== undefined) limits.push(`at most ${schema.maxItems} items`)
  if (schema.pattern !== undefined && schema.pattern !== "\\S") limits.push(`matching ${schema.pattern}`)
  if (schema.default !== undefined) limits.push(`default ${JSON.stringify(schema.default)}`)
  return limits.join("; ")
}

/** A description of a value: its own words, then its limits. */
const about = (schema: SchemaNode | undefined): Html => {
  const limits = limitWords(schema)
  const description = schema?.description ?? schema?.title
  return html`${description === undefined ? "" : inline(description)}${limits === "" ? "" : html`${description === undefined ? "" : " "}<span class="limits">(${limits})</span>`}`
}

/** The fields of an object schema as a table (a schema of another kind is described in a sentence). */
export const fieldsTable = (caption: string, schema: SchemaNode): Html => {
  const properties = Object.entries(schema.properties ?? {})
  if (properties.length === 0) return html`<p>${typeWords(schema)}${schema.description === undefined ? "" : html`: ${about(schema)}`}</p>`
  const required = new Set(schema.required ?? [])
  return html`<table class="stack fields"><caption>${caption}</caption><thead><tr><th scope="col">Field</th><th scope="col">Type</th>
<th scope="col">Required</th><th scope="col">Description</th></tr></thead><tbody>${
    properties.map(([name, field]) =>
      html`<tr><td data-label="Field"><code>${name}</code></td><td data-label="Type">${typeWords(field)}</td><td data-label="Required">${
        required.has(name) ? "yes" : "no"
      }</td><td data-label="Description">${about(field)}</td></tr>`)
  }</tbody></table>`
}

export const parameterAbout = about
