import { HttpServerResponse } from "@effect/platform"
import { describe, expect, it } from "vitest"
import { docsPageHeaders, docsPolicyOf } from "../../src/http/docs/docsPolicy.js"

const page = `<html><script>console.log("inline")</script><script type="application/json">{}</script></html>`
const pageResponse = HttpServerResponse.uint8Array(new TextEncoder().encode(page))

describe("the docs page's headers", () => {
  it("are set for the docs page, with or without a query", () => {
    for (const url of ["/v1/docs", "/v1/docs?theme=dark", "/v1/docs?"]) {
      const headers = docsPageHeaders(url, pageResponse)
      expect(headers?.["x-frame-options"], url).toBe("DENY")
      expect(headers?.["content-security-policy"], url).toBe(docsPolicyOf(page))
    }
  })

  it("are not set for any other path, however close", () => {
    for (const url of ["/v1/docsx", "/v1/docs/", "/v1/docs.json", "/v1/openapi.json", "/v1", "/", "/docs?/v1/docs"]) {
      expect(docsPageHeaders(url, pageResponse), url).toBeUndefined()
    }
  })

  it("are not set on a docs answer without a body to hash", () => {
    expect(docsPageHeaders("/v1/docs", HttpServerResponse.empty({ status: 304 }))).toBeUndefined()
  })

  it("allow the page's own inline scripts by hash and scripts from this origin, and no other script", () => {
    const policy = docsPolicyOf(page)
    const scriptSources = /script-src ([^;]*)/.exec(policy)?.[1]?.split(" ") ?? []
    expect(scriptSources.filter((s) => s.startsWith("'sha256-"))).toHaveLength(1)
    expect(scriptSources.filter((s) => !s.startsWith("'sha256-"))).toEqual(["'self'", "'wasm-unsafe-eval'"])
    expect(policy).toContain("default-src 'none'")
    expect(policy).not.toContain("'unsafe-eval'")
  })
})
