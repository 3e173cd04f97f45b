import { mkdirSync } from "node:fs"
import * as path from "node:path"
import { type Browser } from "playwright-core"
import { afterAll, beforeAll, expect, it } from "vitest"
import { dashboardCss, dashboardJs } from "../../src/web/assets.js"
import { recordPage } from "../support/browserPages.js"
import { describeInChromium, launchChromium } from "../support/browserRun.js"
import { startServerProcess, type ServerProcess } from "../support/serverProcess.js"

/**
 * `/v1/docs` (issue 25 item 8, issue 26 item 6, issue 42 item 5): framed by nobody, fetches nothing elsewhere, speaks
 * in human terms, and passes what the console's pages pass: axe-core with no violation, no overflow at 390 px.
 */
const artifacts = path.resolve("test-artifacts", "docs")

const INTERNALS = /maxItems\(|minItems\(|maxLength\(|minLength\(|between\(|character\(s\)|a string matching the pattern|From side refinement|^int$/

describeInChromium("the docs page in a real browser", () => {
  let server: ServerProcess
  let browser: Browser
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true })
    server = await startServerProcess({}, { ready: false })
    await server.waitFor(/Listening on/, 300_000)
    browser = await launchChromium()
  }, 360_000)
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it("has a CSP and frame protection, renders under it, asks no other host, passes axe-core and fits 390 px", async () => {
    const page = await browser.newPage()
    const requested: Array<string> = []
    const violations: Array<string> = []
    page.on("request", (r) => requested.push(r.url()))
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text())
    })
    const response = await page.goto(`${server.url}/v1/docs`)
    const headers = response!.headers()
    expect(headers["x-frame-options"]).toBe("DENY")
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'")
    expect(headers["content-security-policy"]).toContain("default-src 'none'")
    expect(headers["content-security-policy"]).not.toContain("unsafe")
    expect(await page.locator("h3").filter({ hasText: /^(GET|POST) \/v1\/verify$/ }).count()).toBe(2)
    // The page's own stylesheet applies under the policy (the method badges are styled).
    expect(await page.evaluate("getComputedStyle(document.querySelector('.method')).color")).toBe("rgb(255, 255, 255)")
    const record = await recordPage(page, artifacts, "docs", Buffer.byteLength(dashboardCss) + Buffer.byteLength(dashboardJs))
    expect(record.violations, JSON.stringify(record.violations)).toEqual([])
    expect(record.overflowAt390, "overflows 390 px").toBeLessThanOrEqual(0)
    expect(violations).toEqual([])
    expect(requested.filter((u) => !u.startsWith(server.url) && !u.startsWith("data:"))).toEqual([])
    await page.close()
  }, 180_000)

  it("describes fields in words, not schema internals", async () => {
    const spec = await (await fetch(`${server.url}/v1/openapi.json`)).text()
    const found: Array<string> = []
    JSON.parse(spec, (key, value: unknown) => {
      if ((key === "description" || key === "title") && typeof value === "string" && INTERNALS.test(value)) found.push(value)
      return value
    })
    expect(found).toEqual([])
  })
})
