// Loaded into a server under benchmark (node --import): on SIGUSR2 it prints one line with what the process has
// spent so far, measures that do not depend on how loaded the machine is: bytes V8 has allocated, fibers Effect has
// started (the id of a fiber made now: ids are a running count) and the main thread's CPU time. A benchmark reads it
// before and after N requests and divides (scripts/request-path-bench.ts --cost).
import { getHeapStatistics } from "node:v8"
import { Effect } from "effect"

process.on("SIGUSR2", () => {
  const fiber = Effect.runFork(Effect.void)
  const cpu = process.threadCpuUsage()
  const line = { allocated: getHeapStatistics().total_allocated_bytes, fibers: fiber.id, cpuUs: cpu.user + cpu.system }
  process.stderr.write(`cost-probe ${JSON.stringify(line)}\n`)
})
