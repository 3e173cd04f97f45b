import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer, Option } from "effect"
import * as path from "node:path"
import { ChecksRepo } from "../../src/checks/ChecksRepo.js"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { fixturesDir } from "../sanctions/paths.js"
import { bearer, call, isErrorBody } from "../support/http.js"
import { listsIndexed } from "../support/listsIndexed.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { TestDatabase } from "../support/testDatabase.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
type Body = Record<string, unknown>

describe("checks kept as evidence (issue 17)", () => {
  layer(makeTestServer({ SANCTIONS_POLL_INTERVAL: "200 millis" }), { timeout: "120 seconds", excludeTestServices: true })((it) => {
    it.effect("every verdict carries check_id; the check read back equals the verdict answered, with inputs, list versions and policy", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        yield* (yield* CompanyWriter).upsertBatch([{
          country: "NG", registration_no: "RC 208767", legal_name: "Dangote Cement PLC", status: "active",
          source: "Corporate Affairs Commission (NG-CAC)", source_kind: "registry", last_verified_at: new Date().toISOString()
        }]).pipe(Effect.orDie)
        yield* ingestSanctions([path.join(fixturesDir, "ofac-sdn")], { publishedOn: "2024-05-03" }).pipe(Effect.orDie)
        const mine = bearer(yield* server.newKey({ plan: "free", quota: 50 }))
        const other = bearer(yield* server.newKey({ plan: "unlimited" }))
        const sent = { name: "  Dangote   Cement ", registration_no: "rc-208767", country: "ng" }
        const verify = (headers: Record<string, string>) =>
          promise(() => call(`${server.url}/v1/verify`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(sent) }))
        const screened = (r: { readonly body: unknown }) => ((r.body as Body)["sanctions"] as Body | undefined)?.["screened"] === true
        // Waiting for the lists to be indexed spends no quota, not the 50 units of the key under test.
        yield* listsIndexed(server.url, [{ list: "ofac_sdn", version: "2024-05-03" }])
        const answered = yield* verify(mine)
        assert.isTrue(screened(answered), answered.text)
        const verdict = answered.body as Body
        assert.match(String(verdict["check_id"]), /^[0-9a-f-]{36}$/)
        const before = Number(answered.headers.get("x-ratelimit-remaining"))
        const read = yield* promise(() => call(`${server.url}/v1/checks/${verdict["check_id"]}`, { headers: mine }))
        assert.strictEqual(read.status, 200, read.text)
        assert.strictEqual(Number(read.headers.get("x-ratelimit-remaining")), before - 1, "reading a check counts once")
        const check = read.body as Body
        assert.deepStrictEqual(check["verdict"], verdict)
        assert.deepStrictEqual(check["input"], sent)
        assert.deepStrictEqual(check["input_normalized"], { name: "Dangote Cement", registration_no: "RC208767", country: "NG" })
        const lists = check["lists"] as ReadonlyArray<Body>
        assert.deepStrictEqual(lists.map((l) => [l["list"], l["version"]]), [["OFAC SDN", "2024-05-03"]])
        assert.match(String(lists[0]!["sha256"]), /^[0-9a-f]{64}$/)
        assert.isString(check["policy_version"])

        const foreign = yield* promise(() => call(`${server.url}/v1/checks/${verdict["check_id"]}`, { headers: other }))
        assert.strictEqual(foreign.status, 404)
        assert.isTrue(isErrorBody(foreign.body, "check_not_found"), foreign.text)
        const unknown = yield* promise(() => call(`${server.url}/v1/checks/00000000-0000-4000-8000-000000000000`, { headers: mine }))
        assert.strictEqual(unknown.status, 404)
        const malformed = yield* promise(() => call(`${server.url}/v1/checks/not-an-id`, { headers: mine }))
        assert.strictEqual(malformed.status, 400)
      }))

    it.effect("a key's checks are listed newest first and paged with a cursor to the end; since filters; other keys see none", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const key = bearer(yield* server.newKey({ plan: "unlimited" }))
        const ids: Array<string> = []
        for (const name of ["Acme Trading One", "Acme Trading Two", "Acme Trading Three"]) {
          const r = yield* promise(() => call(`${server.url}/v1/verify?name=${encodeURIComponent(name)}`, { headers: key }))
          ids.push(String((r.body as Body)["check_id"]))
        }
        const first = (yield* promise(() => call(`${server.url}/v1/checks?limit=2`, { headers: key }))).body as { checks: ReadonlyArray<Body>; next_cursor: string }
        assert.deepStrictEqual(first.checks.map((c) => c["id"]), [ids[2], ids[1]])
        assert.isString(first.next_cursor)
        const second = (yield* promise(() => call(`${server.url}/v1/checks?limit=2&cursor=${first.next_cursor}`, { headers: key }))).body as { checks: ReadonlyArray<Body>; next_cursor: string | null }
        assert.deepStrictEqual(second.checks.map((c) => c["id"]), [ids[0]])
        assert.isNull(second.next_cursor)
        // No live registry is switched on in this server: nothing found is not looked at, never not_found.
        assert.strictEqual(second.checks[0]!["result"], "review")
        const future = (yield* promise(() => call(`${server.url}/v1/checks?since=2999-01-01`, { headers: key }))).body as { checks: ReadonlyArray<Body> }
        assert.deepStrictEqual(future.checks, [])
        const bad = yield* promise(() => call(`${server.url}/v1/checks?since=yesterday`, { headers: key }))
        assert.strictEqual(bad.status, 400)
        const stranger = bearer(yield* server.newKey({ plan: "unlimited" }))
        const none = (yield* promise(() => call(`${server.url}/v1/checks`, { headers: stranger }))).body as { checks: ReadonlyArray<Body> }
        assert.deepStrictEqual(none.checks, [])
      }))
  })
})

describe("check retention", () => {
  layer(ChecksRepo.Default.pipe(Layer.provideMerge(TestDatabase.layer)), { timeout: "60 seconds" })((it) => {
    it.effect("deleting by retention removes the checks made before the cutoff and keeps the rest", () =>
      Effect.gen(function*() {
        const repo = yield* ChecksRepo
        const row = (id: string, daysAgo: number) => ({
          id, account_id: "acc-retention", key_id: "key-retention", created_at: new Date(Date.now() - daysAgo * 86_400_000), input: { name: "x" },
          input_normalized: { name: "x" }, verdict: { result: "not_found" }, lists: [], provenance: null, policy_version: "test"
        })
        yield* repo.insert(row("11111111-1111-4111-8111-111111111111", 40))
        yield* repo.insert(row("22222222-2222-4222-8222-222222222222", 5))
        assert.strictEqual(yield* repo.deleteBefore(new Date(Date.now() - 30 * 86_400_000)), 1)
        assert.isTrue(Option.isNone(yield* repo.find("acc-retention", "11111111-1111-4111-8111-111111111111")))
        assert.isTrue(Option.isSome(yield* repo.find("acc-retention", "22222222-2222-4222-8222-222222222222")))
        const sql = yield* SqlClient.SqlClient
        const left = yield* sql<{ n: string }>`SELECT count(*)::text AS n FROM checks`
        assert.strictEqual(left[0]!.n, "1")
      }))
  })
})
