import { createHash } from "node:crypto"
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import * as path from "node:path"
import { beforeAll, expect, it } from "vitest"
import { axeViolations, press, typeInto } from "../support/browserPages.js"
import { createKey, describeInChromium, mainNav, signUp, useBrowserRun } from "../support/browserRun.js"
import { pdfPages } from "../support/pdfText.js"

/**
 * The printed case record (issue 55 item 3), reached from the keyboard and printed by Chromium as a person printing
 * from the browser would (the page's own print CSS): every page says whose account, which case, who printed it and
 * when, page n of N; every part of the case is in it; no heading ends a page without its table; no date wraps. The
 * download beside it is verified by its hashes. A check's print names its case.
 */
const artifacts = path.resolve("test-artifacts", "case-record")
const squeezed = (text: string) => text.replace(/\s+/g, "")

describeInChromium("the case record printed in Chromium", () => {
  beforeAll(() => void mkdirSync(artifacts, { recursive: true }))
  const run = useBrowserRun({ sanctionsPublishedOn: "2026-11-20" }, 240_000)

  it("keyboard to the record; header, footer and page numbers on every page; every part, a pending decision as pending; axe finds nothing; the download's hashes verify", async () => {
    const { context, page } = await run().open()
    await signUp(page, "records@example.com")
    const member = (await page.getByText("Signed in as").first().locator("strong").first().textContent())?.trim() ?? ""
    const secret = await createKey(page, "print")
    const checkIds: Array<string> = []
    for (let i = 0; i < 3; i++) {
      const reply = await fetch(`${run().server.url}/v1/verify`, {
        method: "POST", headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" }, body: JSON.stringify({ name: "Banco Nacional de Cuba" })
      })
      const verdict = await reply.json() as { check_id: string; result: string }
      expect(verdict.result).toBe("review")
      checkIds.push(verdict.check_id)
    }

    // From the menu to the case, a comment and a decision (pending: four eyes), then the record: by keyboard only.
    await press(mainNav(page).getByRole("link", { name: /^Cases/ }))
    await page.waitForURL("**/dashboard/cases")
    await press(page.locator("#cases").getByRole("link", { name: /Banco Nacional de Cuba/ }))
    await page.waitForURL(/\/dashboard\/cases\/case_[0-9a-f]{20}$/)
    const caseId = new URL(page.url()).pathname.split("/").at(-1)!
    await typeInto(page.getByLabel("Comment"), "The Cuban state bank; our customer is in Panama")
    await press(page.getByRole("button", { name: "Add the comment" }))
    await page.locator("#history").getByText("commented: The Cuban state bank").waitFor()
    // Nothing is preselected on a case (issue 55 item 1): the hit and the decision are chosen.
    await press(page.getByRole("checkbox", { name: /ofac_sdn 306|OFAC SDN 306/ }), "Space")
    await press(page.getByLabel("False positive"), "Space")
    await typeInto(page.getByLabel("Reason for the decision"), "The Panamanian namesake")
    await press(page.getByRole("button", { name: "Decide the ticked hits" }))
    await page.locator("#decisions").getByText("pending").waitFor()
    expect(await axeViolations(page)).toEqual([])
    await press(page.getByRole("link", { name: "Case record to print or download" }))
    await page.waitForURL(`**/dashboard/cases/${caseId}/record`)
    expect(await axeViolations(page)).toEqual([])
    expect(await page.locator("#rec-decision-rows").textContent()).toContain("pending: not in force")

    // The download beside it, from the keyboard: each document's SHA-256 recomputed here.
    const downloading = page.waitForEvent("download")
    await press(page.getByRole("link", { name: /Download the case file/ }))
    const saved = path.join(artifacts, `${caseId}-file.json`)
    await (await downloading).saveAs(saved)
    const file = JSON.parse(readFileSync(saved, "utf8")) as { case_id: string; documents: ReadonlyArray<{ name: string; sha256: string; content: string }> }
    expect(file.case_id).toBe(caseId)
    expect(file.documents.map((d) => d.name)).toEqual(expect.arrayContaining(["case.json", "audit.json", ...checkIds.map((id) => `checks/${id}.json`)]))
    for (const d of file.documents) expect(createHash("sha256").update(Buffer.from(d.content, "utf8")).digest("hex"), d.name).toBe(d.sha256)

    // No date wraps, as printed (print media, an A4 page's width less its margins).
    await page.setViewportSize({ width: 688, height: 1000 })
    await page.emulateMedia({ media: "print" })
    const wrapped = await page.locator("main time").evaluateAll((times) => // its text and its printed UTC (a ::after) are a rectangle each: on one line they share their top
      times.filter((t) => new Set([...t.getClientRects()].map((r) => Math.round(r.top))).size > 1).map((t) => t.textContent))
    expect(wrapped).toEqual([])
    expect(await page.locator("main time").count()).toBeGreaterThan(10)

    const pdf = await page.pdf({ format: "A4" })
    writeFileSync(path.join(artifacts, "case-record.pdf"), pdf)
    const pages = await pdfPages(new Uint8Array(pdf))
    expect(pages.length).toBeGreaterThan(1)
    const accountId = /Account(acc_[0-9a-f]+)/.exec(squeezed(pages[0]!))?.[1]
    expect(accountId).toBeDefined()
    pages.forEach((text, i) => {
      // pdf.js returns a ligature ("ff", "fi") as an item of its own: ids and names are compared without spaces
      expect(squeezed(text), `page ${i + 1}`).toContain(`KYBAfricacaserecord.Account${accountId}`)
      expect(squeezed(text), `page ${i + 1}`).toContain(`Case${caseId}:Open`)
      expect(squeezed(text), `page ${i + 1}`).toContain(squeezed(`Printed by ${member} (records@example.com)`))
      expect(text, `page ${i + 1}`).toMatch(/Printed at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/)
      expect(text, `page ${i + 1}`).toContain(`Page ${i + 1} of ${pages.length}`)
    })
    const all = squeezed(pages.join(" "))
    for (const words of ["pending: not in force", "The Panamanian namesake", "The Cuban state bank; our customer is in Panama", "Zweierstrasse 35, Zurich CH-8022", "case.commented", "decision.recorded"]) {
      expect(all).toContain(squeezed(words))
    }
    for (const id of checkIds) expect(all).toContain(`Check${checkIds.length - checkIds.indexOf(id)}of${checkIds.length}:${id}`)
    // Each heading is on the page of its table, right before the table's caption.
    const headed: ReadonlyArray<readonly [string, string]> = [
      ["The case and its subject", `Case ${caseId}`], ["Outcome", "The outcome and the closing note"], ["Checks", "The case's checks, newest first"],
      ["Decisions", "Every decision, newest first"], ["Comments", "Comments, oldest first"], ["Timeline", "Everything that happened to the case, oldest first"],
      ["Audit entries concerning the case", "The case's, its decisions' and its checks' entries"],
      ...checkIds.map((id, i) => [`Check ${checkIds.length - i} of ${checkIds.length}: ${id}`, `The verdict of check ${id}`] as const)
    ]
    for (const [heading, caption] of headed) {
      const on = pages.map(squeezed).filter((p) => p.includes(squeezed(heading) + squeezed(caption)))
      expect(on.length, `"${heading}" directly before "${caption}" on one page`).toBe(1)
    }

    // A check's print names its case, on every page.
    await page.emulateMedia({ media: null })
    await page.goto(`/dashboard/checks/${checkIds[0]}`)
    const checkPdf = await page.pdf({ format: "A4" })
    writeFileSync(path.join(artifacts, "check.pdf"), checkPdf)
    const checkPages = await pdfPages(new Uint8Array(checkPdf))
    checkPages.forEach((text, i) => expect(squeezed(text), `page ${i + 1}`).toContain(`Case${caseId}:Open`))
    await context.close()
  }, 240_000)
})
