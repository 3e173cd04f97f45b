import { Effect } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

const tryTake = (lockPath: string): boolean => {
  try {
    fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" })
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
    const holder = Number(fs.readFileSync(lockPath, "utf8").trim())
    if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) return false
    fs.rmSync(lockPath, { force: true }) // left by a process that died: take it over
    return tryTake(lockPath)
  }
}

/**
 * Whether this process owns the embedded database files in `dataDir` (exactly one process may open them; the
 * others connect to the owner's socket). The lock is released when the scope closes.
 */
export const takeDataDirLock = (dataDir: string) =>
  Effect.acquireRelease(
    Effect.sync(() => {
      fs.mkdirSync(dataDir, { recursive: true })
      const lockPath = path.join(dataDir, "kyb.lock")
      return { lockPath, owner: tryTake(lockPath) }
    }),
    ({ lockPath, owner }) => Effect.sync(() => owner && fs.rmSync(lockPath, { force: true }))
  ).pipe(Effect.map(({ owner }) => owner))
