// Loaded into a server under benchmark (node --import): reports each event-loop stall over 300 ms as a warning line
// (a 10 ms timer that fired late), so a benchmark can tell a blocked thread from a slow database.
let last = process.hrtime.bigint()
setInterval(() => {
  const now = process.hrtime.bigint()
  const ms = Number(now - last) / 1e6
  if (ms > 300) process.stderr.write(`timestamp=${new Date().toISOString()} level=WARN message="event loop stalled" ms=${ms.toFixed(0)}\n`)
  last = now
}, 10).unref()
