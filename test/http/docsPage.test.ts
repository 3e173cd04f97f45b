import { OpenApi } from "@effect/platform"
import { readFile } from "node:fs/promises"
import { describe, expect, it } from "vitest"
import { KybApi } from "../../src/api/Api.js"
import { docsPageHtml } from "../../src/http/docs/docsPage.js"
import { docsPolicyOf } from "../../src/http/docs/docsPolicy.js"
import { bundleFromModuleText, bundleModuleUrl } from "../../src/http/docs/scalarBundle.js"

describe("Scalar's bundle, read from @effect/platform's module without importing it", () => {
  it("is the module's own string, character for character", async () => {
    const text = await readFile(bundleModuleUrl(), "utf8")
    const imported = (await import(bundleModuleUrl().href)) as { readonly javascript: string }
    const read = bundleFromModuleText(text)
    expect(read.length).toBeGreaterThan(1_000_000)
    expect(read === imported.javascript).toBe(true)
  })

  it("refuses a module of another shape rather than serving something else", () => {
    expect(() => bundleFromModuleText("export const other = 1")).toThrow(/expected shape/)
    expect(() => bundleFromModuleText("export const javascript=12\";")).toThrow()
  })
})

describe("the docs page", () => {
  const spec = OpenApi.fromApi(KybApi)

  it("carries the OpenAPI document and loads the bundle from the path given", () => {
    const html = docsPageHtml(spec, "/v1/docs/scalar.js")
    const inline = /<script id="api-reference" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1]
    expect(JSON.parse(inline!)).toEqual(JSON.parse(JSON.stringify(spec)))
    expect(html).toContain(`<script src="/v1/docs/scalar.js"></script>`)
    expect(html).toContain(`<title>${spec.info.title}</title>`)
  })

  it("keeps a hostile description inside its elements", () => {
    const hostile = { ...spec, info: { ...spec.info, title: "A</title><script>x()</script>", description: "\"'><script>y()</script>\u2028" } }
    const html = docsPageHtml(hostile, "/v1/docs/scalar.js")
    expect(html.match(/<script/g)).toHaveLength(3)
    const json = /type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!
    expect(json).not.toContain("\u2028")
    expect(JSON.parse(json).info.description).toBe(hostile.info.description)
  })

  it("is allowed its inline configuration by hash and nothing inline besides", () => {
    const policy = docsPolicyOf(docsPageHtml(spec, "/v1/docs/scalar.js"))
    expect(policy.match(/'sha256-[^']+'/g)).toHaveLength(1)
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'")
  })
})
