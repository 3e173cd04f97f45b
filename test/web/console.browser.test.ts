import { mkdirSync } from "node:fs"
import { createServer, type Server } from "node:http"
import * as path from "node:path"
import { type Page } from "playwright-core"
import { afterAll, beforeAll, expect, it } from "vitest"
import { dashboardCss, dashboardJs } from "../../src/web/assets.js"
import { verifyDelivery } from "../../src/webhooks/signature.js"
import { type PageRecord, press, recordPage, typeInto } from "../support/browserPages.js"
import { createKey, describeInChromium, signUpOnForm, useBrowserRun } from "../support/browserRun.js"

/**
 * The analyst's console in a real browser (issue 29): Debian's Chromium, headless, against the server as `npm start`
 * runs it, with the OFAC SDN fixture loaded by the operator CLI and a webhook receiver on 127.0.0.1. Every flow is
 * driven from the keyboard (focus, type, Enter, Space); each page is screenshotted at 1280 and 390 px into
 * test-artifacts/console/, checked by axe-core, for overflow at 390 px and for its weight.
 */
const artifacts = path.resolve("test-artifacts", "console")
const assetBytes = Buffer.byteLength(dashboardCss) + Buffer.byteLength(dashboardJs)

interface Received { readonly body: string; readonly signature: string; readonly type: string }

