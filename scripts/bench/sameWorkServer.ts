// The same-work floor: a bare node:http server that, for each request the API was recorded answering
// (recordStatements.ts), runs exactly the statements the API ran for it, in the same steps (those the API ran at the
// same time run at the same time here), as named prepared statements on a `pg` pool of the API's size, then answers
// the API's bytes. What is left between the API and this is the API's own cost per request.
//
//   FLOOR_REQUESTS=<file of RecordedRequest[] as JSON> PORT=<port> [POOL_SIZE=10] npx tsx scripts/bench/sameWorkServer.ts
import { randomUUID } from "node:crypto"
import * as fs from "node:fs"
import { createServer } from "node:http"
import Pg from "pg"
import type { RecordedRequest } from "./recordStatements.js"

const requests = JSON.parse(fs.readFileSync(process.env["FLOOR_REQUESTS"] ?? "", "utf8")) as ReadonlyArray<RecordedRequest>
const port = Number(process.env["PORT"] ?? "0")
const pool = new Pg.Pool({ connectionString: process.env["DATABASE_URL"], max: Number(process.env["POOL_SIZE"] ?? "10") })

const names = new Map<string, string>()
const nameOf = (text: string) => {
  let name = names.get(text)
  if (name === undefined) {
    name = `floor_${names.size}`
    names.set(text, name)
  }
  return name
}

interface Route {
  readonly request: RecordedRequest
  readonly answer: Buffer
}
const routes = new Map<string, Route>(requests.map((r) => [`${r.method} ${r.path}`, { request: r, answer: Buffer.from(r.answer) }]))

const run = async (request: RecordedRequest) => {
  const fresh = new Map(request.fresh.map((value) => [value, randomUUID()]))
  for (const step of request.steps) {
    await Promise.all(step.map((s) =>
      pool.query({ name: nameOf(s.text), text: s.text, values: s.values.map((v) => (typeof v === "string" ? fresh.get(v) ?? v : v)) })))
  }
}

createServer((req, res) => {
  const route = routes.get(`${req.method} ${req.url}`)
  if (req.url === "/") {
    res.writeHead(200).end("floor")
    return
  }
  if (route === undefined) {
    res.writeHead(404).end()
    return
  }
  req.resume()
  req.on("end", () => {
    run(route.request).then(
      () => res.writeHead(route.request.status, { "content-type": "application/json", "content-length": route.answer.length }).end(route.answer),
      (error: unknown) => res.writeHead(500).end(String(error))
    )
  })
}).listen(port, "127.0.0.1")
