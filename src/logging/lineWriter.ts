/**
 * Log lines gathered and written together, after the work that logged them: one write of every line logged in a
 * turn of the event loop (setImmediate), not one synchronous write per line. A request's log line then costs its
 * request no write of its own (on a pipe or a file, Node writes standard output synchronously: per line, that was a
 * tenth of the record route's CPU, issue 56). `flush` writes what is pending at once; the server calls it when it
 * stops and when the process exits, so that no line logged before then is lost.
 */
export interface LineWriter {
  readonly add: (line: string) => void
  readonly flush: () => void
}

export const makeLineWriter = (write: (text: string) => void): LineWriter => {
  let pending: Array<string> = []
  let scheduled = false
  const flush = () => {
    scheduled = false
    if (pending.length === 0) return
    const text = `${pending.join("\n")}\n`
    pending = []
    write(text)
  }
  return {
    add: (line) => {
      pending.push(line)
      if (scheduled) return
      scheduled = true
      setImmediate(flush)
    },
    flush
  }
}
