// Entry of PreparePool's worker threads. The service runs its TypeScript through tsx, and a worker thread does not
// inherit the main thread's loader: this registers tsx's require hook (in this thread, where the ESM loader API would
// start one more thread for its hooks, some 60 MB) and loads the worker module.
const { workerData } = require("node:worker_threads")
const { register } = require("tsx/cjs/api")

register()
require(workerData.entry)
