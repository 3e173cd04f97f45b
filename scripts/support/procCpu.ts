import * as fs from "node:fs"

/**
 * CPU time of local processes from /proc/<pid>/stat, in seconds (Linux; clock ticks of 1/100 s, USER_HZ).
 * Used by the ingest floor benchmark to read what a PostgreSQL server on this machine spent.
 */

const TICKS_PER_SECOND = 100

interface ProcStat {
  readonly ppid: number
  /** utime + stime of the process itself. */
  readonly ownTicks: number
  /** cutime + cstime: children that exited and were waited for. */
  readonly childTicks: number
}

/** None when the process is gone or /proc is not readable (e.g. the server is not on this machine). */
const readStat = (pid: number, path = `/proc/${pid}/stat`): ProcStat | null => {
  let text: string
  try {
    text = fs.readFileSync(path, "latin1")
  } catch {
    return null
  }
  // Field 2 (comm) is in parentheses and may contain spaces: the fields after it start at the last ")".
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ")
  // fields[0] is field 3 (state): field n is fields[n - 3].
  const num = (n: number) => Number(fields[n - 3])
  return { ppid: num(4), ownTicks: num(14) + num(15), childTicks: num(16) + num(17) }
}

/** utime + stime of one process (fields 14 and 15), in seconds; null if unreadable. */
export const processCpuSeconds = (pid: number): number | null => {
  const stat = readStat(pid)
  return stat === null ? null : stat.ownTicks / TICKS_PER_SECOND
}

/** The parent of a process (for a PostgreSQL backend: the postmaster); null if unreadable. */
export const parentPid = (pid: number): number | null => readStat(pid)?.ppid ?? null

/**
 * CPU of a whole server, in seconds: the postmaster's own and its reaped children's time, plus every live child's
 * (backends, parallel workers of an index build, WAL writer, checkpointer, ...). Null if unreadable.
 */
export const serverCpuSeconds = (postmaster: number): number | null => {
  const root = readStat(postmaster)
  if (root === null) return null
  let ticks = root.ownTicks + root.childTicks
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue
    const stat = readStat(Number(entry))
    if (stat !== null && stat.ppid === postmaster) ticks += stat.ownTicks
  }
  return ticks / TICKS_PER_SECOND
}

/** CPU of this process' main thread (the JavaScript thread), in seconds; null if unreadable. */
export const mainThreadCpuSeconds = (): number | null => {
  const stat = readStat(process.pid, `/proc/self/task/${process.pid}/stat`)
  return stat === null ? null : stat.ownTicks / TICKS_PER_SECOND
}
