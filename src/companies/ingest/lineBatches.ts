import * as fs from "node:fs"

export interface SourceLine {
  /** 1-based line number in the file. */
  readonly line: number
  readonly text: string
}

export interface LineBatch {
  readonly lines: ReadonlyArray<SourceLine>
  /** Bytes of the file read so far. */
  readonly bytesDone: number
}

/** A line of a file (without its newline) as a source line: a BOM opening the file and a final CR dropped; null when blank. */
const sourceLine = (line: number, text: string): SourceLine | null => {
  const unmarked = line === 1 && text.startsWith("\uFEFF") ? text.slice(1) : text
  const trimmed = unmarked.endsWith("\r") ? unmarked.slice(0, -1) : unmarked
  return trimmed.trim() === "" ? null : { line, text: trimmed }
}

export interface ByteBatch {
  /** Whole lines of the file as read (UTF-8, each ended by a newline but maybe the file's last), in a buffer of their own. */
  readonly bytes: Uint8Array
  /** Line number of the first line. */
  readonly firstLine: number
  /** Bytes of the file read so far. */
  readonly bytesDone: number
}

const NEWLINE = 10

/**
 * A file's lines in batches of `batchSize` lines (blank ones included), as bytes: nothing decoded, so the batches
 * can be handed to a worker thread (linesOfBytes decodes them there). Memory bounded by the batch size.
 */
export async function* byteBatches(path: string, batchSize: number): AsyncGenerator<ByteBatch> {
  const stream = fs.createReadStream(path, { highWaterMark: 1 << 20 })
  let parts: Array<Buffer> = []
  let firstLine = 1
  let lines = 0
  let bytesDone = 0
  const take = (): Uint8Array => {
    const bytes = new Uint8Array(parts.reduce((n, part) => n + part.length, 0))
    let at = 0
    for (const part of parts) {
      bytes.set(part, at)
      at += part.length
    }
    parts = []
    return bytes
  }
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    bytesDone += chunk.length
    let start = 0
    let newline = chunk.indexOf(NEWLINE, start)
    while (newline !== -1) {
      if (++lines === batchSize) {
        parts.push(chunk.subarray(start, newline + 1))
        start = newline + 1
        yield { bytes: take(), firstLine, bytesDone }
        firstLine += lines
        lines = 0
      }
      newline = chunk.indexOf(NEWLINE, newline + 1)
    }
    if (start < chunk.length) parts.push(chunk.subarray(start))
  }
  if (parts.length > 0) yield { bytes: take(), firstLine, bytesDone }
}

// ignoreBOM: a BOM is dropped only where it opens the file (sourceLine), not at the start of every batch.
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true })

/** The non-empty lines of a ByteBatch's bytes, numbered from its first line. */
export const linesOfBytes = (bytes: Uint8Array, firstLine: number): Array<SourceLine> => {
  const text = utf8.decode(bytes)
  const lines: Array<SourceLine> = []
  let line = firstLine
  let start = 0
  while (start < text.length) {
    let end = text.indexOf("\n", start)
    if (end === -1) end = text.length
    const source = sourceLine(line++, text.slice(start, end))
    if (source !== null) lines.push(source)
    start = end + 1
  }
  return lines
}

/**
 * Non-empty lines of a file in batches of at most `batchSize` (blank lines count towards a batch but are not in
 * it), read in fixed-size chunks: memory stays bounded by the batch size whatever the file size. A pull-based
 * async generator, so a slow consumer slows the reading.
 */
export async function* lineBatches(path: string, batchSize: number): AsyncGenerator<LineBatch> {
  for await (const batch of byteBatches(path, batchSize)) {
    const lines = linesOfBytes(batch.bytes, batch.firstLine)
    if (lines.length > 0) yield { lines, bytesDone: batch.bytesDone }
  }
}
