import { expect, it } from "vitest"
import { axeViolations } from "../support/browserPages.js"
import { createKey, describeInChromium, signUp, useBrowserRun } from "../support/browserRun.js"

/**
 * The check page says which sources the verification tried and what each can confirm (issue 54): a business in a
 * country no live source covers here (Ghana, every live source off) is review with registry_not_covered, and the page
 * lists the registry's own search (nothing here can ask it) and GLEIF (switched off). axe finds nothing.
 */
describeInChromium("sources tried on the check page", () => {
  const run = useBrowserRun({ sanctionsPublishedOn: "2026-11-20" }, 240_000)

  it("lists each source in scope with what it was asked, its outcome, why, and what it can confirm", async () => {
    const { context, page } = await run().open()
    await signUp(page, "tried@example.com", { by: "mouse" })
    const secret = await createKey(page, "tried", "mouse")
    const reply = await fetch(`${run().server.url}/v1/verify`, {
      method: "POST",
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Synthetic Kumasi Quarry Works Limited", country: "GH" })
    })
    const verdict = await reply.json() as { check_id: string; review_reasons: ReadonlyArray<string>; sources_tried: ReadonlyArray<{ source: string; reason: string }> }
    expect(verdict.review_reasons).toContain("registry_not_covered")
    expect(verdict.sources_tried.map((t) => [t.source, t.reason])).toEqual([["gh-orc", "no_live_source"], ["gleif", "not_configured"]])

    await page.goto(`/dashboard/checks/${verdict.check_id}`)
    const section = page.locator("section[aria-labelledby=tried]")
    expect(await section.locator("h2").textContent()).toBe("Sources tried")
    const rows = await section.locator("tbody tr").allTextContents()
    expect(rows).toHaveLength(2)
    expect(rows[0]).toContain("gh-orc")
    expect(rows[0]).toContain("nothing here can ask it live")
    expect(rows[1]).toContain("GLEIF")
    expect(rows[1]).toContain("switched off here")
    expect(rows[1]).toContain("status, owners")
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  }, 180_000)
})
