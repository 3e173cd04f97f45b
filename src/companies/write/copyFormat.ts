/** PostgreSQL's COPY text format: one line per row, tab between fields, `\N` for null. */

const SPECIAL = /[\\\t\n\r]/

const escapeText = (s: string) =>
  SPECIAL.test(s)
    ? s.replaceAll("\\", "\\\\").replaceAll("\t", "\\t").replaceAll("\n", "\\n").replaceAll("\r", "\\r")
    : s

export const copyField = (value: string | number | boolean | null): string =>
  value === null ? "\\N" : typeof value === "string" ? escapeText(value) : typeof value === "boolean" ? (value ? "t" : "f") : String(value)

/** Each row's COPY line (no newline), for rows whose first field (an id) is only known later. */
export const copyLines = (columns: ReadonlyArray<ReadonlyArray<string | number | boolean | null>>): Array<string> => {
  const rows = columns[0]?.length ?? 0
  const out: Array<string> = []
  for (let i = 0; i < rows; i++) {
    let line = ""
    for (let c = 0; c < columns.length; c++) line += (c === 0 ? "" : "\t") + copyField(columns[c]![i]!)
    out.push(line)
  }
  return out
}

/** Lines prefixed with their owner's id (`ids[owner[i]]`), as COPY text. */
export const withLeadingIds = (ids: ReadonlyArray<string>, owner: ReadonlyArray<number>, lines: ReadonlyArray<string>) => {
  let out = ""
  for (let i = 0; i < lines.length; i++) out += `${ids[owner[i]!]!}\t${lines[i]!}\n`
  return out
}
