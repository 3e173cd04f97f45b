import { mkdirSync } from "node:fs"
import * as path from "node:path"
import { beforeAll, expect, it } from "vitest"
import { createKey, describeInChromium, signUp, signUpOnForm, useBrowserRun } from "../support/browserRun.js"

/**
 * The self-serve path in a real browser (issue 16): Debian's Chromium, headless, driven by playwright-core, against
 * the server as `npm start` runs it. Screenshots are kept in test-artifacts/ (not committed).
 */
const artifacts = path.resolve("test-artifacts", "dashboard")

describeInChromium("dashboard in a real browser", () => {
  beforeAll(() => void mkdirSync(artifacts, { recursive: true }))
  const run = useBrowserRun({}, 120_000)

  it("sign up, make a key, call /v1/search with it, see the usage move, revoke it: 401", async () => {
    const { context, page } = await run().open()
    await page.goto("/")
    await page.getByRole("link", { name: "Sign up" }).first().click()
    await signUpOnForm(page, "browser@example.com", { by: "mouse" })
    await page.getByText("Signed in as").first().waitFor({ timeout: 10_000 })
    expect(await page.locator("#used").textContent()).toBe("0")
    await page.screenshot({ path: path.join(artifacts, "1-dashboard-new.png"), fullPage: true })

    const secret = await createKey(page, "from the browser", "mouse")
    expect(secret).toMatch(/^kyb_live_[A-Za-z0-9_-]{43}$/)
    expect(await page.locator("#curl").textContent()).toContain(secret)
    await page.screenshot({ path: path.join(artifacts, "2-key-created.png"), fullPage: true })

    const searched = await fetch(`${run().server.url}/v1/search?q=acme`, { headers: { authorization: `Bearer ${secret}` } })
    expect(searched.status).toBe(200)
    await page.getByRole("link", { name: "Back to the dashboard" }).click()
    expect(await page.locator("#used").textContent()).toBe("1")
    expect(await page.locator("svg[role=img]").getAttribute("aria-label")).toContain("1 in all")
    await page.screenshot({ path: path.join(artifacts, "3-usage.png"), fullPage: true })

    await page.getByRole("link", { name: `Revoke key ${secret.slice(0, 13)}` }).click()
    await page.getByText("stops working at once").first().waitFor({ timeout: 10_000 })
    await page.getByRole("button", { name: `Yes, revoke key ${secret.slice(0, 13)}` }).click()
    await page.getByText("The key is revoked").first().waitFor({ timeout: 10_000 })
    await page.screenshot({ path: path.join(artifacts, "4-revoked.png"), fullPage: true })
    const refused = await fetch(`${run().server.url}/v1/search?q=acme`, { headers: { authorization: `Bearer ${secret}` } })
    expect(refused.status).toBe(401)
    await context.close()
  }, 120_000)

  it("a form from another origin is refused (CSRF), a wrong password is throttled, the cookie has the right flags", async () => {
    const { context, page } = await run().open()
    await signUp(page, "flags@example.com", { by: "mouse" })
    const session = (await context.cookies()).find((c) => c.name === "kyb_session")!
    expect(session.httpOnly).toBe(true)
    expect(session.sameSite).toBe("Lax")
    expect(session.secure).toBe(false) // plain http on 127.0.0.1: development; Secure anywhere else (HTTP test)

    // A page of another origin posting to the dashboard: the browser does not send the Lax cookie on a cross-site
    // POST, and the form has no CSRF token either way; nothing is created.
    const evil = await context.newPage()
    await evil.setContent(`<form method="post" action="${run().server.url}/dashboard/keys"><input name="label" value="evil"></form>`)
    const [response] = await Promise.all([evil.waitForResponse(() => true), evil.locator("form").evaluate((f) => (f as unknown as { submit: () => void }).submit())])
    expect([403, 303]).toContain(response.status())
    await page.reload()
    expect(await page.locator("text=evil").count()).toBe(0)

    await page.getByRole("button", { name: "Log out" }).click()
    await page.waitForURL(/\/login(\?|$)/)
    let status = 0
    for (let i = 0; i < 6; i++) {
      await page.getByLabel("E-mail address").fill("flags@example.com")
      await page.getByLabel("Password").fill(`wrong password ${i}`)
      const [answer] = await Promise.all([page.waitForResponse((r) => r.url().endsWith("/login") && r.request().method() === "POST"), page.getByRole("button", { name: "Log in" }).click()])
      status = answer.status()
    }
    expect(status).toBe(429)
    await page.getByText("Too many attempts").first().waitFor({ timeout: 10_000 })
    await page.screenshot({ path: path.join(artifacts, "5-throttled.png"), fullPage: true })
    await context.close()
  }, 120_000)
})
