// Loaded with `node --import`: records the URL of every module the process loads through the ESM loader (CommonJS
// packages an ESM module imports included) in the file named by RECORD_MODULES_TO, one per line.
import { register } from "node:module"

const hooks = `
import { appendFileSync } from "node:fs"
export async function load(url, context, next) {
  appendFileSync(${JSON.stringify(process.env["RECORD_MODULES_TO"] ?? "/dev/null")}, url + "\\n")
  return next(url, context)
}`
register(`data:text/javascript,${encodeURIComponent(hooks)}`)
