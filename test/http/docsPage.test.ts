import { describe, expect, it } from "vitest"
import { openApiDocument } from "../../src/api/Api.js"
import { referencePage, type Spec } from "../../src/http/docs/reference.js"

const spec = openApiDocument() as Spec

describe("the docs page, rendered from the OpenAPI document", () => {
  const html = referencePage(spec)

  it("has every operation under its tag, with its parameters, body, answers and examples, and every named schema", () => {
    for (const [path, item] of Object.entries(spec.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(html, `${method} ${path}`).toContain(`<article class="operation" id="${op.operationId}"`)
        for (const p of op.parameters ?? []) expect(html).toContain(`<code>${p.name}</code>`)
      }
    }
    for (const tag of spec.tags ?? []) expect(html).toContain(`<h2 id="tag-${tag.name}">${tag.name}</h2>`)
    for (const name of Object.keys(spec.components?.schemas ?? {})) expect(html).toContain(`id="schema-${name}"`)
    expect(html).toContain("<summary>Example answer (200)</summary>")
    expect(html).toContain("Dangote Cement PLC")
    expect(html).toContain(`<a href="#schema-Verdict">Verdict</a>`)
  })

  it("links only to its own anchors, the OpenAPI document and the site's pages; loads nothing but the site's stylesheet and script", () => {
    const anchors = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]))
    for (const [, href] of html.matchAll(/ href="([^"]+)"/g)) {
      if (href!.startsWith("#")) expect(anchors.has(href!.slice(1)), href).toBe(true)
      else expect(href, href).toMatch(/^\/(?!\/)/)
    }
    expect([...html.matchAll(/<script[^>]*>/g)].map((m) => m[0])).toEqual([`<script src="/assets/dashboard.js" defer>`])
    expect(html).not.toMatch(/ style=/)
  })

  it("keeps a hostile description as text", () => {
    const hostile = { ...spec, info: { ...spec.info, title: "A</title><script>x()</script>", description: "\"'><img src=x onerror=y()> `<b>`" } }
    const page = referencePage(hostile)
    expect(page).not.toContain("<script>x()")
    expect(page).not.toContain("<img")
    expect(page).toContain("<code>&lt;b&gt;</code>")
  })
})
