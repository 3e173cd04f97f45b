// The heap a module holds once imported (its source, compiled code and whatever it builds at load), measured after
// full collections: each specifier is imported in turn, in one process, and the growth of the heap in use printed.
// Modules already loaded by an earlier specifier are not counted again.
//
//   node --expose-gc scripts/bench/moduleHeap.mjs effect @effect/platform @effect/platform/HttpApiScalar ...
//
// A specifier that names a file (starts with . or /) is taken from the working directory.
import { pathToFileURL } from "node:url"

if (typeof globalThis.gc !== "function") throw new Error("run with node --expose-gc")
const usedMb = () => {
  globalThis.gc()
  globalThis.gc()
  return process.memoryUsage().heapUsed / 1048576
}
let before = usedMb()
console.log(`baseline: ${before.toFixed(1)} MB in use`)
for (const specifier of process.argv.slice(2)) {
  await import(/^[./]/.test(specifier) ? pathToFileURL(specifier).href : specifier)
  const after = usedMb()
  console.log(`${specifier}: +${(after - before).toFixed(1)} MB`)
  before = after
}
