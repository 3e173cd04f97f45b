/**
 * Spreadsheet formula neutralising by the OWASP rule (CSV injection), pure. A cell is dangerous when its first
 * character that is not blank, after NFKC folding (a fullwidth `＝` is `=`) and any leading whitespace or no-break
 * space, is `=`, `+`, `-`, `@`, a tab or a carriage return: spreadsheets skip the blanks and run the formula.
 */
const TRIGGERS = new Set(["=", "+", "-", "@", "\t", "\r"])
/** Blanks a spreadsheet skips before a formula: spaces, no-break spaces and other Unicode spaces (not tab or CR). */
const LEADING_BLANKS = /^[\p{Zs}\u000b\u000c\u200b\u2060\ufeff]*/u

export const runsAsFormula = (text: string): boolean => {
  const folded = text.normalize("NFKC")
  const first = folded.replace(LEADING_BLANKS, "").charAt(0)
  return TRIGGERS.has(first)
}

/** The cell as text a spreadsheet shows and never runs: a dangerous one is prefixed with an apostrophe. */
export const neutralised = (text: string): string => (runsAsFormula(text) ? `'${text}` : text)
