import { existsSync } from "node:fs"
import { type Browser, chromium } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startServerProcess, type ServerProcess } from "../support/serverProcess.js"

/** `/v1/docs` (issue 25 item 8, issue 26 item 6): framed by nobody, fetches nothing elsewhere, speaks in human terms. */
const CHROMIUM = process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium"

const INTERNALS = /maxItems\(|minItems\(|maxLength\(|minLength\(|between\(|character\(s\)|a string matching the pattern|From side refinement|^int$/

describe.skipIf(!existsSync(CHROMIUM) && process.env["CI"] === undefined)("the docs page in a real browser", () => {
  let server: ServerProcess
  let browser: Browser
  beforeAll(async () => {
    server = await startServerProcess({}, { ready: false })
    await server.waitFor(/Listening on/, 300_000)
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox"] })
  }, 360_000)
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it("has a CSP and frame protection, renders under it, and asks no other host (fonts included)", async () => {
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
    expect(headers["content-security-policy"]).not.toContain("'unsafe-eval'")
    // Rendered: the reference's text (operation summaries) is in the page, put there by its scripts under the CSP.
    const rendered = await page.waitForFunction("document.body.innerText.includes('verify')", undefined, { timeout: 60_000 })
      .then(() => true, () => false)
    expect(violations).toEqual([])
    expect(rendered).toBe(true)
    expect(requested.filter((u) => !u.startsWith(server.url) && !u.startsWith("data:") && !u.startsWith("blob:"))).toEqual([])
    await page.close()
  }, 120_000)

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
