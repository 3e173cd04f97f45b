import type { Page } from "playwright-core"
import { expect, it } from "vitest"
import { axeViolations, press, typeInto } from "../support/browserPages.js"
import { createKey, describeInChromium, signUp, useBrowserRun } from "../support/browserRun.js"

const focused = (page: Page) => page.evaluate(
  "({ id: document.activeElement?.id ?? '', text: document.activeElement?.textContent?.trim() ?? '', isCase: document.activeElement?.hasAttribute('data-case') ?? false })"
) as Promise<{ id: string; text: string; isCase: boolean }>
const ticked = (page: Page) => page.locator("#cases tbody input[type=checkbox]").evaluateAll((boxes) => boxes.map((b) => (b as unknown as { checked: boolean }).checked))

/** Issue 55 items 4 and 7, from the keyboard only: the queue's shortcuts, a bulk close, focus after a post, skip links. */
describeInChromium("the case queue from the keyboard (issue 55)", () => {
  const run = useBrowserRun({ sanctionsPublishedOn: "2024-05-03" })

  it("j/k move through the cases, x ticks them, a bulk close answers per case with the focus on its answer; shortcuts stay out of text fields; a case's skip links and keys reach its forms and the focus comes back to the form used; axe finds nothing in each state", async () => {
    const { context, page } = await run().open()
    await signUp(page, "owner@example.com")
    const secret = await createKey(page, "ci")
    const api = { authorization: `Bearer ${secret}`, "content-type": "application/json" }
    for (const body of [{ name: "Banco Nacional de Cuba" }, { name: "Kwame Cocoa Traders", country: "GH" }, { name: "Ama Shea Butter Exports", country: "GH" }]) {
      const verdict = await (await fetch(`${run().server.url}/v1/verify`, { method: "POST", headers: api, body: JSON.stringify(body) })).json() as { result: string }
      expect(verdict.result).toBe("review")
    }
    await page.goto("/dashboard/cases")
    expect(await page.locator("#cases tbody tr").count()).toBe(3)
    expect(await axeViolations(page)).toEqual([])

    // The shortcuts are documented on the page; ? opens the list.
    await page.locator("main#main").focus()
    await page.keyboard.press("?")
    expect(await page.locator("details[data-shortcuts=queue]").getAttribute("open")).not.toBeNull()
    expect(await page.locator("details[data-shortcuts=queue]").textContent()).toContain("select or unselect the case you are on")
    expect(await axeViolations(page)).toEqual([])

    // j, j, k: the second case then the first; x ticks the case you are on.
    await page.keyboard.press("j")
    await page.keyboard.press("j")
    expect((await focused(page)).isCase).toBe(true)
    const second = (await focused(page)).text
    await page.keyboard.press("k")
    const first = (await focused(page)).text
    expect(first).not.toBe(second)
    await page.keyboard.press("x")
    await page.keyboard.press("j")
    await page.keyboard.press("x")
    expect(await ticked(page)).toEqual([true, true, false])

    // In a text field the keys are text: nothing moves, nothing is ticked.
    await typeInto(page.getByLabel("Save these filters as"), "jxk")
    expect(await page.getByLabel("Save these filters as").inputValue()).toBe("jxk")
    expect(await ticked(page)).toEqual([true, true, false])

    // b goes to the bulk actions; Close (outcome rejected business) closes the two ticked, and the focus is on what it did.
    await page.locator("main#main").focus()
    await page.keyboard.press("b")
    expect((await focused(page)).id).toBe("b-assignee")
    // nothing is chosen for the member (issue 55 item 1): the outcome is picked and the note written
    expect(await page.locator("#b-outcome").inputValue()).toBe("")
    await page.locator("#b-outcome").selectOption("rejected_business")
    await typeInto(page.getByLabel("Note: why this outcome (required to close)"), "namesakes of the listed bank")
    await press(page.getByRole("button", { name: "Close", exact: true }))
    await page.locator("#bulk-results").waitFor()
    expect((await focused(page)).id).toBe("bulk-results")
    expect(await page.locator("#bulk-results h2").textContent()).toBe("close: 2 changed, 0 left as they were")
    expect(await page.locator("#bulk-results-table tbody tr").count()).toBe(2)
    expect(await axeViolations(page)).toEqual([])

    // The one left; pressing an action with nothing ticked is refused, said in an alert.
    expect(await page.locator("#cases tbody tr").count()).toBe(1)
    await press(page.getByRole("button", { name: "Assign", exact: true }))
    await page.getByRole("alert").getByText("tick at least one case").waitFor()
    expect(await axeViolations(page)).toEqual([])

    // A filter that matches nothing.
    await page.goto("/dashboard/cases?overdue=true")
    await page.getByText("No case matches.").waitFor()
    expect(await axeViolations(page)).toEqual([])

    // A case: skip links to its sections, keys to its forms, the focus back on the form used after a post.
    await page.goto("/dashboard/cases")
    await page.locator("main#main").focus()
    await page.keyboard.press("j")
    await page.keyboard.press("o")
    await page.waitForURL(/\/dashboard\/cases\/case_[0-9a-f]{20}$/)
    const skips = page.getByRole("navigation", { name: "Sections of this case" }).getByRole("link")
    expect(await skips.allTextContents()).toEqual(["Skip to Decide", "Skip to Comment", "Skip to Close"])
    expect(await axeViolations(page)).toEqual([])
    await page.locator("main#main").focus()
    await page.keyboard.press("c")
    expect((await focused(page)).id).toBe("comment")
    await page.keyboard.press("Tab")
    expect((await focused(page)).id).toBe("c-text")
    await page.keyboard.type("Registry shows a shea butter exporter in Tamale; x and j typed here stay text")
    await press(page.getByRole("button", { name: "Add the comment" }))
    await page.locator("#history").getByText("commented: Registry shows a shea butter exporter").waitFor()
    expect(new URL(page.url()).hash).toBe("#comment")
    expect((await focused(page)).id).toBe("comment")

    // e goes to Escalate: a reason and a role; the history says to whom and why.
    await page.locator("main#main").focus()
    await page.keyboard.press("e")
    expect((await focused(page)).id).toBe("e-to")
    await typeInto(page.getByLabel("Reason for escalating"), "Two registrations under one name: an admin should decide")
    await press(page.getByRole("button", { name: "Escalate" }))
    await page.locator("#history").getByText("escalated it to every admin: Two registrations under one name").waitFor()
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  }, 300_000)
})
