import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import * as path from "node:path"
import type { Locator, Page } from "playwright-core"

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8")

/**
 * axe-core run inside the page: its source is evaluated through the browser's debugging protocol (the pages' CSP
 * allows no script from elsewhere, and the test loads nothing from the network). Answers the violations, with the
 * selectors of the offending nodes.
 */
export const axeViolations = async (page: Page): Promise<ReadonlyArray<{ readonly id: string; readonly help: string; readonly targets: string }>> => {
  await page.evaluate(axeSource)
  const violations = await page.evaluate(`axe.run(document, { resultTypes: ["violations"] }).then((result) =>
    result.violations.map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")).join(", ") })))`) as ReadonlyArray<{
    readonly id: string
    readonly help: string
    readonly targets: string
  }>
  return violations
}

/** Keyboard only: focus the control and press Enter (links, buttons) or Space (radios, checkboxes). */
export const press = async (locator: Locator, key: "Enter" | "Space" = "Enter") => {
  await locator.focus()
  await locator.page().keyboard.press(key)
}

/** Keyboard only: focus the field and type. */
export const typeInto = async (locator: Locator, text: string) => {
  await locator.focus()
  await locator.page().keyboard.type(text)
}

export interface PageRecord {
  readonly name: string
  readonly bytes: number
  readonly violations: ReadonlyArray<{ readonly id: string; readonly help: string; readonly targets: string }>
  readonly overflowAt390: number
}

/**
 * A full-page screenshot. Chromium can refuse one taken while a resize is still being laid out ("Unable to capture
 * screenshot", seen once in CI right after `setViewportSize`): then it is taken once more after the next two frames.
 */
const screenshot = async (page: Page, file: string) => {
  try {
    await page.screenshot({ path: file, fullPage: true })
  } catch (error) {
    if (!String(error).includes("Unable to capture screenshot")) throw error
    await page.evaluate("new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))")
    await page.screenshot({ path: file, fullPage: true })
  }
}

/**
 * One page as the issue asks for it: screenshots at 1280 and 390 px wide into `dir`, axe-core's violations, how far
 * it overflows a 390 px screen, and its weight (HTML + the stylesheet and script it loads).
 */
export const recordPage = async (page: Page, dir: string, name: string, assetBytes: number): Promise<PageRecord> => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await screenshot(page, path.join(dir, `${name}-1280.png`))
  const violations = await axeViolations(page)
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, path.join(dir, `${name}-390.png`))
  const overflowAt390 = await page.evaluate("document.documentElement.scrollWidth - window.innerWidth") as number
  const narrowViolations = await axeViolations(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  const bytes = Buffer.byteLength(await page.content()) + assetBytes
  return { name, bytes, violations: [...violations, ...narrowViolations], overflowAt390 }
}
