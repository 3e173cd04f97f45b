import { dataTable, html, type Html, page } from "../../web/html.js"
import { fieldsTable, parameterAbout, prose, schemaAnchor, type SchemaNode, typeWords } from "./schemaView.js"

interface Parameter {
  readonly name: string
  readonly in: string
  readonly required?: boolean
  readonly description?: string
  readonly schema?: SchemaNode
}
interface Content { readonly schema?: SchemaNode; readonly example?: unknown }
interface Operation {
  readonly operationId?: string
  readonly summary?: string
  readonly description?: string
  readonly tags?: ReadonlyArray<string>
  readonly parameters?: ReadonlyArray<Parameter>
  readonly security?: ReadonlyArray<unknown>
  readonly requestBody?: { readonly content?: Readonly<Record<string, Content>>; readonly required?: boolean }
  readonly responses?: Readonly<Record<string, { readonly description?: string; readonly content?: Readonly<Record<string, Content>> }>>
}
/** The parts of an OpenAPI 3.1 document the page shows. */
export interface Spec {
  readonly info: { readonly title: string; readonly version: string; readonly description?: string }
  readonly tags?: ReadonlyArray<{ readonly name: string; readonly description?: string }>
  readonly paths: Readonly<Record<string, Readonly<Record<string, Operation>>>>
  readonly components?: { readonly schemas?: Readonly<Record<string, SchemaNode>> }
  readonly security?: ReadonlyArray<unknown>
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const

interface Entry { readonly method: string; readonly path: string; readonly op: Operation; readonly id: string }

const entriesOf = (spec: Spec): ReadonlyArray<Entry> =>
  Object.entries(spec.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const op = item[method]
      return op === undefined ? [] : [{ method: method.toUpperCase(), path, op, id: op.operationId ?? `${method}-${path}` }]
    }))

const exampleOf = (content: Content | undefined, label: string): Html =>
  content?.example === undefined
    ? html``
    : html`<details><summary>${label}</summary><pre>${typeof content.example === "string" ? content.example : JSON.stringify(content.example, null, 2)}</pre></details>`

const bodyOf = (content: Readonly<Record<string, Content>> | undefined, what: string): Html =>
  html`${Object.entries(content ?? {}).map(([type, c]) => html`<p>${what}: <code>${type}</code>, ${typeWords(c.schema)}.</p>${exampleOf(c, `Example ${what.toLowerCase()}`)}`)}`

const operationArticle = (spec: Spec, entry: Entry): Html => {
  const { op } = entry
  const keyed = (op.security ?? spec.security ?? []).length > 0
  const parameters = op.parameters ?? []
  const responses = Object.entries(op.responses ?? {})
  return html`<article class="operation" id="${entry.id}" aria-labelledby="${entry.id}-title">
<h3 id="${entry.id}-title"><span class="method">${entry.method}</span> <code>${entry.path}</code></h3>
<p><strong>${op.summary ?? ""}</strong>${keyed ? " Needs an API key." : " Needs no key."}</p>${prose(op.description)}
${parameters.length === 0 ? "" : html`<h4>Parameters</h4>${dataTable(`Parameters of ${entry.method} ${entry.path}`, ["Name", "In", "Type", "Required", "Description"],
    parameters.map((p) => [html`<code>${p.name}</code>`, p.in, typeWords(p.schema), p.required === true ? "yes" : "no", parameterAbout({ ...p.schema, ...(p.description === undefined ? {} : { description: p.description }) })]))}`}
${op.requestBody === undefined ? "" : html`<h4>Request body</h4>${bodyOf(op.requestBody.content, "Body")}`}
<h4>Responses</h4>${dataTable(`Responses of ${entry.method} ${entry.path}`, ["Status", "Meaning", "Body"], responses.map(([status, r]) => [
    html`<code>${status}</code>`, r.description ?? "", html`${Object.values(r.content ?? {}).map((c) => typeWords(c.schema))}`
  ]))}
${responses.filter(([status]) => status.startsWith("2")).map(([status, r]) => exampleOf(Object.values(r.content ?? {})[0], `Example answer (${status})`))}
</article>`
}

/**
 * The API reference as one page of our own, rendered on the server from the OpenAPI document: operations grouped by
 * tag (parameters, bodies, answers, examples), then every named schema. No script of its own, nothing from another
 * host: it passes what the console's pages pass (axe-core, a 390 px screen).
 */
export const referencePage = (spec: Spec): string => {
  const entries = entriesOf(spec)
  const tags: ReadonlyArray<{ readonly name: string; readonly description?: string }> = [...(spec.tags ?? []), ...[...new Set(entries.flatMap((e) => e.op.tags ?? []))].filter((t) => !(spec.tags ?? []).some((s) => s.name === t)).map((name) => ({ name }))]
  const inTag = (tag: string) => entries.filter((e) => (e.op.tags ?? [])[0] === tag)
  const schemas = Object.entries(spec.components?.schemas ?? {})
  return page(`${spec.info.title} ${spec.info.version}`, html`${prose(spec.info.description)}
<p>The same contract as JSON: <a href="/v1/openapi.json">/v1/openapi.json</a> (OpenAPI 3.1), for code generators and API tools.</p>
<nav aria-label="Operations" class="toc"><h2>Operations</h2><ul>${tags.map((tag) => html`<li><a href="#tag-${tag.name}">${tag.name}</a><ul>${
    inTag(tag.name).map((e) => html`<li><a href="#${e.id}"><span class="method">${e.method}</span> ${e.path}</a></li>`)
  }</ul></li>`)}<li><a href="#schemas">Schemas</a></li></ul></nav>
${tags.map((tag) => html`<section aria-labelledby="tag-${tag.name}"><h2 id="tag-${tag.name}">${tag.name}</h2>${prose(tag.description)}${
    inTag(tag.name).map((e) => operationArticle(spec, e))
  }</section>`)}
<section aria-labelledby="schemas"><h2 id="schemas">Schemas</h2>${schemas.map(([name, schema]) =>
    html`<article class="schema" id="${schemaAnchor(name)}" aria-labelledby="${schemaAnchor(name)}-title"><h3 id="${schemaAnchor(name)}-title">${name}</h3>${
      schema.properties === undefined ? "" : prose(schema.description)}${fieldsTable(`Fields of ${name}`, schema)
    }</article>`)}</section>`)
}
