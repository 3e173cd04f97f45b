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

/**
 * COPY rows waiting for their leading id (a company id the loader gives them later): the rows' text in UTF-8, each
 * row ended by a newline, and the index of each row's company (none: row i belongs to company i). Bytes in their
 * own buffers, so a worker thread can hand them over without copying.
 */
export interface PendingRows {
  readonly count: number
  readonly bytes: Uint8Array
  readonly owner: Int32Array | null
}

/** The UTF-8 bytes of a text in a buffer of their own (Buffer.from shares a pool between small strings). */
const ownBytes = (text: string): Uint8Array => {
  const encoded = Buffer.from(text, "utf8")
  if (encoded.byteOffset === 0 && encoded.buffer.byteLength === encoded.byteLength) {
    return new Uint8Array(encoded.buffer, 0, encoded.byteLength)
  }
  const bytes = new Uint8Array(encoded.byteLength)
  bytes.set(encoded)
  return bytes
}

export const pendingRows = (lines: ReadonlyArray<string>, owner: ReadonlyArray<number> | null): PendingRows => {
  const text = lines.length === 0 ? "" : lines.join("\n") + "\n"
  return { count: lines.length, bytes: ownBytes(text), owner: owner === null ? null : Int32Array.from(owner) }
}

const NEWLINE = 10
const TAB = 9

/** The rows with their owner's id in front (`ids[owner[i]]`, or `ids[i]`), as COPY text. */
export const withLeadingIds = (ids: ReadonlyArray<string>, rows: PendingRows): Buffer => {
  const idOf = (i: number) => ids[rows.owner === null ? i : rows.owner[i]!]!
  let size = rows.bytes.byteLength
  for (let i = 0; i < rows.count; i++) size += idOf(i).length + 1
  const out = Buffer.allocUnsafe(size)
  const text = Buffer.from(rows.bytes.buffer, rows.bytes.byteOffset, rows.bytes.byteLength)
  let at = 0
  let start = 0
  for (let i = 0; i < rows.count; i++) {
    const end = text.indexOf(NEWLINE, start) + 1
    at += out.write(idOf(i), at, "latin1")
    out[at++] = TAB
    at += text.copy(out, at, start, end)
    start = end
  }
  return out
}
