import { existsSync } from "node:fs"
import * as path from "node:path"
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from "playwright-core"
import { afterAll, beforeAll, describe } from "vitest"
import { fixturesDir } from "../sanctions/paths.js"
import { press, typeInto } from "./browserPages.js"
import { cliDatabase, kyb } from "./cliProcess.js"
import { startServerProcess, type ServerProcess } from "./serverProcess.js"

/** Debian's Chromium (`scripts/ensure-browser.mjs`), or CHROMIUM_PATH. */
export const CHROMIUM = process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium"

/** `describe`, skipped on a machine without Chromium, but never in CI (there a missing browser fails the run). */
export const describeInChromium = describe.skipIf(!existsSync(CHROMIUM) && process.env["CI"] === undefined)

export const PASSWORD = "a long enough passphrase"

/** Headless Chromium, as the tests drive it. */
export const launchChromium = () => chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox"] })

/** The server as `npm start` runs it, on a database of its own, and a headless Chromium to drive it. */
export interface BrowserRun {
  readonly server: ServerProcess
  readonly browser: Browser
  /** Where the operator CLI finds the server's database (KYB_DATA_DIR or DATABASE_URL). */
  readonly database: Readonly<Record<string, string>>
  /** A page in a context of its own (cookies apart from every other), at the server's address. */
  readonly open: (options?: BrowserContextOptions) => Promise<{ readonly context: BrowserContext; readonly page: Page }>
  readonly close: () => Promise<void>
}

/**
 * A fresh database (a scratch one on DATABASE_URL's server, or an embedded one in a temporary directory), the OFAC
 * SDN fixture ingested by the operator CLI when `sanctionsPublishedOn` says so, the server on it with `env` and sign-ups
 * enough for a test, then Chromium.
 */
export const startBrowserRun = async (
  options: { readonly sanctionsPublishedOn?: string; readonly env?: Readonly<Record<string, string>> } = {}
): Promise<BrowserRun> => {
  const database = await cliDatabase()
  const started: { server?: ServerProcess; browser?: Browser } = {}
  const close = async () => {
    await started.browser?.close()
    await started.server?.stop()
    await database.close()
  }
  try {
    if (options.sanctionsPublishedOn !== undefined) {
      const ingest = await kyb(["ingest", "sanctions", path.join(fixturesDir, "ofac-sdn"), "--published-on", options.sanctionsPublishedOn], database.env)
      if (ingest.code !== 0) throw new Error(`sanctions ingest failed: ${ingest.stderr}${ingest.stdout}`)
    }
    const server = started.server = await startServerProcess({ ...database.env, KYB_SIGNUPS_PER_CLIENT: "100", ...options.env })
    const browser = started.browser = await launchChromium()
    const open = async (contextOptions: BrowserContextOptions = {}) => {
      const context = await browser.newContext({ baseURL: server.url, ...contextOptions })
      return { context, page: await context.newPage() }
    }
    return { server, browser, database: database.env, open, close }
  } catch (error) {
    await close()
    throw error
  }
}

/** `startBrowserRun` before the suite's tests and its close after them; call inside `describe`, read in a test. */
export const useBrowserRun = (options: Parameters<typeof startBrowserRun>[0] = {}, timeoutMs = 420_000): (() => BrowserRun) => {
  let run: BrowserRun | undefined
  beforeAll(async () => {
    run = await startBrowserRun(options)
  }, timeoutMs)
  afterAll(() => run?.close())
  return () => {
    if (run === undefined) throw new Error("the browser run did not start")
    return run
  }
}

/** The console's main menu. */
export const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" })

/** How a test drives a form: from the keyboard (focus, type, Enter or Space) or with the mouse (fill, click). */
export type Input = "keyboard" | "mouse"

const fill = (page: Page, label: string | RegExp, text: string, by: Input) =>
  by === "keyboard" ? typeInto(page.getByLabel(label), text) : page.getByLabel(label).fill(text)

const send = (page: Page, button: string, by: Input) =>
  by === "keyboard" ? page.keyboard.press("Enter") : page.getByRole("button", { name: button }).click()

/** Types an address and password into the open log-in form and sends it; the caller waits for what follows. */
export const logInOnForm = async (page: Page, email: string, options: { readonly password?: string; readonly by?: Input } = {}) => {
  const by = options.by ?? "keyboard"
  await fill(page, "E-mail address", email, by)
  await fill(page, /^Password/, options.password ?? PASSWORD, by)
  await send(page, "Log in", by)
}

/**
 * Signs up on the open sign-up form, then logs in on the page it leads to (sign-up starts no session, and that page
 * does not carry the address: issue 42 item 4), and waits for the dashboard.
 */
export const signUpOnForm = async (page: Page, email: string, options: { readonly password?: string; readonly by?: Input; readonly name?: string } = {}) => {
  const by = options.by ?? "keyboard"
  // a test that does not care types the address as the name: records then read as they did before display names
  await fill(page, /^Your name/, options.name ?? email, by)
  await fill(page, "E-mail address", email, by)
  await fill(page, /^Password/, options.password ?? PASSWORD, by)
  await send(page, "Create my account", by)
  await page.getByText("Check your e-mail").first().waitFor()
  await logInOnForm(page, email, options)
  await page.waitForURL("**/dashboard")
}

/** `signUpOnForm` from the sign-up page's address. */
export const signUp = async (page: Page, email: string, options: { readonly password?: string; readonly by?: Input; readonly name?: string } = {}) => {
  await page.goto("/signup")
  await signUpOnForm(page, email, options)
}

/** Makes a key from the dashboard's form; answers the secret its page shows once. */
export const createKey = async (page: Page, label: string, by: Input = "keyboard") => {
  await fill(page, "Label (optional)", label, by)
  if (by === "keyboard") await press(page.getByRole("button", { name: "Create a key" }))
  else await page.getByRole("button", { name: "Create a key" }).click()
  return (await page.locator("#secret").textContent())?.trim() ?? ""
}

/**
 * The owner invites an address from the members page, the role chosen by typing `roleKey` into its select (which must
 * then read `role`); without a mail server the page shows the one-time link. Answers the link's token.
 */
export const inviteInBrowser = async (page: Page, email: string, roleKey: string, role: string) => {
  await press(mainNav(page).getByRole("link", { name: "Members" }))
  await page.waitForURL("**/dashboard/members")
  await typeInto(page.getByLabel("E-mail address"), email)
  const select = page.locator("#inv-role")
  await select.focus()
  await page.keyboard.type(roleKey)
  const chosen = await select.inputValue()
  if (chosen !== role) throw new Error(`typing ${roleKey} chose the role ${chosen}, not ${role}`)
  await press(page.getByRole("button", { name: "Send the invitation" }))
  const link = (await page.locator("#invitation-link").textContent())?.trim() ?? ""
  return new URL(link).searchParams.get("token") ?? ""
}

/** The invited person opens the link in a browser context of their own, chooses a name and a password, and is in. */
export const acceptInBrowser = async (run: BrowserRun, token: string, name: string, password = PASSWORD) => {
  const joined = await run.open()
  await joined.page.goto(`/invitations/accept?token=${token}`)
  await typeInto(joined.page.getByLabel("Your name"), name)
  await typeInto(joined.page.getByLabel(/^Password/), password)
  await joined.page.keyboard.press("Enter")
  await joined.page.waitForURL("**/dashboard")
  return joined
}
