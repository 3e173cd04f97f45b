// The baseline: a bare node:http server answering a fixed JSON body (what the API returns for one company).
import { createServer } from "node:http"

const body = process.env["BARE_BODY"] ?? "{}"
const port = Number(process.env["PORT"] ?? "0")
createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) })
  res.end(body)
}).listen(port, "127.0.0.1", () => process.stdout.write("listening\n"))
