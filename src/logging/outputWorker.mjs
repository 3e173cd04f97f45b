// Thread entry point (plain ESM: it runs without a TypeScript loader inside the worker). Writes the text the server
// hands over to a file descriptor, in the order handed over, and counts down what it has written in the shared
// counter so that the server can wait for it (src/logging/offThreadOutput.ts).
import { writeSync } from "node:fs"
import { parentPort, workerData } from "node:worker_threads"

const { fd, outstanding } = workerData
const pause = new Int32Array(new SharedArrayBuffer(4))

/** All of `text` written, however many writes it takes; a descriptor that would block is retried a moment later. */
const writeAll = (text) => {
  let bytes = Buffer.from(text, "utf8")
  while (bytes.length > 0) {
    try {
      bytes = bytes.subarray(writeSync(fd, bytes))
    } catch (error) {
      if (error.code !== "EAGAIN") return error.code ?? "error"
      Atomics.wait(pause, 0, 0, 2)
    }
  }
  return null
}

let lost = null
parentPort.on("message", (text) => {
  // Once the reader has gone (EPIPE, say) nothing can be written any more: the text is counted as done.
  if (lost === null) lost = writeAll(text)
  Atomics.sub(outstanding, 0, text.length)
  Atomics.notify(outstanding, 0)
})
