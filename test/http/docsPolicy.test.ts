import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { describe, expect, it } from "vitest"
import { DOCS_POLICY, docsPageHeaders } from "../../src/http/docs/docsPolicy.js"

const pageResponse = HttpServerResponse.text("<html></html>", { contentType: "text/html" })

describe("the docs page's headers", () => {
  it("are set for the docs page, with or without a query", () => {
    for (const url of ["/v1/docs", "/v1/docs?theme=dark", "/v1/docs?"]) {
      const headers = docsPageHeaders(url, pageResponse)
      expect(headers?.["x-frame-options"], url).toBe("DENY")
      expect(headers?.["content-security-policy"], url).toBe(DOCS_POLICY)
    }
  })

  it("are not set for any other path, however close", () => {
    for (const url of ["/v1/docsx", "/v1/docs/", "/v1/docs.json", "/v1/openapi.json", "/v1", "/", "/docs?/v1/docs"]) {
      expect(docsPageHeaders(url, pageResponse), url).toBeUndefined()
    }
  })

  it("allow scripts and styles from this origin only: nothing inline, no eval, nothing from another host", () => {
    expect(DOCS_POLICY).toContain("default-src 'none'")
    expect(/script-src ([^;]*)/.exec(DOCS_POLICY)?.[1]).toBe("'self'")
    expect(/style-src ([^;]*)/.exec(DOCS_POLICY)?.[1]).toBe("'self'")
    expect(DOCS_POLICY).not.toContain("unsafe")
  })
})
