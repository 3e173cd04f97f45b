import * as HttpServer from "effect/http/HttpServer"
import { SqlClient } from "effect/sql"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { Effect, Layer, ManagedRuntime, Redacted, References } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  binariesPresent, clusterUrl, freePort, initPrimary, initReplica, ownedDirectory, type ClusterInfo, startCluster, stopCluster
} from "../../scripts/fleet/cluster.js"
import { ApiKeys } from "../../src/access/ApiKeys.js"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import { migrate } from "../../src/db/Migrations.js"
import { pgLayer, ServerDatabaseLive } from "../../src/db/Database.js"
import { createKybServer } from "../../src/http/edge/nodeServer.js"
import { HttpAppLive } from "../../src/http/Server.js"
import { call } from "../support/http.js"
import { testConfig } from "../support/server.js"

/**
 * Reads on a real streaming replica (a primary and a `pg_basebackup -R` standby of PostgreSQL 15 started for this
 * file): which server answered is counted from each server's own pg_stat_statements.
 */
const present = binariesPresent()
if (!present) {
  console.warn("\n!!! PostgreSQL 15 binaries (initdb, pg_ctl, pg_basebackup) not found: the read replica test is SKIPPED !!!\n")
}

const companyReads =
  "SELECT coalesce(sum(calls), 0)::int AS n FROM pg_stat_statements WHERE query LIKE '%FROM companies c%' AND query NOT LIKE '%pg_stat_statements%'"

const admin = (url: string) =>
  <A>(f: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown, SqlClient.SqlClient | ApiKeys | CompanyWriter>) =>
    Effect.runPromise(
      Effect.flatMap(SqlClient.SqlClient, f).pipe(
        Effect.provide(Layer.mergeAll(ApiKeys.Default, CompanyWriter.Default).pipe(
          Layer.provideMerge(pgLayer({ url: Redacted.make(url), maxConnections: 2 }))
        )),
        Effect.orDie
      )
    )

const count = (url: string) => admin(url)((sql) => Effect.map(sql<{ n: number }>`${sql.literal(companyReads)}`, (rows) => rows[0]!.n))

