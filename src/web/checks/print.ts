import type { Check } from "../../domain/schemas/Check.js"
import type { Console } from "../console.js"
import { html } from "../html.js"
import { caseStatement } from "./statements.js"

/** A time as a printed record gives it: to the second, in UTC, and saying so. */
export const utcWords = (at: Date) => `${at.toISOString().slice(0, 19).replace("T", " ")} UTC`

/** A CSS string literal: every character but plain letters, digits, spaces and simple punctuation as a CSS escape. */
const cssString = (text: string) =>
  `"${[...text].map((ch) => /[A-Za-z0-9 .,:;@_()+-]/.test(ch) ? ch : `\\${ch.codePointAt(0)!.toString(16)} `).join("")}"`

/** A printed record: what it is ("evidence record", "case record"), what it is of (one line each), and when. */
export interface PrintedRecord {
  readonly kind: string
  readonly of: ReadonlyArray<string>
  readonly at: Date
}

const lines = (c: Console, p: PrintedRecord) => ({
  title: `KYB Africa ${p.kind}.`,
  account: `Account ${c.account.id}`,
  by: `Printed by ${c.account.member.name} (${c.account.email})`,
  at: `Printed at ${utcWords(p.at)}`
})

/**
 * The printed record's running header and footer, in the page's margins on every page (CSS @page margin boxes,
 * which Chromium prints since version 131), with the page number and count. Served per record because the page's
 * policy allows no inline style.
 */
export const recordCss = (c: Console, p: PrintedRecord) => {
  const l = lines(c, p)
  const box = (content: string) => `font: 8pt system-ui, sans-serif; color: #333; content: ${content};`
  return `@media print {
@page {
  margin: 18mm 14mm 18mm 14mm;
  @top-left { ${box(cssString(`${l.title} ${l.account}`))} }
  @top-right { text-align: right; white-space: pre-line; ${box(p.of.map(cssString).join(` "\\A " `))} }
  @bottom-left { ${box(cssString(`${l.by}. ${l.at}`))} }
  @bottom-right { ${box(`"Page " counter(page) " of " counter(pages)`)} }
}
}
`
}

/** The same facts at the head of the printed record, for a browser that prints no margin boxes. */
export const recordBlock = (c: Console, p: PrintedRecord) => {
  const l = lines(c, p)
  return html`<div class="print-only print-record"><p><strong>${l.title}</strong> ${l.account}. ${p.of.join(". ")}.</p><p>${l.by}. ${l.at}.</p></div>`
}

interface PrintedCheck {
  readonly checkId: string
  /** The case of the check's subject (null: none), named on every printed page. */
  readonly kase: Check["case"] | null
  readonly at: Date
}

const checkRecord = (p: PrintedCheck): PrintedRecord => ({
  kind: "evidence record",
  of: [`Check ${p.checkId}`, p.kase === null || p.kase === undefined ? "No case holds its subject" : `Case ${caseStatement(p.kase, false)}`],
  at: p.at
})

export const printCss = (c: Console, p: PrintedCheck) => recordCss(c, checkRecord(p))

export const printBlock = (c: Console, p: PrintedCheck) => recordBlock(c, checkRecord(p))
