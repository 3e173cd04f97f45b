import { HttpApi, HttpApiBuilder, HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { HttpServerRequest } from "effect/http"
import { SqlClient } from "effect/sql"
// The framework's same-work floor: an Effect HttpApi served by @effect/platform-node like the API, whose handlers run
// exactly the statements the API ran for the request (recorded by recordStatements.ts, in the same steps) through
// @effect/sql-pg on a pool of the API's size with the API's statement naming, and answer the API's JSON; no key
// middleware, no schemas of our own, tracer off as in the server. Between sameWorkServer.ts (node:http + pg) and this
// is what the framework costs for that work; between this and the API, what our own code costs.
//
//   FLOOR_REQUESTS=<file of RecordedRequest[] as JSON> PORT=<port> DATABASE_URL=... npx tsx scripts/bench/effectSameWorkServer.ts
import { PgClient } from "@effect/sql-pg"
import { randomUUID } from "node:crypto"
import * as fs from "node:fs"
import { Effect, Layer, Schema } from "effect"
import { serveLikeTheApi } from "./serveLikeTheApi.js"
import Pg from "pg"
import { nameRepeatedStatements } from "../../src/db/namedStatements.js"
import type { RecordedRequest } from "./recordStatements.js"

const requests = JSON.parse(fs.readFileSync(process.env["FLOOR_REQUESTS"] ?? "", "utf8")) as ReadonlyArray<RecordedRequest>
const byPath = new Map(requests.map((r) => [r.path, { request: r, answer: JSON.parse(r.answer) as unknown }]))
const port = Number(process.env["PORT"] ?? "0")

const Text = Schema.String
class Floor extends HttpApiGroup.make("floor")
  .add(HttpApiEndpoint.get("root", "/").addSuccess(Schema.Unknown))
  .add(HttpApiEndpoint.get("company", "/v1/company/:country/:no").setPath(Schema.Struct({ country: Text, no: Text })).addSuccess(Schema.Unknown))
  .add(HttpApiEndpoint.get("search", "/v1/search").setUrlParams(Schema.Struct({ q: Text, country: Text })).addSuccess(Schema.Unknown))
  .add(HttpApiEndpoint.get("verify", "/v1/verify").setUrlParams(Schema.Struct({ name: Text, country: Text })).addSuccess(Schema.Unknown)) {}
class FloorApi extends HttpApi.make("floor").add(Floor) {}

// FLOOR_RAW_PG=1: the statements go to the `pg` pool directly (Effect.promise), not through @effect/sql: what
// @effect/sql's own machinery costs per statement.
const rawPg = process.env["FLOOR_RAW_PG"] === "1"
const pool = nameRepeatedStatements(new Pg.Pool({ connectionString: process.env["DATABASE_URL"], max: Number(process.env["POOL_SIZE"] ?? "10") }))

const replay = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const request = yield* HttpServerRequest.HttpServerRequest
  const found = byPath.get(request.url)
  if (found === undefined) return yield* Effect.die(`no recording of ${request.url}`)
  const fresh = new Map(found.request.fresh.map((value) => [value, randomUUID()]))
  const run = (s: RecordedRequest["steps"][number][number]) => {
    const values = s.values.map((v) => (typeof v === "string" ? fresh.get(v) ?? v : v))
    return rawPg ? Effect.promise(() => pool.query(s.text, values)) : sql.unsafe(s.text, values as Array<never>)
  }
  for (const step of found.request.steps) {
    yield* step.length === 1 ? run(step[0]!) : Effect.all(step.map(run), { concurrency: "unbounded", discard: true })
  }
  return found.answer
}).pipe(Effect.orDie)

const FloorLive = HttpApiBuilder.group(FloorApi, "floor", (handlers) =>
  handlers
    .handle("root", () => Effect.succeed("floor"))
    .handle("company", () => replay)
    .handle("search", () => replay)
    .handle("verify", () => replay))

const Db = PgClient.layerFromPool({ acquire: Effect.acquireRelease(Effect.succeed(pool), (p) => Effect.promise(() => p.end())) })

serveLikeTheApi(HttpApiBuilder.api(FloorApi).pipe(Layer.provide(FloorLive), Layer.provide(Db)), port)
