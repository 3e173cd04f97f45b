import { spawn } from "node:child_process"
import { closeSync, mkdtempSync, openSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { makeOffThreadOutput } from "../../src/logging/offThreadOutput.js"

const scratchFile = () => path.join(mkdtempSync(path.join(tmpdir(), "kyb-output-")), "out.log")

describe("output written by a thread of its own (issue 56)", () => {
  it("every text, in the order written, once drained; non-ASCII text whole", async () => {
    const file = scratchFile()
    const fd = openSync(file, "w")
    const output = makeOffThreadOutput(fd)
    const texts = Array.from({ length: 2000 }, (_, i) => `line ${i} Côte d’Ivoire ✓ ${"x".repeat(i % 300)}\n`)
    for (const t of texts) output.write(t)
    output.drain()
    expect(readFileSync(file, "utf8")).toBe(texts.join(""))
    await output.close()
    closeSync(fd)
  })

  it("past its limit a write waits for the thread: what is not yet written never exceeds the limit", async () => {
    const file = scratchFile()
    const fd = openSync(file, "w")
    const limit = 64
    const output = makeOffThreadOutput(fd, limit)
    let written = ""
    for (let i = 0; i < 200; i++) {
      const text = `${String(i).padStart(4, "0")} ${"y".repeat(40)}\n`
      output.write(text)
      written += text
      // the file holds all but at most `limit` characters of what was written (ASCII here: a byte each)
      expect(written.length - readFileSync(file).length).toBeLessThanOrEqual(limit)
    }
    output.drain()
    expect(readFileSync(file, "utf8")).toBe(written)
    await output.close()
    closeSync(fd)
  })

  it("after close, text is still written, synchronously (a line logged in an exit handler)", async () => {
    const file = scratchFile()
    const fd = openSync(file, "w")
    const output = makeOffThreadOutput(fd)
    output.write("before close\n")
    await output.close()
    output.write("after close\n")
    expect(readFileSync(file, "utf8")).toBe("before close\nafter close\n")
    closeSync(fd)
  })

  it("a process that exits at once after writing, through a pipe read slowly, loses nothing (the exit handler drains)", async () => {
    const module = path.resolve("src/logging/offThreadOutput.ts")
    const script = `
      import { makeOffThreadOutput } from ${JSON.stringify(module)}
      const output = makeOffThreadOutput(1)
      process.on("exit", output.drain)
      for (let i = 0; i < 5000; i++) output.write("line " + i + " " + "z".repeat(100) + "\\n")
      process.exit(0)
    `
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] })
    const chunks: Array<Buffer> = []
    // nobody reads at first: the pipe fills and the thread's writes wait for the reader, past the process's exit call
    child.stdout.pause()
    await new Promise((r) => setTimeout(r, 500))
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk)).resume()
    const code = await new Promise<number | null>((done) => child.on("close", done))
    expect(code).toBe(0)
    const lines = Buffer.concat(chunks).toString("utf8").trimEnd().split("\n")
    expect(lines).toHaveLength(5000)
    expect(lines[4999]).toBe(`line 4999 ${"z".repeat(100)}`)
  }, 60_000)
})
