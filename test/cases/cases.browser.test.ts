import { Effect, Exit, Scope } from "effect"
import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import * as path from "node:path"
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { scratchDatabaseUrl } from "../../scripts/support/scratchDatabase.js"
import { fixturesDir } from "../sanctions/paths.js"
import { axeViolations, press, typeInto } from "../support/browserPages.js"
import { startServerProcess, type ServerProcess } from "../support/serverProcess.js"
import { serverUrl } from "../support/testDatabase.js"

const CHROMIUM = process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium"
const PASSWORD = "a long enough passphrase"

/** Issue 40's "done when", in Chromium from the keyboard, by two members: an owner and an analyst. */
describe.skipIf(!existsSync(CHROMIUM) && process.env["CI"] === undefined)("a case worked by two members in a real browser (issue 40)", () => {
  let server: ServerProcess
  let browser: Browser
  const scope = Effect.runSync(Scope.make())
  let dataDir: string | undefined

  beforeAll(async () => {
    const server0 = serverUrl()
    const database = server0 === undefined
      ? { KYB_DATA_DIR: (dataDir = mkdtempSync(path.join(tmpdir(), "kyb-cases-"))) }
      : { DATABASE_URL: (await Effect.runPromise(scratchDatabaseUrl(server0, "kyb_cases").pipe(Scope.extend(scope)))).url }
    const ingest = spawnSync(process.execPath, [
      "--import", "tsx", "src/cli/main.ts", "ingest", "sanctions", path.join(fixturesDir, "ofac-sdn"), "--published-on", "2024-05-03"
    ], { encoding: "utf8", env: { ...process.env, ...database }, timeout: 120_000 })
    if (ingest.status !== 0) throw new Error(`sanctions ingest failed: ${ingest.stderr}${ingest.stdout}`)
    server = await startServerProcess({ ...database, KYB_SIGNUPS_PER_CLIENT: "100" })
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox"] })
  }, 420_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await Effect.runPromise(Scope.close(scope, Exit.void))
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true })
  })

  const nav = (page: Page) => page.getByRole("navigation", { name: "Main" })

  it("both review verdicts are cases; the analyst takes, comments, proposes; the verdict stays review; only the owner approves; the case closes; verifying again is clear; the audit trail names each", async () => {
    const ownerContext: BrowserContext = await browser.newContext({ baseURL: server.url })
    const owner = await ownerContext.newPage()
    await owner.goto("/signup")
    await typeInto(owner.getByLabel("E-mail address"), "owner@example.com")
    await typeInto(owner.getByLabel(/^Password/), PASSWORD)
    await owner.keyboard.press("Enter")
    await owner.getByText("Check your e-mail").first().waitFor()
    // the page after the redirect does not carry the address (issue 42 item 4)
    await typeInto(owner.getByLabel("E-mail address"), "owner@example.com")
    await typeInto(owner.getByLabel("Password"), PASSWORD)
    await owner.keyboard.press("Enter")
    await owner.waitForURL("**/dashboard")
    await typeInto(owner.getByLabel("Label (optional)"), "ci")
    await press(owner.getByRole("button", { name: "Create a key" }))
    const secret = (await owner.locator("#secret").textContent())?.trim() ?? ""
    const api = { authorization: `Bearer ${secret}`, "content-type": "application/json" }
    const verify = async (body: Record<string, string>) =>
      await (await fetch(`${server.url}/v1/verify`, { method: "POST", headers: api, body: JSON.stringify(body) })).json() as {
        result: string; review_reasons: ReadonlyArray<string>; sanctions: { hits: ReadonlyArray<{ entry_id: string; dismissed: boolean; decision: { id: string } | null }> }
      }
    expect((await verify({ name: "Banco Nacional de Cuba" })).result).toBe("review")
    expect((await verify({ name: "Kwame Cocoa Traders", country: "GH" })).result).toBe("review")

    // The owner invites an analyst, who joins in a browser of her own.
    await press(nav(owner).getByRole("link", { name: "Members" }))
    await typeInto(owner.getByLabel("E-mail address"), "ana@example.com")
    const select = owner.locator("#inv-role")
    await select.focus()
    await owner.keyboard.type("An")
    await press(owner.getByRole("button", { name: "Send the invitation" }))
    const token = new URL((await owner.locator("#invitation-link").textContent())?.trim() ?? "").searchParams.get("token") ?? ""
    const anaContext = await browser.newContext({ baseURL: server.url })
    const ana = await anaContext.newPage()
    await ana.goto(`/invitations/accept?token=${token}`)
    await typeInto(ana.getByLabel("Your name"), "Ana Analyst")
    await typeInto(ana.getByLabel(/^Password/), PASSWORD)
    await ana.keyboard.press("Enter")
    await ana.waitForURL("**/dashboard")

    // Both verdicts are cases in one queue.
    await press(nav(ana).getByRole("link", { name: /^Cases/ }))
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
    await typeInto(ana.getByLabel("Why"), "The Panamanian namesake")
    await press(ana.getByRole("button", { name: "Decide" }))
    await ana.locator("#decisions").getByText("pending").waitFor()
    expect((await verify({ name: "Banco Nacional de Cuba" })).result, "pending: the verdict stays review").toBe("review")

    // The proposer cannot approve her own; the owner can.
    await press(ana.getByRole("button", { name: "Approve" }))
    await ana.getByText("another member must approve").waitFor()
    await owner.goto(caseUrl)
    await press(owner.getByRole("button", { name: "Approve" }))
    await owner.locator("#decisions").getByText("approved by owner@example.com").waitFor()
    await press(owner.getByRole("button", { name: "Close the case" }))
    await owner.locator("#case-status").getByText("Closed: Cleared").waitFor()
    const history = await owner.locator("#history").textContent()
    for (const words of ["Ana Analyst: gave the case to Ana Analyst", "Ana Analyst: commented", "Ana Analyst: proposed false positive", "owner@example.com: approved", "owner@example.com: closed it: cleared"]) {
      expect(history).toContain(words)
    }

    const again = await verify({ name: "Banco Nacional de Cuba" })
    expect(again.review_reasons).not.toContain("sanctions_match")
    expect(again.sanctions.hits.find((h) => h.entry_id === "306")?.dismissed).toBe(true)

    await press(nav(owner).getByRole("link", { name: "Audit log" }))
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
