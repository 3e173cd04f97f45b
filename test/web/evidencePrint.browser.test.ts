import { mkdirSync, writeFileSync } from "node:fs"
import * as path from "node:path"
import { beforeAll, expect, it } from "vitest"
import { axeViolations } from "../support/browserPages.js"
import { createKey, describeInChromium, signUp, useBrowserRun } from "../support/browserRun.js"
import { pdfPages } from "../support/pdfText.js"

/**
 * The evidence page printed as a record to file (issue 38 item 8): Chromium prints it to PDF as a person printing
 * from the browser would (the page's own print CSS, no Playwright header or footer templates), and the PDF's text
 * says on every page whose account, who printed it and when (UTC), which check, and page n of N.
 */
const artifacts = path.resolve("test-artifacts", "evidence-print")

describeInChromium("the evidence page printed in Chromium", () => {
  beforeAll(() => void mkdirSync(artifacts, { recursive: true }))
  const run = useBrowserRun({ sanctionsPublishedOn: "2026-11-20" }, 240_000)

  it("header, footer and page numbers on every printed page; the hit's details and official page; axe finds nothing", async () => {
    const { context, page } = await run().open()
    await signUp(page, "filer@example.com", { by: "mouse" })
    const member = (await page.getByText("Signed in as").first().locator("strong").first().textContent())?.trim() ?? ""
    expect(member.length).toBeGreaterThan(0)
    const secret = await createKey(page, "print", "mouse")
    const verified = await fetch(`${run().server.url}/v1/verify`, {
      method: "POST", headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" }, body: JSON.stringify({ name: "Banco Nacional de Cuba" })
    })
    const verdict = await verified.json() as { check_id: string; sanctions: { hits: ReadonlyArray<{ entry_id: string }> } }
    expect(verdict.sanctions.hits.map((h) => h.entry_id)).toContain("306")

    await page.goto(`/dashboard/checks/${verdict.check_id}`)
    const main = (await page.locator("main").textContent()) ?? ""
    expect(main).toContain("Officers and owners screened")
    expect(main).not.toMatch(/#[a-z]+\b/)
    expect(await page.locator('a[href="https://sanctionssearch.ofac.treas.gov/Details.aspx?id=306"]').count()).toBeGreaterThan(0)
    // What the list says of entry 306 beside its names (test/fixtures/sanctions/ofac-sdn: add.csv, sdn.csv's Remarks)
    const card = (await page.locator("section.card", { hasText: "entry 306" }).first().textContent()) ?? ""
    expect(card).toContain("Zweierstrasse 35, Zurich CH-8022, Switzerland")
    expect(card).toContain("Havana, Cuba")
    expect(card).toMatch(/Remarks \(as the list writes them\)\s*a\.k\.a\. 'BNC'\./)
    expect(card).toContain("Listed onnot given by the list")
    expect(await axeViolations(page)).toEqual([])

    const pdf = await page.pdf({ format: "A4" })
    writeFileSync(path.join(artifacts, "evidence.pdf"), pdf)
    const pages = await pdfPages(new Uint8Array(pdf))
    expect(pages.length).toBeGreaterThan(1)
    // pdf.js returns a ligature ("ff" in an account id) as an item of its own: the id is read and compared without spaces
    const accountId = /Account(acc_[0-9a-f]+)/.exec(pages[0]!.replace(/\s+/g, ""))?.[1]
    expect(accountId).toBeDefined()
    pages.forEach((text, i) => {
      expect(text.replace(/\s+/g, ""), `page ${i + 1}`).toContain(`KYBAfricaevidencerecord.Account${accountId}`)
      // pdf.js returns a ligature ("fi", and "ff" in a check id) as an item of its own: these are compared without spaces
      expect(text.replace(/\s+/g, ""), `page ${i + 1}`).toContain(`Check${verdict.check_id}`)
      expect(text.replace(/\s+/g, ""), `page ${i + 1}`).toContain(`Printedby${member}(filer@example.com)`.replace(/\s+/g, ""))
      expect(text, `page ${i + 1}`).toMatch(/Printed at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/)
      expect(text, `page ${i + 1}`).toContain(`Page ${i + 1} of ${pages.length}`)
    })
    // Source links print as their addresses; the print-only block heads the first page.
    expect(pages.join("").replace(/\s+/g, "")).toContain("(https://sanctionssearch.ofac.treas.gov/Details.aspx?id=306)")
    await context.close()
  }, 180_000)
})
