import { describe, expect, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { byteBatches, lineBatches, linesOfBytes } from "../../src/companies/ingest/lineBatches.js"

const tmp = (name: string, content: string) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "kyb-lines-")), name)
  fs.writeFileSync(file, content)
  return file
}

const collect = async (file: string, batchSize: number) => {
  const lines: Array<{ line: number; text: string }> = []
  let batches = 0
  for await (const batch of lineBatches(file, batchSize)) {
    batches++
    lines.push(...batch.lines)
  }
  return { lines, batches }
}

describe("lineBatches", () => {
  it("numbers lines as an editor does: BOM and CR dropped, blank lines skipped but counted, no final newline needed", async () => {
    const { batches, lines } = await collect(tmp("a.jsonl", "\uFEFF{\"a\":1}\r\n\r\n  \n{\"b\":2}\n{\"c\":3}"), 2)
    expect(lines).toEqual([{ line: 1, text: "{\"a\":1}" }, { line: 4, text: "{\"b\":2}" }, { line: 5, text: "{\"c\":3}" }])
    // Batches of two lines of the file: lines 1-2, 3-4 and 5.
    expect(batches).toBe(3)
  })

  it("keeps multi-byte characters whole across read chunks", async () => {
    const text = "Société Générale Côte d’Ivoire — ቢሮ — شركة"
    const count = 40_000
    const { lines } = await collect(tmp("b.jsonl", Array.from({ length: count }, (_, i) => `${i} ${text}`).join("\n")), 5000)
    expect(lines.length).toBe(count)
    expect(lines.every((l, i) => l.line === i + 1 && l.text === `${i} ${text}`)).toBe(true)
  })
})

/** byteBatches, each batch decoded as a worker decodes it (linesOfBytes). */
const collectBytes = async (file: string, batchSize: number) => {
  const lines: Array<{ line: number; text: string }> = []
  const sizes: Array<number> = []
  for await (const batch of byteBatches(file, batchSize)) {
    sizes.push(batch.bytes.byteLength)
    lines.push(...linesOfBytes(batch.bytes, batch.firstLine))
  }
  return { lines, sizes }
}

describe("byteBatches", () => {
  it("reads batches of whole lines, blank ones counted, every byte of the file once", async () => {
    const content = "\uFEFF{\"a\":1}\r\n\r\n  \n{\"b\":2}\n{\"c\":3}"
    const file = tmp("a.jsonl", content)
    const { lines, sizes } = await collectBytes(file, 2)
    expect(lines).toStrictEqual([{ line: 1, text: "{\"a\":1}" }, { line: 4, text: "{\"b\":2}" }, { line: 5, text: "{\"c\":3}" }])
    // Lines 1-2, 3-4 and 5 (no final newline), every byte of the file once.
    expect(sizes).toStrictEqual([Buffer.byteLength("\uFEFF{\"a\":1}\r\n\r\n"), Buffer.byteLength("  \n{\"b\":2}\n"), 7])
    expect((await collectBytes(file, 100)).sizes).toStrictEqual([Buffer.byteLength(content)])
  })

  it("keeps multi-byte characters whole across read chunks, and a BOM only where it opens the file", async () => {
    const text = "Société Générale Côte d’Ivoire — ቢሮ — شركة"
    const count = 40_000
    const content = Array.from({ length: count }, (_, i) => (i === 5000 ? "\uFEFF" : "") + `${i} ${text}`).join("\n") + "\n"
    const { lines, sizes } = await collectBytes(tmp("b.jsonl", content), 5000)
    expect(sizes.length).toBe(8)
    expect(lines.length).toBe(count)
    expect(lines.every((l, i) => l.line === i + 1 && l.text === (i === 5000 ? "\uFEFF" : "") + `${i} ${text}`)).toBe(true)
    expect(await collectBytes(tmp("c.jsonl", ""), 10)).toStrictEqual({ lines: [], sizes: [] })
  })
})
