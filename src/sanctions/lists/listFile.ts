import * as fs from "node:fs"
import * as path from "node:path"
import { pipeline, type Readable } from "node:stream"
import { createGunzip } from "node:zlib"

/**
 * A list file may be stored gzip-compressed (`sdn.csv.gz`, `consolidated.xml.gz`): its readers see the content
 * either way, streamed (never the whole decompressed file in memory unless the format needs it, as workbooks do).
 */
const isGzipped = (file: string): boolean => file.toLowerCase().endsWith(".gz")

/** The name the content goes by: `sdn.csv.gz` is `sdn.csv`. */
export const contentName = (file: string): string => path.basename(file).replace(/\.gz$/i, "")

/** The file's content as a stream of bytes (decompressed when the file is `.gz`); read errors end the stream. */
export const openContent = (file: string): Readable => {
  const raw = fs.createReadStream(file, { highWaterMark: 1 << 16 })
  // Opened but not yet read when its folder goes (an update given up part-way), the stream's error had no listener and
  // ended the process; its readers still see it (iteration and pipeline rethrow a stream's error).
  raw.on("error", () => undefined)
  return isGzipped(file) ? pipeline(raw, createGunzip(), () => undefined) : raw
}

/** The file's content as text chunks in `encoding` (a character split across chunks is kept whole). */
export const contentChunks = (file: string, encoding: BufferEncoding): AsyncIterable<string> =>
  openContent(file).setEncoding(encoding) as AsyncIterable<string>

/** The whole content. */
export const readContent = async (file: string): Promise<Buffer<ArrayBuffer>> => {
  const parts: Array<Buffer> = []
  for await (const chunk of openContent(file)) parts.push(chunk as Buffer)
  return Buffer.concat(parts)
}

/** The first `bytes` bytes of the content (fewer when it is shorter); stops reading there. */
export const readContentHead = async (file: string, bytes: number): Promise<Buffer> => {
  if (!isGzipped(file)) {
    const handle = await fs.promises.open(file, "r")
    try {
      const head = Buffer.alloc(bytes)
      const { bytesRead } = await handle.read(head, 0, bytes, 0)
      return head.subarray(0, bytesRead)
    } finally {
      await handle.close()
    }
  }
  const stream = openContent(file)
  const parts: Array<Buffer> = []
  let length = 0
  for await (const chunk of stream) {
    parts.push(chunk as Buffer)
    length += (chunk as Buffer).length
    if (length >= bytes) break
  }
  stream.destroy()
  return Buffer.concat(parts).subarray(0, bytes)
}

/** The last `bytes` bytes of the content (a compressed file is read through to its end, keeping only the tail). */
export const readContentTail = async (file: string, bytes: number): Promise<Buffer> => {
  if (!isGzipped(file)) {
    const handle = await fs.promises.open(file, "r")
    try {
      const { size } = await handle.stat()
      const tail = Buffer.alloc(Math.min(size, bytes))
      await handle.read(tail, 0, tail.length, size - tail.length)
      return tail
    } finally {
      await handle.close()
    }
  }
  let tail = Buffer.alloc(0)
  for await (const chunk of openContent(file)) {
    const joined = Buffer.concat([tail, chunk as Buffer])
    tail = joined.subarray(Math.max(0, joined.length - bytes))
  }
  return tail
}
