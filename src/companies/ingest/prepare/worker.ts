import { parentPort } from "node:worker_threads"
import { type PreparedRows, type PrepareRequest, type PrepareResponse, prepareRows, rawBuffer } from "./prepareRows.js"

const transferables = ({ batch }: PreparedRows): Array<ArrayBuffer> =>
  [batch.companyRows, batch.aliasRows, batch.officerRows].flatMap((rows) => [
    rows.bytes.buffer as ArrayBuffer,
    ...(rows.owner === null ? [] : [rows.owner.buffer as ArrayBuffer])
  ])

/** Worker thread of PreparePool: decodes and prepares the batches it is sent, one at a time, in order. */
const port = parentPort
if (port !== null) {
  port.on("message", (request: PrepareRequest) => {
    const returned = rawBuffer(request.raw) === null || request.raw.format !== "jsonl" ? null : request.raw.bytes
    let response: PrepareResponse
    try {
      response = { seq: request.seq, prepared: prepareRows(request.raw, request.now), returned }
    } catch (e) {
      response = { seq: request.seq, failure: e instanceof Error ? e.message : String(e), returned }
    }
    const back = returned === null ? [] : [returned.buffer as ArrayBuffer]
    port.postMessage(response, "prepared" in response ? [...transferables(response.prepared), ...back] : back)
  })
}
