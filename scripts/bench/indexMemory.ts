// What the screening index of the three lists costs in memory, and what a refresh holds at its peak: the heap after
// a full collection with nothing loaded, with the parsed entries, with the index built over them, and with the lists
// parsed again and a second index built beside the first (as the server holds while it swaps to a new version); and
// the largest heap and RSS seen while that second index was built (sampled every millisecond), garbage included.
//
//   node --expose-gc --import tsx scripts/bench/indexMemory.ts
import { Effect } from "effect"
import * as path from "node:path"
import { buildMatchIndexEffect, parseListPaths, versionLabel } from "../../src/sanctions/buildIndex.js"

const gc = (globalThis as { gc?: () => void }).gc
if (gc === undefined) throw new Error("run with node --expose-gc")
const heapMb = () => {
  gc()
  gc()
  return process.memoryUsage().heapUsed / 1_048_576
}

const listsDir = path.resolve(import.meta.dirname, "..", "..", "data", "sanctions")
const paths = ["ofac-sdn", "ofac-consolidated", "un"].map((p) => path.join(listsDir, p))

const program = Effect.gen(function*() {
  const empty = heapMb()
  const parsed = yield* parseListPaths(paths)
  const lists = parsed.map((p) => ({ parsed: p, version: versionLabel(p, "file") }))
  const withEntries = heapMb()
  const first = yield* buildMatchIndexEffect(lists)
  const withIndex = heapMb()
  const again = (yield* parseListPaths(paths)).map((p) => ({ parsed: p, version: versionLabel(p, "file") }))
  let peakHeap = 0
  let peakRss = 0
  const sampler = setInterval(() => {
    const m = process.memoryUsage()
    peakHeap = Math.max(peakHeap, m.heapUsed / 1_048_576)
    peakRss = Math.max(peakRss, m.rss / 1_048_576)
  }, 1)
  const second = yield* buildMatchIndexEffect(again)
  clearInterval(sampler)
  const withTwo = heapMb()
  const entries = lists.reduce((n, l) => n + l.parsed.entries.length, 0)
  console.log(`Screening index memory, ${entries} entries (OFAC SDN, OFAC Consolidated, UN), node ${process.version}, ${new Date().toISOString()}`)
  console.log("| held | heap used MB | added MB |\n|---|---|---|")
  console.log(`| nothing loaded | ${empty.toFixed(1)} | |`)
  console.log(`| the parsed entries | ${withEntries.toFixed(1)} | ${(withEntries - empty).toFixed(1)} |`)
  console.log(`| and their index | ${withIndex.toFixed(1)} | ${(withIndex - withEntries).toFixed(1)} |`)
  console.log(`| and the lists parsed again with a second index (a refresh) | ${withTwo.toFixed(1)} | ${(withTwo - withIndex).toFixed(1)} |`)
  console.log(`\nWhile the second index was built: heap used at most ${peakHeap.toFixed(1)} MB, RSS at most ${peakRss.toFixed(1)} MB.`)
  // Both kept reachable until here.
  return [first.names.length, second.names.length]
})

Effect.runPromise(program).catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
