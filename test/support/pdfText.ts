import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs"

/** Each page's text of a PDF, its items joined by spaces (pdf.js returns a ligature as an item of its own). */
export const pdfPages = async (bytes: Uint8Array): Promise<ReadonlyArray<string>> => {
  const pdf = await getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false }).promise
  const pages: Array<string> = []
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent()
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" ").replace(/\s+/g, " "))
  }
  return pages
}
