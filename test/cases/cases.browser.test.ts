import { expect, it } from "vitest"
import { axeViolations, press, typeInto } from "../support/browserPages.js"
import { acceptInBrowser, createKey, describeInChromium, inviteInBrowser, mainNav, signUp, useBrowserRun } from "../support/browserRun.js"

/** Issue 40's "done when", in Chromium from the keyboard, by two members: an owner and an analyst. */
describeInChromium("a case worked by two members in a real browser (issue 40)", () => {
  const run = useBrowserRun({ sanctionsPublishedOn: "2024-05-03" })

  it("both review verdicts are cases; the analyst takes, comments, proposes; the verdict stays review; only the owner approves; the case closes; verifying again is clear; the audit trail names each", async () => {
    const { context: ownerContext, page: owner } = await run().open()
    await signUp(owner, "owner@example.com")
    const secret = await createKey(owner, "ci")
    const api = { authorization: `Bearer ${secret}`, "content-type": "application/json" }
    const verify = async (body: Record<string, string>) =>
      await (await fetch(`${run().server.url}/v1/verify`, { method: "POST", headers: api, body: JSON.stringify(body) })).json() as {
        result: string; review_reasons: ReadonlyArray<string>; sanctions: { hits: ReadonlyArray<{ entry_id: string; dismissed: boolean; decision: { id: string } | null }> }
      }
    expect((await verify({ name: "Banco Nacional de Cuba" })).result).toBe("review")
    expect((await verify({ name: "Kwame Cocoa Traders", country: "GH" })).result).toBe("review")

    // The owner invites an analyst, who joins in a browser of her own.
    const { context: anaContext, page: ana } = await acceptInBrowser(run(), await inviteInBrowser(owner, "ana@example.com", "An", "analyst"), "Ana Analyst")

    // Both verdicts are cases in one queue.
    await press(mainNav(ana).getByRole("link", { name: /^Cases/ }))
    await ana.waitForURL("**/dashboard/cases")
    expect(await ana.locator("#cases tbody tr").count()).toBe(2)
    expect(await axeViolations(ana)).toEqual([])
    await press(ana.locator("#cases").getByRole("link", { name: /Banco Nacional de Cuba/ }))
    await ana.waitForURL(/\/dashboard\/cases\/case_[0-9a-f]{20}$/)
    const caseUrl = new URL(ana.url()).pathname
    expect(await axeViolations(ana)).toEqual([])

    // Each form posts, then the browser follows the 303 back to the case (same address: wait for what changed).
    await press(ana.getByRole("button", { name: "Take this case" }))
    await ana.locator("#history").getByText("gave the case to Ana Analyst").waitFor()
    await typeInto(ana.getByLabel("Comment"), "The Cuban state bank; our customer is in Panama")
    await press(ana.getByRole("button", { name: "Add the comment" }))
    await ana.locator("#history").getByText("commented: The Cuban state bank").waitFor()
    // Issue 55: nothing is chosen for her: no hit ticked, no decision, no outcome.
    expect(await ana.locator("main input[type=checkbox]:checked, main input[type=radio]:checked").count()).toBe(0)
    await typeInto(ana.getByLabel("Reason for the decision"), "The Panamanian namesake")
    await press(ana.getByRole("button", { name: "Decide the ticked hits" }))
    expect(await ana.locator("#d-fp:invalid").count(), "the browser asks for the decision").toBe(1)
    expect(await ana.locator("#decisions").getByText("pending").count()).toBe(0)
    await press(ana.getByLabel("False positive"), "Space")
    await press(ana.getByRole("button", { name: "Decide the ticked hits" }))
    await ana.getByRole("alert").getByText("hit: choose at least one hit").waitFor()
    expect(await axeViolations(ana)).toEqual([])
    await press(ana.getByRole("checkbox", { name: /ofac_sdn 306|OFAC SDN 306/ }), "Space")
    await press(ana.getByLabel("False positive"), "Space")
    await typeInto(ana.getByLabel("Reason for the decision"), "The Panamanian namesake")
    await press(ana.getByRole("button", { name: "Decide the ticked hits" }))
    await ana.locator("#decisions").getByText("pending").waitFor()
    expect((await verify({ name: "Banco Nacional de Cuba" })).result, "pending: the verdict stays review").toBe("review")

    // The proposer is offered Withdraw, never Approve; the owner approves, with a note.
    await ana.getByRole("button", { name: "Withdraw" }).waitFor()
    expect(await ana.getByRole("button", { name: "Approve" }).count()).toBe(0)
    await owner.goto(caseUrl)
    await typeInto(owner.locator("#decisions").getByLabel(/Your note/), "The Panama company, not the Cuban state bank")
    await press(owner.getByRole("button", { name: "Approve" }))
    await owner.locator("#decisions").getByText("approved by owner@example.com").waitFor()
    // Closing: an outcome and a note, asked by the browser; clearing with a reason other than sanctions open asks for it by name.
    expect(await owner.locator("main input[type=radio]:checked, main input[type=checkbox]:checked").count()).toBe(0)
    await press(owner.getByRole("button", { name: "Close the case" }))
    expect(await owner.locator("#o-cleared:invalid").count(), "the browser asks for the outcome").toBe(1)
    await press(owner.getByLabel(/^Cleared/), "Space")
    await press(owner.getByRole("button", { name: "Close the case" }))
    expect(await owner.locator("#o-text:invalid").count(), "the browser asks for the note").toBe(1)
    await typeInto(owner.getByLabel("Note: why this outcome"), "The Panama company")
    await press(owner.getByRole("button", { name: "Close the case" }))
    await owner.getByRole("alert").getByText(/registry_not_covered \(No live registry covers this country/).waitFor()
    expect(await axeViolations(owner)).toEqual([])
    await press(owner.getByLabel(/^Cleared/), "Space")
    await press(owner.getByLabel(/No live registry covers this country/), "Space")
    await typeInto(owner.getByLabel("Note: why this outcome"), "The Panama company")
    await press(owner.getByRole("button", { name: "Close the case" }))
    await owner.locator("#case-status").getByText("Closed: Cleared").waitFor()
    const history = await owner.locator("#history").textContent()
    for (const words of ["Ana Analyst: gave the case to Ana Analyst", "Ana Analyst: commented", "Ana Analyst: proposed false positive", "owner@example.com: approved", "owner@example.com: closed it: cleared"]) {
      expect(history).toContain(words)
    }

    const again = await verify({ name: "Banco Nacional de Cuba" })
    expect(again.review_reasons).not.toContain("sanctions_match")
    expect(again.sanctions.hits.find((h) => h.entry_id === "306")?.dismissed).toBe(true)

    await press(mainNav(owner).getByRole("link", { name: "Audit log" }))
    await owner.waitForURL("**/dashboard/audit")
    const rows = await owner.locator("#audit-entries tbody tr").evaluateAll((trs) =>
      trs.map((tr) => `${tr.querySelector("[data-label=Action]")?.textContent ?? ""} ${tr.querySelector("[data-label=Who]")?.textContent ?? ""}`))
    expect(rows.filter((r) => r.startsWith("case.") || r.startsWith("decision."))).toEqual([
      "case.assigned Ana Analyst", "case.commented Ana Analyst", "decision.recorded Ana Analyst", "decision.approved owner@example.com", "case.closed owner@example.com"
    ])
    await ownerContext.close()
    await anaContext.close()
  }, 300_000)
})
