// The server's entry point (`npm start` runs it as dist/main.js). On a Node older than the project's (someone running
// `node dist/main.js` with the machine's own Node), one line saying what to do and exit 1, before anything else
// loads: the server is imported only after the check, as static imports would be evaluated before it.
import { olderNodeLine, requiredNode } from "./nodeVersion.js"

const older = olderNodeLine(process.versions.node, requiredNode(), "start it with `npm start`, or as `node_modules/.bin/node dist/main.js`")
if (older === undefined) {
  await import("./server.js")
} else {
  process.stderr.write(`${older}\n`)
  process.exitCode = 1
}
