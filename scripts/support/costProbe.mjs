// Loaded into a server under benchmark (node --import): on SIGUSR2 it prints one line with what the process has
// spent so far, measures that do not depend on how loaded the machine is: bytes V8 has allocated, fibers Effect has
// started (the id of a fiber made now: ids are a running count) and the main thread's CPU time. A benchmark reads it
// before and after N requests and divides (scripts/request-path-bench.ts --cost).
// With KYB_HEAP_PROFILE_DIR set (request-path-bench.ts --heap-profile), from one probe to the next the inspector's
// sampling heap profiler runs, counting objects collected since too, and what it saw between them is written to that
// directory (heap-1.json, heap-2.json...): the requests' allocations by the function that made them.
// With KYB_CPU_PROFILE_DIR set (request-path-bench.ts --profile), the inspector's CPU profiler runs the same way and
// writes cpu-1.cpuprofile, cpu-2.cpuprofile...: where the requests' time went, without the server's start-up in it.
// It also counts garbage collection: its total pause time, the longest pause and the full (mark-compact) collections,
// since the last probe: what a tail of slow answers may owe to the heap the server holds (p99 against the floor's).
import * as fs from "node:fs"
import { Session } from "node:inspector"
import * as path from "node:path"
import { constants, PerformanceObserver } from "node:perf_hooks"
import { getHeapStatistics } from "node:v8"
import { Effect } from "effect"

const given = (name) => (process.env[name] === undefined || process.env[name] === "" ? undefined : process.env[name])
const heapDir = given("KYB_HEAP_PROFILE_DIR")
const cpuDir = given("KYB_CPU_PROFILE_DIR")
const session = heapDir === undefined && cpuDir === undefined ? undefined : new Session()
session?.connect()
if (cpuDir !== undefined) session.post("Profiler.enable")
let sampling = false
let written = 0

const writeResult = (dir, file, error, profile) => {
  if (error !== null) process.stderr.write(`${file} not written: ${error.message}\n`)
  else fs.writeFileSync(path.join(dir, file), JSON.stringify(profile))
}

const sampleBetweenProbes = () => {
  if (session === undefined) return
  if (!sampling) {
    if (heapDir !== undefined) {
      session.post("HeapProfiler.startSampling", { samplingInterval: 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true })
    }
    if (cpuDir !== undefined) session.post("Profiler.start")
  } else {
    const n = ++written
    if (heapDir !== undefined) {
      session.post("HeapProfiler.stopSampling", (error, result) => writeResult(heapDir, `heap-${n}.json`, error, result?.profile))
    }
    if (cpuDir !== undefined) {
      session.post("Profiler.stop", (error, result) => writeResult(cpuDir, `cpu-${n}.cpuprofile`, error, result?.profile))
    }
  }
  sampling = !sampling
}

const gc = { pauseMs: 0, longestMs: 0, fullCollections: 0 }
new PerformanceObserver((entries) => {
  for (const entry of entries.getEntries()) {
    gc.pauseMs += entry.duration
    gc.longestMs = Math.max(gc.longestMs, entry.duration)
    if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) gc.fullCollections++
  }
}).observe({ entryTypes: ["gc"] })

process.on("SIGUSR2", () => {
  const fiber = Effect.runFork(Effect.void)
  const cpu = process.threadCpuUsage()
  const line = { allocated: getHeapStatistics().total_allocated_bytes, fibers: fiber.id, cpuUs: cpu.user + cpu.system, gc: { ...gc } }
  gc.longestMs = 0
  process.stderr.write(`cost-probe ${JSON.stringify(line)}\n`)
  sampleBetweenProbes()
})
