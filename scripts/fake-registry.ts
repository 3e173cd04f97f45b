/**
 * npm run -s fake-registry -- --registry <id> --records <file.jsonl> [--port N] [--fault none|hang|error|garbage|slow|forbidden|drift]
 * [--slow-ms N] [--variant V]: serves canonical records in that registry's own wire format on 127.0.0.1 until interrupted.
 */
import { parseArgs } from "node:util"
import { type Fault, fakeRegistryIds, type FakeRegistryId, faults, loadRecords, startFakeRegistry } from "./fake-registry/index.js"

const usage = `usage: fake-registry --registry <${fakeRegistryIds.join("|")}> --records <file.jsonl> [--port N] [--host H]
                     [--fault ${faults.join("|")}] [--slow-ms N] [--variant results|prefixed|data]`

const fail = (message: string): never => {
  process.stderr.write(`${message}\n${usage}\n`)
  process.exit(2)
}

const { values } = parseArgs({
  options: {
    registry: { type: "string" },
    records: { type: "string" },
    port: { type: "string" },
    host: { type: "string" },
    fault: { type: "string", default: "none" },
    "slow-ms": { type: "string" },
    variant: { type: "string" },
    help: { type: "boolean", short: "h" }
  }
})

if (values.help) {
  process.stdout.write(`${usage}\n`)
  process.exit(0)
}
const registry = values.registry ?? fail("--registry is required")
if (!(fakeRegistryIds as ReadonlyArray<string>).includes(registry)) fail(`unknown registry ${registry}`)
const fault = values.fault ?? "none"
if (!(faults as ReadonlyArray<string>).includes(fault)) fail(`unknown fault ${fault}`)
const file = values.records ?? fail("--records is required")
const port = values.port === undefined ? 0 : Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`invalid --port ${values.port}`)

const { records, rejected } = loadRecords(file)
for (const { line, problem } of rejected) process.stderr.write(`${file}:${line}: skipped: ${problem}\n`)

const server = await startFakeRegistry({
  registry: registry as FakeRegistryId,
  records,
  port,
  fault: fault as Fault,
  ...(values.host === undefined ? {} : { host: values.host }),
  ...(values["slow-ms"] === undefined ? {} : { slowMs: Number(values["slow-ms"]) }),
  ...(values.variant === undefined ? {} : { variant: values.variant })
})
process.stdout.write(`fake ${registry} serving ${records.length} records at ${server.url} (fault: ${fault})\n`)

const stop = () => {
  void server.close().then(() => process.exit(0))
}
process.on("SIGINT", stop)
process.on("SIGTERM", stop)
