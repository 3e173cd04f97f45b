/** PostgreSQL's COPY text format: one line per row, tab between fields, `\N` for null. */

const SPECIAL = /[\\\t\n\r]/

const escapeText = (s: string) =>
  SPECIAL.test(s)
    ? s.replaceAll("\\", "\\\\").replaceAll("\t", "\\t").replaceAll("\n", "\\n").replaceAll("\r", "\\r")
    : s

export const copyField = (value: string | number | boolean | null): string =>
  value === null ? "\\N" : typeof value === "string" ? escapeText(value) : typeof value === "boolean" ? (value ? "t" : "f") : String(value)

/**
 * COPY rows waiting for their leading id (a company id the loader gives them later): the rows' text in UTF-8, each
 * row opened by ID_WIDTH spaces and a tab, where fillIds writes the id, and ended by a newline; and the index of
 * each row's company (none: row i belongs to company i). Bytes in a buffer of their own, so a worker thread can hand
 * them over without copying, and the ids go in without copying them again.
 */
export interface PendingRows {
  readonly count: number
  readonly bytes: Uint8Array
  readonly owner: Int32Array | null
}

const NEWLINE = 10
const TAB = 9
const SPACE = 32

/** Room for any bigint id. PostgreSQL reads an integer field with spaces around it as the integer. */
export const ID_WIDTH = 20

/** The rows given column by column, as COPY text in UTF-8, written into one buffer as they are made. */
export const copyRows = (
  columns: ReadonlyArray<ReadonlyArray<string | number | boolean | null>>,
  owner: ReadonlyArray<number> | null
): PendingRows => {
  const rows = columns[0]?.length ?? 0
  // Allocated outside Node's shared pool: the buffer is the batch's own, transferable.
  let buf = Buffer.allocUnsafeSlow(256 + rows * 512)
  let at = 0
  const room = (bytes: number) => {
    if (buf.length - at >= bytes) return
    const grown = Buffer.allocUnsafeSlow(Math.max(2 * buf.length, at + bytes))
    buf.copy(grown, 0, 0, at)
    buf = grown
  }
  for (let i = 0; i < rows; i++) {
    let line = ""
    for (let c = 0; c < columns.length; c++) line += (c === 0 ? "" : "\t") + copyField(columns[c]![i]!)
    // A UTF-16 code unit is at most 3 bytes of UTF-8; one more for the newline. One write per row: a write per
    // field costs more than the row's string.
    room(ID_WIDTH + 1 + 3 * line.length + 1)
    buf.fill(SPACE, at, at + ID_WIDTH)
    at += ID_WIDTH
    buf[at++] = TAB
    at += buf.write(line, at, "utf8")
    buf[at++] = NEWLINE
  }
  return {
    count: rows,
    bytes: new Uint8Array(buf.buffer, buf.byteOffset, at),
    owner: owner === null ? null : Int32Array.from(owner)
  }
}

/**
 * The rows with their owner's id in front (`ids[owner[i]]`, or `ids[i]`), as COPY text: each id written into its
 * row's place, right-aligned, in the rows' own bytes (no copy); the Buffer returned shares them.
 */
export const fillIds = (ids: ReadonlyArray<string>, rows: PendingRows): Buffer => {
  const text = Buffer.from(rows.bytes.buffer, rows.bytes.byteOffset, rows.bytes.byteLength)
  let start = 0
  for (let i = 0; i < rows.count; i++) {
    const id = ids[rows.owner === null ? i : rows.owner[i]!]!
    if (id.length > ID_WIDTH) throw new RangeError(`id ${id} is longer than ${ID_WIDTH} characters`)
    text.fill(SPACE, start, start + ID_WIDTH - id.length)
    text.write(id, start + ID_WIDTH - id.length, "latin1")
    start = text.indexOf(NEWLINE, start + ID_WIDTH) + 1
  }
  return text
}
