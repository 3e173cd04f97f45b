import * as HttpApi from "effect/http-api/HttpApi"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import { SqlClient } from "effect/sql"
// The framework's same-work floor: an Effect HttpApi served by @effect/platform-node like the API, whose handlers run
// exactly the statements the API ran for the request (recorded by recordStatements.ts, in the same steps) through
// @effect/sql-pg on the API's own pool (src/db/Database.ts pgLayer: its size, its prepared statements), and answer the API's JSON; no key
// middleware, no schemas of our own, tracer off as in the server. Between sameWorkServer.ts (node:http + pg) and this
// is what the framework costs for that work; between this and the API, what our own code costs.
//
//   FLOOR_REQUESTS=<file of RecordedRequest[] as JSON> PORT=<port> DATABASE_URL=... npx tsx scripts/bench/effectSameWorkServer.ts
import { randomUUID } from "node:crypto"
import * as fs from "node:fs"
import { Effect, Layer, Redacted, Schema } from "effect"
import Pg from "pg"
import { pgLayer } from "../../src/db/Database.js"
import type { RecordedRequest } from "./recordStatements.js"
import { serveLikeTheApi } from "./serveLikeTheApi.js"

const requests = JSON.parse(fs.readFileSync(process.env["FLOOR_REQUESTS"] ?? "", "utf8")) as ReadonlyArray<RecordedRequest>
const byPath = new Map(requests.map((r) => [r.path, { request: r, answer: JSON.parse(r.answer) as unknown }]))
const port = Number(process.env["PORT"] ?? "0")

const Text = Schema.String
class Floor extends HttpApiGroup.make("floor")
  .add(HttpApiEndpoint.get("root", "/", { success: Schema.Unknown }))
  .add(HttpApiEndpoint.get("company", "/v1/company/:country/:no", { params: { country: Text, no: Text }, success: Schema.Unknown }))
  .add(HttpApiEndpoint.get("search", "/v1/search", { query: { q: Text, country: Text }, success: Schema.Unknown }))
  .add(HttpApiEndpoint.get("verify", "/v1/verify", { query: { name: Text, country: Text }, success: Schema.Unknown })) {}
class FloorApi extends HttpApi.make("floor").add(Floor) {}

// FLOOR_RAW_PG=1: the statements go to a `pg` pool directly (Effect.promise), not through effect/sql and sql-pg:
// what their machinery costs per statement (node-postgres sends each statement unnamed).
const rawPg = process.env["FLOOR_RAW_PG"] === "1"
const poolSize = Number(process.env["POOL_SIZE"] ?? "10")
const pool = rawPg ? new Pg.Pool({ connectionString: process.env["DATABASE_URL"], max: poolSize }) : undefined

const replay = (sql: SqlClient.SqlClient) => Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const found = byPath.get(request.url)
  if (found === undefined) return yield* Effect.die(new Error(`no recording of ${request.url}`))
  const fresh = new Map(found.request.fresh.map((value) => [value, randomUUID()]))
  const run = (s: RecordedRequest["steps"][number][number]) => {
    const values = s.values.map((v) => (typeof v === "string" ? fresh.get(v) ?? v : v))
    return pool !== undefined ? Effect.promise(() => pool.query(s.text, values)) : sql.unsafe(s.text, values as Array<never>)
  }
  for (const step of found.request.steps) {
    yield* step.length === 1 ? run(step[0]!) : Effect.all(step.map(run), { concurrency: "unbounded", discard: true })
  }
  return found.answer
}).pipe(Effect.orDie)

const FloorLive = HttpApiBuilder.group(FloorApi, "floor", (handlers) =>
  Effect.map(SqlClient.SqlClient, (sql) =>
    handlers
      .handle("root", () => Effect.succeed("floor"))
      .handle("company", () => replay(sql))
      .handle("search", () => replay(sql))
      .handle("verify", () => replay(sql))))

const Db = pgLayer({ url: Redacted.make(process.env["DATABASE_URL"] ?? ""), maxConnections: poolSize, applicationName: "kyb-africa" })

serveLikeTheApi(HttpApiBuilder.layer(FloorApi).pipe(Layer.provide(FloorLive.pipe(Layer.provide(Layer.orDie(Db))))), port)
