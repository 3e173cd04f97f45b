import { describe, expect, it } from "vitest"
import { clusterBinariesPresent, makeCluster } from "../support/pgCluster.js"
import { startServerProcess } from "../support/serverProcess.js"
import { recordTiming } from "../support/timings.js"

const timed = async (url: string, headers: Record<string, string> = {}) => {
  const started = Date.now()
  const response = await fetch(url, { headers })
  const body = await response.json() as { error?: string }
  return { status: response.status, ms: Date.now() - started, body, retryAfter: response.headers.get("retry-after") }
}

const unknownKey = { authorization: `Bearer kyb_live_${"A".repeat(43)}` }

describe.skipIf(!clusterBinariesPresent)("a PostgreSQL server that stalls or is not there yet (issue 18)", () => {
  it("frozen (SIGSTOP): every request answers 503 with Retry-After within ~2 s, health on time; thawed: served again", async () => {
    const cluster = await makeCluster()
    cluster.start()
    const server = await startServerProcess({ DATABASE_URL: cluster.url, DATABASE_POOL_SIZE: "4" })
    try {
      expect((await timed(`${server.url}/v1/search?q=acme`, unknownKey)).status).toBe(401)
      cluster.signal("SIGSTOP")
      const frozen = await Promise.all([
        ...Array.from({ length: 6 }, () => timed(`${server.url}/v1/search?q=acme`, unknownKey)),
        timed(`${server.url}/health`)
      ])
      for (const reply of frozen) {
        expect(reply.status, JSON.stringify(reply)).toBe(503)
        expect(reply.body.error).toBe("service_unavailable")
      }
      for (const reply of frozen.slice(0, 6)) expect(Number(reply.retryAfter)).toBeGreaterThan(0)
      recordTiming("database frozen: every request answered 503", Math.max(...frozen.map((r) => r.ms)), 3_500)
      cluster.signal("SIGCONT")
      const deadline = Date.now() + 10_000
      let status = 0
      while (Date.now() < deadline && status !== 401) {
        status = (await timed(`${server.url}/v1/search?q=acme`, unknownKey)).status
        if (status !== 401) await new Promise((r) => setTimeout(r, 200))
      }
      expect(status).toBe(401)
      expect((await timed(`${server.url}/health`)).status).toBe(200)
    } finally {
      cluster.signal("SIGCONT")
      await server.stop()
      cluster.stop()
      cluster.remove()
    }
  }, 120_000)

  it("down at start-up: the server waits with a clear log line and serves once the database comes", async () => {
    const cluster = await makeCluster()
    const server = await startServerProcess({ DATABASE_URL: cluster.url }, { ready: false })
    try {
      await server.waitFor(/database unreachable at start-up; retrying/, 30_000)
      cluster.start()
      await server.waitFor(/Listening on/, 60_000)
      expect((await timed(`${server.url}/health`)).status).toBe(200)
    } finally {
      await server.stop()
      cluster.stop()
      cluster.remove()
    }
  }, 120_000)
})
