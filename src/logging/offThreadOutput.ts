import { writeSync } from "node:fs"
import { Worker } from "node:worker_threads"

/**
 * Text written to a file descriptor by a thread of its own (src/logging/outputWorker.mjs), in the order written.
 * On Linux Node writes standard output to a file or a pipe synchronously: each write blocked the event loop for as
 * long as the kernel, or a reader slow to empty the pipe, took (issue 56). `write` hands the text over and returns.
 * Nothing is dropped: past `limit` characters handed over and not yet written, `write` waits for the thread, as a
 * synchronous write would have; `drain` waits until everything handed over is written (a stop, the process's exit).
 */
export interface OffThreadOutput {
  readonly write: (text: string) => void
  readonly drain: () => void
  readonly close: () => Promise<void>
}

const workerUrl = new URL("./outputWorker.mjs", import.meta.url)

export const makeOffThreadOutput = (fd: number, limit = 4 * 1024 * 1024, stallMs = 10_000): OffThreadOutput => {
  const outstanding = new Int32Array(new SharedArrayBuffer(4))
  // Plain JavaScript: none of the process's own flags (a loader, an input type) is the thread's.
  const worker = new Worker(workerUrl, { workerData: { fd, outstanding }, execArgv: [] })
  // The thread keeps no process alive: the exit handler drains it first.
  worker.unref()
  let closed = false
  // A thread that failed (it cannot, short of running out of memory) leaves the text to synchronous writes.
  let failed = false
  worker.once("error", () => {
    failed = true
    Atomics.store(outstanding, 0, 0)
  })
  /**
   * Waits until at most `most` characters are handed over and not yet written, or until the thread has written
   * nothing for `stallMs` (a reader that stopped reading, or a thread gone: the event that says so cannot arrive while
   * this waits), so that a stop never hangs on its log.
   */
  const waitFor = (most: number) => {
    let before = Atomics.load(outstanding, 0)
    let stalled = 0
    while (before > most && stalled < stallMs) {
      Atomics.wait(outstanding, 0, before, 50)
      const now = Atomics.load(outstanding, 0)
      stalled = now === before ? stalled + 50 : 0
      before = now
    }
  }
  return {
    write: (text) => {
      if (text.length === 0) return
      // after close (a line logged in an exit handler, say): written at once, as before
      if (closed || failed) return void writeSync(fd, text)
      Atomics.add(outstanding, 0, text.length)
      worker.postMessage(text)
      waitFor(limit)
    },
    drain: () => {
      if (!closed) waitFor(0)
    },
    close: async () => {
      if (closed) return
      waitFor(0)
      closed = true
      await worker.terminate()
    }
  }
}
