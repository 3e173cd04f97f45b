import { mkdirSync } from "node:fs"
import * as path from "node:path"
import { type Page } from "playwright-core"
import { beforeAll, expect, it } from "vitest"
import { dashboardCss, dashboardJs } from "../../src/web/assets.js"
import { type PageRecord, press, recordPage, typeInto } from "../support/browserPages.js"
import { createKey, describeInChromium, signUp, useBrowserRun } from "../support/browserRun.js"

/**
 * The first hour's stumbles that only a browser shows (issue 42): a reload of the new key's page, times with their
 * zone, the dashboard's chart and keys table as laid out, the chart's total against the month's, and the new
 * pages (verify one business, choose the lists) through axe-core at 1280 and 390 px.
 */
const artifacts = path.resolve("test-artifacts", "first-hour")
const assetBytes = Buffer.byteLength(dashboardCss) + Buffer.byteLength(dashboardJs)

/** Words (runs of letters) of `selector`'s elements that the layout split over two lines ("Stat/e"). */
const brokenWords = (page: Page, selector: string) =>
  page.evaluate(`(() => {
    const broken = []
    for (const element of document.querySelectorAll(${JSON.stringify(selector)})) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of node.textContent.matchAll(/\\p{L}+/gu)) {
          const range = document.createRange()
          range.setStart(node, match.index)
          range.setEnd(node, match.index + match[0].length)
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)))
          if (lines.size > 1) broken.push(match[0])
        }
      }
    }
    return broken
  })()`) as Promise<ReadonlyArray<string>>

/** Pairs of the chart's labels whose boxes meet. */
const overlappingLabels = (page: Page) =>
  page.evaluate(`(() => {
    const boxes = [...document.querySelectorAll("svg.chart text")].map((t) => ({ text: t.textContent, box: t.getBoundingClientRect() }))
    const meet = []
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i].box, b = boxes[j].box
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) meet.push(boxes[i].text + " / " + boxes[j].text)
    }
    return meet
  })()`) as Promise<ReadonlyArray<string>>

describeInChromium("the console's first hour in a real browser", () => {
  const records: Array<PageRecord> = []
  beforeAll(() => void mkdirSync(artifacts, { recursive: true }))
  const run = useBrowserRun({}, 360_000)

  it("a reloaded key page makes no key; times carry a zone; chart and keys table laid out; chart and month agree; new pages pass axe", async () => {
    const { context, page } = await run().open({ timezoneId: "Africa/Lagos" })
    await signUp(page, "first-hour@example.com")

    const secret = await createKey(page, "first")
    expect(new URL(page.url()).pathname).toBe("/dashboard/keys/new")
    expect(secret).toMatch(/^kyb_live_/)
    records.push(await recordPage(page, artifacts, "01-new-key", assetBytes))
    await page.reload()
    expect(await page.locator("#secret").count()).toBe(0)
    await page.getByText("shown once").first().waitFor()
    await page.goto("/dashboard")
    expect(await page.locator("table.stack tbody tr").count()).toBe(1)

    const verified = await fetch(`${run().server.url}/v1/verify`, {
      method: "POST", headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" }, body: JSON.stringify({ name: "Acme Trading" })
    })
    expect(verified.status).toBe(200)

    await page.goto("/dashboard/verify")
    records.push(await recordPage(page, artifacts, "02-verify", assetBytes))
    await typeInto(page.getByLabel("Name"), "Kano Groundnut Traders")
    await press(page.getByRole("button", { name: "Verify" }))
    await page.waitForURL(/\/dashboard\/checks\/[0-9a-f-]{36}\?notice=verified/)
    await page.getByText("Check saved: the verdict is kept").waitFor()
    // Every time shown says its zone (the viewer's, here Lagos), the UTC one kept on hover.
    const times = await page.locator("time[data-local]").allTextContents()
    expect(times.length).toBeGreaterThan(0)
    for (const t of times) expect(t).toMatch(/GMT\+1|WAT/)
    records.push(await recordPage(page, artifacts, "03-check", assetBytes))

    await page.goto("/dashboard")
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      expect(await overlappingLabels(page), `chart labels at ${width} px`).toEqual([])
    }
    await page.setViewportSize({ width: 1280, height: 900 })
    expect(await brokenWords(page, "table.stack th, table.stack td:not(:has(code))")).toEqual([])
    expect(await page.locator("svg.chart").getAttribute("aria-label")).toContain(": 1 in all")
    expect(await page.locator("#month-split").textContent()).toMatch(/1 with keys \(in the chart\) and 1 from the console's forms[\s\S]*2 in all/)
    expect(await page.locator("#used").textContent()).toBe("2")
    records.push(await recordPage(page, artifacts, "04-dashboard", assetBytes))

    await page.goto("/dashboard/lists")
    records.push(await recordPage(page, artifacts, "05-lists", assetBytes))
    await press(page.getByLabel(/^OFAC SDN/), "Space")
    await press(page.getByRole("button", { name: "Screen the lists ticked" }))
    await page.getByText("The choice of lists is saved").waitFor()

    const icon = await page.request.get("/favicon.ico")
    expect(icon.status()).toBe(200)

    for (const r of records) {
      expect(r.violations, `${r.name}: ${JSON.stringify(r.violations)}`).toEqual([])
      expect(r.overflowAt390, `${r.name} overflows 390 px`).toBeLessThanOrEqual(0)
    }
    await context.close()
  }, 300_000)
})
