// Loaded with `node --import`: records the URL of every module the process loads (ES modules and CommonJS ones,
// through the module hooks of this thread) in the file named by RECORD_MODULES_TO, one per line.
import { appendFileSync } from "node:fs"
import { registerHooks } from "node:module"

const to = process.env["RECORD_MODULES_TO"] ?? "/dev/null"
registerHooks({
  load(url, context, next) {
    appendFileSync(to, `${url}\n`)
    return next(url, context)
  }
})
