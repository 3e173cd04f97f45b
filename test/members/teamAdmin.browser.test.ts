import { expect, it } from "vitest"
import { axeViolations, press } from "../support/browserPages.js"
import { acceptInBrowser, describeInChromium, inviteInBrowser, mainNav, signUpOnForm, useBrowserRun } from "../support/browserRun.js"

/**
 * Issue 55 item 6 in Chromium, from the keyboard only: a name asked at sign-up and changed on the Account page, the
 * Members page's second factor and last log-in, and a removal that asks first (a page, no script); every page and
 * state passes axe-core.
 */
describeInChromium("team administration in a real browser (issue 55 item 6)", () => {
  const run = useBrowserRun()

  it("sign-up asks a name; Account changes it; Members shows second factor and last log-in; removing asks first, by keyboard", async () => {
    const { context, page } = await run().open()
    await page.goto("/signup")
    expect(await axeViolations(page)).toEqual([])
    await signUpOnForm(page, "ada@example.com", { name: "Ada Obi" })
    expect(await page.locator("main").textContent()).toContain("Signed in as Ada Obi")

    await page.goto("/dashboard/account")
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Ada Obi")
    expect(await axeViolations(page)).toEqual([])
    const field = page.getByLabel("Name", { exact: true })
    await field.focus()
    await page.keyboard.press("ControlOrMeta+A")
    await page.keyboard.type("Ada N. Obi")
    await page.keyboard.press("Enter")
    await page.getByText("what you do from now on is recorded as Ada N. Obi").waitFor()
    expect(await axeViolations(page)).toEqual([])

    const analyst = await acceptInBrowser(run(), await inviteInBrowser(page, "ana@example.com", "An", "analyst"), "Ana Analyst")
    expect(await analyst.page.locator("main").textContent()).not.toContain("address not verified")
    await analyst.context.close()

    await press(mainNav(page).getByRole("link", { name: "Members" }))
    await page.waitForURL("**/dashboard/members")
    const rows = await page.locator("#members tbody tr").evaluateAll((trs) => trs.map((tr) =>
      ["Name", "Second factor", "Last log-in"].map((label) => tr.querySelector(`[data-label="${label}"]`)?.textContent?.trim() ?? "")))
    expect(rows.map(([name, factor]) => [name, factor])).toEqual([["Ada N. Obi", "off"], ["Ana Analyst", "off"]])
    expect(rows[0]![2]).not.toBe("never")
    expect(rows[1]![2]).toBe("never")
    expect(await axeViolations(page)).toEqual([])

    await press(page.getByRole("link", { name: "Remove Ana Analyst…" }))
    await page.waitForURL("**/dashboard/members/*/remove")
    await page.getByRole("heading", { name: "Remove Ana Analyst?" }).waitFor()
    expect(await page.locator("#removal-keys").textContent()).toContain("Ana Analyst was shown no key that still works")
    expect(await axeViolations(page)).toEqual([])
    await press(page.getByRole("link", { name: "No, keep Ana Analyst" }))
    await page.waitForURL("**/dashboard/members")
    await press(page.getByRole("link", { name: "Remove Ana Analyst…" }))
    await press(page.getByRole("button", { name: "Yes, remove Ana Analyst" }))
    await page.getByText("The member is removed").waitFor()
    expect(await page.locator("#members").textContent()).not.toContain("Ana Analyst")
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  }, 300_000)
})
