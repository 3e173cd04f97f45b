import { encode } from "uqr"
import { escapeHtml, Html } from "../html.js"

/** The quiet zone the QR standard asks around a code, in modules. */
const QUIET = 4

/**
 * `text` as a QR code drawn on the server (an inline SVG: no script, no outside service, nothing the content security
 * policy refuses), dark modules as one path, with the quiet zone around it. `label` is what a screen reader says.
 */
export const qrCodeSvg = (text: string, label: string): Html => {
  const { data, size } = encode(text, { ecc: "M", border: 0 })
  const side = size + 2 * QUIET
  const modules: Array<string> = []
  data.forEach((row, y) => row.forEach((dark, x) => {
    if (dark) modules.push(`M${x + QUIET} ${y + QUIET}h1v1h-1z`)
  }))
  return new Html(
    `<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" width="${side * 5}" height="${side * 5}" role="img" aria-label="${escapeHtml(label)}" shape-rendering="crispEdges">` +
      `<rect width="${side}" height="${side}" fill="#fff"/><path fill="#000" d="${modules.join("")}"/></svg>`
  )
}