const waitUntil = async (what: string, check: () => Promise<boolean>, ms = 60_000) => {
  const deadline = Date.now() + ms
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

const startServer = async (config: Record<string, string>) => {
  const runtime = ManagedRuntime.make(
    HttpAppLive.pipe(
      Layer.provideMerge(NodeHttpServer.layer(createKybServer, { port: 0, host: "127.0.0.1" })),
      Layer.provide(ServerDatabaseLive),
      Layer.provide(Layer.succeed(References.MinimumLogLevel, "Error")),
      Layer.provide(testConfig(config))
    )
  )
  const server = await runtime.runPromise(HttpServer.HttpServer)
  if (server.address._tag === "UnixPathAddress") throw new Error("expected TCP")
  return { url: `http://127.0.0.1:${server.address.port}`, close: () => runtime.dispose() }
}

describe.skipIf(!present)("DATABASE_READ_URL: search, record and verify reads on a streaming replica", () => {
  let root = ""
  let primary: ClusterInfo
  let replica: ClusterInfo
  let key = ""

  beforeAll(async () => {
    root = ownedDirectory(mkdtempSync(join(tmpdir(), "kyb-replica-")))
    primary = initPrimary(root, "primary", await freePort())
    startCluster(primary)
    await admin(clusterUrl(primary))((sql) =>
      Effect.gen(function*() {
        yield* sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`
        yield* migrate()
        yield* Effect.flatMap(CompanyWriter, (w) => w.upsertBatch([{
          country: "NG", registration_no: "RC 208767", legal_name: "Replica Foods Nigeria Limited", status: "active",
          source: "Corporate Affairs Commission (NG-CAC)", source_kind: "registry", last_verified_at: new Date().toISOString()
        }]))
        key = Redacted.value((yield* Effect.flatMap(ApiKeys, (k) => k.create({ plan: "unlimited", quota: null, label: "replica" }))).secret)
      })
    )
    replica = initReplica(root, "replica", await freePort(), primary)
    startCluster(replica)
    await waitUntil("the replica holds the company", () =>
      admin(clusterUrl(replica))((sql) => Effect.map(sql<{ n: number }>`SELECT count(*)::int AS n FROM companies`, (r) => r[0]!.n === 1)))
  }, 180_000)

  afterAll(() => {
    if (replica !== undefined) stopCluster(replica, "immediate")
    if (primary !== undefined) stopCluster(primary, "immediate")
    if (root !== "") rmSync(root, { recursive: true, force: true })
  })

  const reads = async (url: string) => {
    const headers = { authorization: `Bearer ${key}` }
    for (let i = 0; i < 10; i++) {
      expect((await call(`${url}/v1/search?q=replica%20foods&country=NG`, { headers })).status).toBe(200)
      expect((await call(`${url}/v1/company/NG/RC208767`, { headers })).status).toBe(200)
    }
  }

  it("unset: every read on the primary, none on the replica; set: search and record reads counted on the replica", async () => {
    const before = { primary: await count(clusterUrl(primary)), replica: await count(clusterUrl(replica)) }
    const plain = await startServer({ DATABASE_URL: clusterUrl(primary) })
    try {
      await reads(plain.url)
      const health = await call(`${plain.url}/health`)
      expect(health.body).toMatchObject({ status: "ok", database: "reachable" })
      expect(health.body).not.toHaveProperty("replica")
    } finally {
      await plain.close()
    }
    const unset = { primary: await count(clusterUrl(primary)), replica: await count(clusterUrl(replica)) }
    expect(unset.replica).toBe(before.replica)
    expect(unset.primary - before.primary).toBeGreaterThanOrEqual(20)

    const routed = await startServer({ DATABASE_URL: clusterUrl(primary), DATABASE_READ_URL: clusterUrl(replica) })
    try {
      await waitUntil("reads on the replica", async () =>
        ((await call(`${routed.url}/health`)).body as { replica?: { state: string } }).replica?.state === "in_use")
      await reads(routed.url)
      const health = (await call(`${routed.url}/health`)).body as { replica: { state: string; reason: string | null; lag_seconds: number } }
      expect(health.replica.state).toBe("in_use")
      expect(health.replica.reason).toBeNull()
    } finally {
      await routed.close()
    }
    const set = { primary: await count(clusterUrl(primary)), replica: await count(clusterUrl(replica)) }
    expect(set.replica - unset.replica).toBeGreaterThanOrEqual(20)
    expect(set.primary).toBe(unset.primary)
  }, 120_000)

  it("a replica that lags beyond KYB_REPLICA_MAX_LAG or is stopped is bypassed (shown in /health), no request fails, and it is used again", async () => {
    const server = await startServer({ DATABASE_URL: clusterUrl(primary), DATABASE_READ_URL: clusterUrl(replica), KYB_REPLICA_MAX_LAG: "1 second" })
    const headers = { authorization: `Bearer ${key}` }
    const replicaState = async () => ((await call(`${server.url}/health`)).body as { replica: { state: string; reason: string | null } }).replica
    try {
      await waitUntil("reads on the replica", async () => (await replicaState()).state === "in_use")

      // Replay paused, the primary written to: the replica falls behind, and what was written is read on the primary.
      await admin(clusterUrl(replica))((sql) => sql`SELECT pg_wal_replay_pause()`)
      await admin(clusterUrl(primary))(() => Effect.flatMap(CompanyWriter, (w) => w.upsertBatch([{
        country: "NG", registration_no: "RC 300001", legal_name: "Lagging Replica Traders Limited", status: "active",
        source: "Corporate Affairs Commission (NG-CAC)", source_kind: "registry", last_verified_at: new Date().toISOString()
      }])))
      await waitUntil("the lagging replica bypassed", async () => (await replicaState()).state === "bypassed")
      expect((await replicaState()).reason).toMatch(/lagging/)
      const onReplica = await count(clusterUrl(replica))
      const written = await call(`${server.url}/v1/company/NG/RC300001`, { headers })
      expect(written.status).toBe(200)
      expect(await count(clusterUrl(replica))).toBe(onReplica)
      await admin(clusterUrl(replica))((sql) => sql`SELECT pg_wal_replay_resume()`)
      await waitUntil("the replica used again", async () => (await replicaState()).state === "in_use")

      // Stopped: every read answered by the primary; started again: back on the replica.
      stopCluster(replica, "fast")
      for (let i = 0; i < 10; i++) {
        expect((await call(`${server.url}/v1/search?q=replica%20foods&country=NG`, { headers })).status).toBe(200)
        expect((await call(`${server.url}/v1/verify?name=Replica%20Foods%20Nigeria%20Limited&country=NG`, { headers })).status).toBe(200)
      }
      expect((await replicaState()).state).toBe("bypassed")
      startCluster(replica)
      await waitUntil("the restarted replica used again", async () => (await replicaState()).state === "in_use")
      const restarted = await count(clusterUrl(replica))
      await reads(server.url)
      expect(await count(clusterUrl(replica))).toBeGreaterThanOrEqual(restarted + 20)
    } finally {
      await server.close()
    }
  }, 180_000)
})
