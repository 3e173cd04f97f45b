// Entry of PreparePool's worker threads. Under tsx (development, tests, the CLI) a worker thread does not inherit the
// main thread's loader: this registers tsx's require hook (in this thread, where the ESM loader API would start one
// more thread for its hooks, some 60 MB) and loads the TypeScript module. From the compiled build it imports the
// JavaScript module.
const { workerData } = require("node:worker_threads")
const { pathToFileURL } = require("node:url")

if (workerData.entry.endsWith(".ts")) {
  require("tsx/cjs/api").register()
  require(workerData.entry)
} else {
  import(pathToFileURL(workerData.entry).href)
}
