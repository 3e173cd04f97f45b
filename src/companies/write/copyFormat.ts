/** PostgreSQL's COPY text format: one line per row, tab between fields, `\N` for null. */

const SPECIAL = /[\\\t\n\r]/

const escapeText = (s: string) =>
  SPECIAL.test(s)
    ? s.replaceAll("\\", "\\\\").replaceAll("\t", "\\t").replaceAll("\n", "\\n").replaceAll("\r", "\\r")
    : s

export const copyField = (value: string | number | boolean | null): string =>
  value === null ? "\\N" : typeof value === "string" ? escapeText(value) : typeof value === "boolean" ? (value ? "t" : "f") : String(value)

/** Rows given column by column (each array one column, all of one length) as COPY text. */
export const copyRows = (columns: ReadonlyArray<ReadonlyArray<string | number | boolean | null>>): string => {
  const rows = columns[0]?.length ?? 0
  let out = ""
  for (let i = 0; i < rows; i++) {
    let line = ""
    for (let c = 0; c < columns.length; c++) line += (c === 0 ? "" : "\t") + copyField(columns[c]![i]!)
    out += line + "\n"
  }
  return out
}