describeInChromium("the analyst's console in a real browser", () => {
  let receiver: Server
  let receiverPort = 0
  const received: Array<Received> = []
  const records: Array<PageRecord> = []

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true })
    receiver = createServer((request, response) => {
      let body = ""
      request.on("data", (chunk: Buffer) => (body += chunk.toString()))
      request.on("end", () => {
        received.push({ body, signature: String(request.headers["kyb-signature"]), type: String(request.headers["kyb-event-type"]) })
        response.writeHead(204).end()
      })
    })
    receiverPort = await new Promise<number>((resolve) => receiver.listen(0, "127.0.0.1", () => resolve((receiver.address() as { port: number }).port)))
  })
  afterAll(() => void receiver?.close())
  const run = useBrowserRun({
    sanctionsPublishedOn: "2024-05-03",
    env: {
      // The receiver above listens on 127.0.0.1: the test server alone allows a private webhook address.
      KYB_WEBHOOK_ALLOW_PRIVATE: "true",
      KYB_WEBHOOK_POLL: "200 millis",
      KYB_MONITOR_POLL: "500 millis"
    }
  })

  const record = async (page: Page, name: string) => records.push(await recordPage(page, artifacts, name, assetBytes))

  it("sign up, key, verify a listed name, its case, propose dismissing the hit (four eyes: it waits), verify again; batch; monitor; webhook test delivery", async () => {
    const { context, page } = await run().open()
    const cspViolations: Array<string> = []
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text())
    })
    const nav = page.getByRole("navigation", { name: "Main" })

    await page.goto("/")
    expect(await page.locator("main").textContent()).toContain("Dangote Cement PLC")
    expect(await page.locator("table").textContent()).toContain("100 requests a month")
    await record(page, "01-landing")
    await press(page.getByRole("link", { name: "Skip to the content" }))
    expect(await page.evaluate("document.activeElement.id")).toBe("main")

    await press(page.getByRole("link", { name: "Sign up" }).first())
    await page.waitForURL("**/signup")
    await record(page, "02-signup")
    await signUpOnForm(page, "analyst@example.com")
    const secret = await createKey(page, "console")
    expect(secret).toMatch(/^kyb_live_/)
    await record(page, "03-key-created")
    const api = { authorization: `Bearer ${secret}`, "content-type": "application/json" }

    const verified = await fetch(`${run().server.url}/v1/verify`, { method: "POST", headers: api, body: JSON.stringify({ name: "Banco Nacional de Cuba" }) })
    const verdict = await verified.json() as { result: string; check_id: string; sanctions: { hits: ReadonlyArray<{ entry_id: string }> } }
    expect(verdict.result).toBe("review")
    expect(verdict.sanctions.hits.map((h) => h.entry_id)).toContain("306")

    // The queue has its case, with the count of open cases in the menu.
    await press(nav.getByRole("link", { name: /^Dashboard/ }))
    await page.waitForURL("**/dashboard")
    expect(await page.locator("svg[role=img]").getAttribute("aria-label")).toContain("1 in all")
    expect(await page.locator("table.usage").textContent()).toMatch(/\d{4}-\d{2}-\d{2}\s*1/)
    await record(page, "04-dashboard")
    await press(nav.getByRole("link", { name: /^Cases/ }))
    await page.waitForURL("**/dashboard/cases")
    expect((await nav.getByRole("link", { name: /^Cases/ }).textContent())?.replace(/\s+/g, " ")).toContain("1 open")
    await record(page, "05-cases")
    await press(page.locator("#cases").getByRole("link", { name: /Banco Nacional de Cuba/ }))
    await page.waitForURL(/\/dashboard\/cases\/case_[0-9a-f]{20}$/)
    await press(page.locator("#case-checks").getByRole("link", { name: verdict.check_id.slice(0, 8) }))
    await page.waitForURL(`**/dashboard/checks/${verdict.check_id}`)
    await record(page, "06-check")
    expect(await page.locator("main").textContent()).toContain("2024-05-03")

    // A decision needs its reason; with it, it is proposed and shown: an exact SDN name needs a second member.
    const form = page.locator("form", { has: page.getByRole("button", { name: /Record the decision on BANCO NACIONAL DE CUBA/ }) })
    await press(form.getByLabel("False positive"), "Space")
    await typeInto(form.getByLabel("Reason (required)"), "Our customer is the Panamanian namesake")
    await press(form.getByRole("button", { name: /Record the decision/ }))
    await page.getByText("The decision is proposed").waitFor()
    expect(await page.locator("main").textContent()).toContain("Our customer is the Panamanian namesake")

    await press(page.getByRole("button", { name: "Verify again" }))
    await page.getByText("Verified again:").first().waitFor()
    const comparison = page.locator("section[aria-labelledby=compare]")
    expect(await comparison.locator(".card").first().textContent()).toContain("review")
    const now = await comparison.locator(".card").nth(1).textContent()
    expect(now, "a pending decision dismisses nothing").toContain("review")
    expect(now).not.toMatch(/Dismissed hits\s*1/)
    await record(page, "07-verified-again")

    await press(nav.getByRole("link", { name: /^Cases/ }))
    expect(await page.locator("#cases").textContent()).toContain("1 waiting for a second look")
    expect((await nav.getByRole("link", { name: /^Cases/ }).textContent())?.replace(/\s+/g, " ")).toContain("1 open")

    // Checks: filtered by result.
    await press(nav.getByRole("link", { name: /^Checks/ }))
    await page.getByLabel("Result").selectOption("review")
    await press(page.getByRole("button", { name: "Filter" }))
    await page.waitForURL(/result=review/)
    // Both checks: the first (its hit) and the verification again, which no registry could confirm (no live registry
    // covers a name given without a country: registry_not_covered, issue 38).
    expect(await page.locator("#checks tbody tr").count()).toBe(2)
    await record(page, "08-checks")

    // Batch: a CSV uploaded, followed to the end.
    await press(nav.getByRole("link", { name: /^Batch/ }))
    await record(page, "09-batch")
    await page.getByLabel("CSV file").setInputFiles({
      name: "names.csv", mimeType: "text/csv", buffer: Buffer.from("name,country\nBanco Nacional de Cuba,\nAcme Trading,NG\n,\n")
    })
    await press(page.getByRole("button", { name: "Start the job" }))
    await page.waitForURL(/\/dashboard\/batch\/[0-9a-f-]{36}/)
    await page.locator("#results").waitFor({ timeout: 60_000 })
    expect(await page.locator("#job-status").textContent()).toContain("done: 3 of 3 rows")
    expect(await page.locator("#results tbody tr").count()).toBe(3)
    expect(await page.locator("#results").getByRole("link").count()).toBe(2)
    await record(page, "10-batch-done")

    // Monitors: one added, listed.
    await press(nav.getByRole("link", { name: /^Monitors/ }))
    await typeInto(page.getByLabel("Name", { exact: true }), "Banco Nacional de Cuba")
    await press(page.getByRole("button", { name: "Add the monitor", exact: true }))
    await page.getByText("The monitor is added").waitFor()
    expect(await page.locator("#monitors").textContent()).toContain("Banco Nacional de Cuba")
    await record(page, "11-monitors")

    // Webhooks: one added (the secret shown once), a test event sent and received, signed.
    await press(nav.getByRole("link", { name: /^Webhooks/ }))
    await record(page, "12-webhooks")
    await typeInto(page.getByLabel(/^URL \(http or https/), `http://127.0.0.1:${receiverPort}/kyb`)
    await press(page.getByRole("button", { name: "Add the webhook" }))
    const signing = (await page.locator("#secret").textContent())?.trim() ?? ""
    expect(signing.length).toBeGreaterThan(20)
    await press(page.getByRole("button", { name: "Send a test event" }))
    await page.getByText("A test event is queued").waitFor()
    for (let i = 0; i < 100 && !received.some((r) => r.type === "webhook.test"); i++) await new Promise((r) => setTimeout(r, 100))
    const test = received.find((r) => r.type === "webhook.test")!
    expect(test).toBeDefined()
    expect(verifyDelivery(signing, test.signature, test.body, Math.floor(Date.now() / 1000))).toBe(true)
    for (let i = 0; i < 50; i++) {
      await press(page.getByRole("link", { name: "Refresh the deliveries" }))
      if (await page.locator("#delivery-list .verdict.delivered").count() > 0) break
    }
    expect(await page.locator("#delivery-list").textContent()).toContain("HTTP 204")
    await record(page, "13-webhook-deliveries")

    // The dashboard's own flows: revoking asks first; an unknown page is a page; logging out says so.
    await press(nav.getByRole("link", { name: /^Dashboard/ }))
    await press(page.getByRole("link", { name: /^Revoke key / }))
    await record(page, "14-revoke-confirm")
    await press(page.getByRole("button", { name: /^Yes, revoke key/ }))
    await page.getByText("The key is revoked").first().waitFor()
    const missing = await page.goto("/no-such-page")
    expect(missing?.status()).toBe(404)
    expect(missing?.headers()["content-type"]).toContain("text/html")
    await record(page, "15-not-found")
    await press(page.getByRole("link", { name: "Dashboard" }))
    await press(nav.getByRole("button", { name: "Log out" }))
    await page.getByText("You are logged out.").waitFor()
    await record(page, "16-logged-out")

    for (const r of records) {
      expect(r.violations, `${r.name}: ${JSON.stringify(r.violations)}`).toEqual([])
      expect(r.overflowAt390, `${r.name} overflows 390 px`).toBeLessThanOrEqual(0)
      expect(r.bytes, `${r.name} weighs ${r.bytes} bytes`).toBeLessThan(100_000)
    }
    expect(cspViolations).toEqual([])
    await context.close()
  }, 300_000)
})
