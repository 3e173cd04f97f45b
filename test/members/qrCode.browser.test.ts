import jsQRModule from "jsqr"
import { expect, it } from "vitest"
import { axeViolations, press } from "../support/browserPages.js"
import { describeInChromium, signUp, useBrowserRun } from "../support/browserRun.js"

// jsqr is CommonJS with `exports.default`: Node hands the whole exports object to a default import.
const jsQR = jsQRModule.default

/** The pixels of a page's QR code as Chromium draws it (the inline SVG rasterised onto a canvas). */
const pixelsOf = `(async () => {
  const svg = document.querySelector("svg.qr")
  const image = new Image()
  image.src = "data:image/svg+xml;base64," + btoa(new XMLSerializer().serializeToString(svg))
  await image.decode()
  const canvas = document.createElement("canvas")
  canvas.width = image.width; canvas.height = image.height
  const context = canvas.getContext("2d")
  context.drawImage(image, 0, 0)
  return { width: canvas.width, height: canvas.height, data: Array.from(context.getImageData(0, 0, canvas.width, canvas.height).data) }
})()`

describeInChromium("the second factor's set-up shows a QR code (issue 55 item 6)", () => {
  const run = useBrowserRun()

  it("drawn by the server, it reads back (by a decoder of its own) as the otpauth address shown beside it; the page passes axe-core", async () => {
    const { context, page } = await run().open()
    await signUp(page, "qr@example.com")
    await page.goto("/dashboard/security")
    await press(page.getByRole("button", { name: "Set up a second factor" }))
    const uri = (await page.locator("#totp-uri").textContent())?.trim() ?? ""
    expect(uri).toMatch(/^otpauth:\/\/totp\//)
    expect(await page.getByRole("img", { name: /QR code/ }).count()).toBe(1)
    // Rasterised on a blank page of its own: the console's content security policy refuses data: images, rightly.
    const blank = await context.newPage()
    await blank.setContent(await page.locator("svg.qr").evaluate((svg) => svg.outerHTML))
    const { width, height, data } = await blank.evaluate(pixelsOf) as { width: number; height: number; data: Array<number> }
    expect(jsQR(Uint8ClampedArray.from(data), width, height)?.data).toBe(uri)
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  }, 180_000)
})
