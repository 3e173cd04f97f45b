// Entry of PreparePool's worker threads: the service runs its TypeScript through tsx, and a worker thread does
// not inherit the main thread's loader, so it registers tsx before importing the worker module.
import { workerData } from "node:worker_threads"
import { register } from "tsx/esm/api"

register()
await import(workerData.entry)
