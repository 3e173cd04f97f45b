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

/**
 * Non-empty lines of a file in batches, read in fixed-size chunks: memory stays bounded by the batch size
 * whatever the file size. A pull-based async generator, so a slow consumer slows the reading.
 */
export async function* lineBatches(path: string, batchSize: number): AsyncGenerator<LineBatch> {
  const stream = fs.createReadStream(path, { highWaterMark: 1 << 20 })
  const decoder = new TextDecoder("utf-8")
  let pending = ""
  let line = 0
  let bytesDone = 0
  let lines: Array<SourceLine> = []
  const push = (text: string) => {
    line++
    const unmarked = line === 1 && text.startsWith("\uFEFF") ? text.slice(1) : text
    const trimmed = unmarked.endsWith("\r") ? unmarked.slice(0, -1) : unmarked
    if (trimmed.trim() !== "") lines.push({ line, text: trimmed })
  }
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    bytesDone += chunk.length
    pending += decoder.decode(chunk, { stream: true })
    let start = 0
    let newline = pending.indexOf("\n", start)
    while (newline !== -1) {
      push(pending.slice(start, newline))
      start = newline + 1
      if (lines.length >= batchSize) {
        const batch = lines
        lines = []
        yield { lines: batch, bytesDone }
      }
      newline = pending.indexOf("\n", start)
    }
    pending = pending.slice(start)
  }
  pending += decoder.decode()
  if (pending !== "") push(pending)
  if (lines.length > 0) yield { lines, bytesDone }
}
