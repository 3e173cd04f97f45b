/**
 * npm run -s fake-gleif -- [--records test/fixtures/gleif/records.json] [--port N] [--fault none|throttle|error|hang|garbage]:
 * serves GLEIF's JSON:API (lei-records, paging, parents, 404/429/5xx) on 127.0.0.1 from synthetic records until
 * interrupted. Point the server at it: KYB_REGISTRY_LIVE=gleif KYB_GLEIF_URL=http://127.0.0.1:<port>/api/v1.
 */
import * as fs from "node:fs"
import { parseArgs } from "node:util"
import { type FixtureRecord, gleifFaults, type GleifFault, startFakeGleif } from "./fake-gleif/server.js"

const { values } = parseArgs({
  options: {
    records: { type: "string", default: "test/fixtures/gleif/records.json" },
    port: { type: "string", default: "4190" },
    fault: { type: "string", default: "none" }
  }
})
if (!(gleifFaults as ReadonlyArray<string>).includes(values.fault)) {
  process.stderr.write(`--fault must be one of ${gleifFaults.join(", ")}\n`)
  process.exit(2)
}
const doc = JSON.parse(fs.readFileSync(values.records, "utf8")) as { records: ReadonlyArray<FixtureRecord> }
const fake = await startFakeGleif(doc.records, { port: Number(values.port), fault: values.fault as GleifFault })
process.stdout.write(`fake GLEIF on ${fake.url} (${doc.records.length} synthetic records)\n`)
process.on("SIGINT", () => void fake.close().then(() => process.exit(0)))
process.on("SIGTERM", () => void fake.close().then(() => process.exit(0)))
