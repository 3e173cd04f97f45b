import type { Console } from "../console.js"
import { html } from "../html.js"

/** A time as a printed record gives it: to the second, in UTC, and saying so. */
export const utcWords = (at: Date) => `${at.toISOString().slice(0, 19).replace("T", " ")} UTC`

/** A CSS string literal: every character but plain letters, digits, spaces and simple punctuation as a CSS escape. */
const cssString = (text: string) =>
  `"${[...text].map((ch) => /[A-Za-z0-9 .,:;@_()+-]/.test(ch) ? ch : `\\${ch.codePointAt(0)!.toString(16)} `).join("")}"`

interface Printed {
  readonly checkId: string
  readonly at: Date
}

const lines = (c: Console, p: Printed) => ({
  account: `Account ${c.account.id}`,
  by: `Printed by ${c.account.member.name} (${c.account.email})`,
  at: `Printed at ${utcWords(p.at)}`,
  check: `Check ${p.checkId}`
})

/**
 * The printed record's running header and footer, in the page's margins on every page (CSS @page margin boxes,
 * which Chromium prints since version 131), with the page number and count. Served per check because the page's
 * policy allows no inline style.
 */
export const printCss = (c: Console, p: Printed) => {
  const l = lines(c, p)
  const box = (content: string) => `font: 8pt system-ui, sans-serif; color: #333; content: ${content};`
  return `@media print {
@page {
  margin: 18mm 14mm 18mm 14mm;
  @top-left { ${box(cssString(`KYB Africa evidence record. ${l.account}`))} }
  @top-right { ${box(cssString(l.check))} }
  @bottom-left { ${box(cssString(`${l.by}. ${l.at}`))} }
  @bottom-right { ${box(`"Page " counter(page) " of " counter(pages)`)} }
}
}
`
}

/** The same facts at the head of the printed record, for a browser that prints no margin boxes. */
export const printBlock = (c: Console, p: Printed) => {
  const l = lines(c, p)
  return html`<div class="print-only print-record"><p><strong>KYB Africa evidence record.</strong> ${l.account}. ${l.check}.</p><p>${l.by}. ${l.at}.</p></div>`
}
