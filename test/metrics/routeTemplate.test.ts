import { describe, expect, it } from "vitest"
import { methodLabel, routeTemplates, statusClass } from "../../src/metrics/routeTemplate.js"

describe("route templates for the requests series' labels", () => {
  const { templateOf } = routeTemplates(
    ["/v1/verify", "/v1/verify/batch", "/v1/checks/:id", "/v1/company/:country/:registration_no", "/v1/jobs/:id/results", "/health"],
    ["dashboard", "mcp"]
  )

  it("a path is its template: parameters are never values", () => {
    expect(templateOf("/v1/checks/chk_123")).toBe("/v1/checks/:id")
    expect(templateOf("/v1/company/ZA/1950%2F038232%2F06")).toBe("/v1/company/:country/:registration_no")
    expect(templateOf("/v1/verify?name=Acme&country=ZA")).toBe("/v1/verify")
    expect(templateOf("/v1/jobs/job_9/results")).toBe("/v1/jobs/:id/results")
    expect(templateOf("/health")).toBe("/health")
  })

  it("a literal segment wins over a parameter", () => {
    expect(templateOf("/v1/verify/batch")).toBe("/v1/verify/batch")
  })

  it("outside the API, pages are labelled by their area; anything else is unmatched (a bounded set)", () => {
    expect(templateOf("/dashboard/checks/chk_1")).toBe("/dashboard/*")
    expect(templateOf("/dashboard")).toBe("/dashboard")
    expect(templateOf("/mcp")).toBe("/mcp")
    expect(templateOf("/")).toBe("/")
    expect(templateOf("/wp-admin/setup.php")).toBe("unmatched")
    expect(templateOf("/v1/checks/a/b/c")).toBe("unmatched")
    expect(templateOf("/v1/company/ZA")).toBe("unmatched")
  })

  it("methods and statuses are bounded too", () => {
    expect(methodLabel("GET")).toBe("GET")
    expect(methodLabel("PROPFIND")).toBe("other")
    expect(statusClass(200)).toBe("2xx")
    expect(statusClass(429)).toBe("4xx")
    expect(statusClass(503)).toBe("5xx")
  })
})
