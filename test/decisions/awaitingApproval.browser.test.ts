import { expect, it } from "vitest"
import { axeViolations, press, typeInto } from "../support/browserPages.js"
import { acceptInBrowser, createKey, describeInChromium, inviteInBrowser, mainNav, signUp, useBrowserRun } from "../support/browserRun.js"
import { pdfPages } from "../support/pdfText.js"

/**
 * Issue 52 items 1-4 in Chromium, as a person acts: the owner's key proposes, the owner sees Withdraw (never Approve)
 * in the Awaiting approval view and withdraws one; the analyst finds the other by the menu's count and approves it
 * with a note; the check's evidence, on screen and printed, names who approved, when, the note, the case and the policy.
 */
describeInChromium("Awaiting approval in a real browser (issue 52)", () => {
  const run = useBrowserRun({ sanctionsPublishedOn: "2024-05-03" })

  it("the proposer withdraws, another member approves with a note from the view the menu counts; the printed evidence names them", async () => {
    const { context: ownerContext, page: owner } = await run().open()
    await signUp(owner, "owner52@example.com")
    const secret = await createKey(owner, "onboarding service")
    const api = { authorization: `Bearer ${secret}`, "content-type": "application/json" }
    const send = async (route: string, body: unknown) =>
      await fetch(`${run().server.url}${route}`, { method: "POST", headers: api, body: JSON.stringify(body) })
    const verdict = await (await send("/v1/verify", { name: "Banco Nacional de Cuba" })).json() as { check_id: string; result: string }
    expect(verdict.result).toBe("review")
    const proposed = async (country?: string) =>
      await (await send("/v1/decisions", { name: "Banco Nacional de Cuba", ...(country === undefined ? {} : { country }), list: "ofac_sdn", entry_id: "306", decision: "false_positive", note: "a namesake" })).json() as { id: string; status: string; case_id: string }
    const kept = await proposed()
    const dropped = await proposed("PA")
    expect([kept.status, dropped.status]).toEqual(["pending", "pending"])

    const { context: anaContext, page: ana } = await acceptInBrowser(run(), await inviteInBrowser(owner, "ana52@example.com", "An", "analyst"), "Ana Analyst")

    // The owner's own proposals wait for someone else: none counted for them, Withdraw offered, never Approve.
    await owner.goto("/dashboard")
    await press(mainNav(owner).getByRole("link", { name: /^Awaiting approval/ }))
    await owner.waitForURL("**/dashboard/approvals")
    expect((await mainNav(owner).getByRole("link", { name: /^Awaiting approval/ }).textContent())?.replace(/\s+/g, " ")).toContain("Awaiting approval 0")
    expect(await owner.locator("#awaiting tbody tr").count()).toBe(2)
    expect(await owner.getByRole("button", { name: "Approve" }).count()).toBe(0)
    expect(await axeViolations(owner)).toEqual([])
    await press(owner.locator("#awaiting tbody tr", { hasText: /· PA/ }).getByRole("button", { name: "Withdraw" }))
    await owner.locator("#awaiting tbody tr", { hasText: /· PA/ }).waitFor({ state: "detached" })
    expect(await owner.locator("#awaiting tbody tr").count()).toBe(1)

    // The analyst finds it by the menu's count and approves it, as a whole, with a note.
    await ana.goto("/dashboard")
    const link = mainNav(ana).getByRole("link", { name: /^Awaiting approval/ })
    expect((await link.textContent())?.replace(/\s+/g, " ")).toContain("Awaiting approval 1")
    await press(link)
    await ana.waitForURL("**/dashboard/approvals")
    expect(await ana.locator("#awaiting").textContent()).toContain("pending: not in force")
    expect(await axeViolations(ana)).toEqual([])
    await typeInto(ana.getByLabel(/Your note on/), "Checked the registry: a Panama namesake")
    await press(ana.getByRole("button", { name: "Approve" }))
    await ana.getByText("Nothing is waiting for a second look.").waitFor()
    expect((await mainNav(ana).getByRole("link", { name: /^Awaiting approval/ }).textContent())?.replace(/\s+/g, " ")).toContain("Awaiting approval 0")

    // The check's evidence names the approver, when, the note, the case and the policy, on screen and printed.
    await owner.goto(`/dashboard/checks/${verdict.check_id}`)
    const history = (await owner.locator("#decision-history").textContent())?.replace(/\s+/g, " ") ?? ""
    expect(history).toMatch(/approved by Ana Analyst on \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC: Checked the registry: a Panama namesake/)
    expect(history).toContain("withdrawn by owner52@example.com")
    expect(history).toContain(kept.case_id)
    expect(await owner.locator("#four-eyes-policy").textContent()).toContain("Four-eyes policy now: on")
    expect(await axeViolations(owner)).toEqual([])
    const printed = (await pdfPages(new Uint8Array(await owner.pdf({ format: "A4" })))).join(" ").replace(/\s+/g, "")
    for (const words of ["approved by Ana Analyst", "Checked the registry: a Panama namesake", "Four-eyes policy now: on", kept.case_id, "withdrawn by owner52@example.com"]) {
      expect(printed, words).toContain(words.replace(/\s+/g, ""))
    }
    await ownerContext.close()
    await anaContext.close()
  }, 300_000)
})
