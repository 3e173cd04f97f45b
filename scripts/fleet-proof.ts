import { SqlClient } from "effect/sql"
import { Effect, Layer, Redacted, References } from "effect"
import { createServer } from "node:http"
import * as os from "node:os"
import * as path from "node:path"
import { ApiKeys } from "../src/access/ApiKeys.js"
import { CompanyWriter } from "../src/companies/CompanyWriter.js"
import type { Plan } from "../src/domain/quotaWindow.js"
import { parseListPaths } from "../src/sanctions/buildIndex.js"
import { ingestSanctions } from "../src/sanctions/lists/ingest.js"
import { entryHash } from "../src/sanctions/matching/screen.js"
import type { SanctionsEntry } from "../src/sanctions/model.js"
import { signalCluster, startCluster, stopCluster } from "./fleet/cluster.js"
import {
  down, type FleetState, type InstanceInfo, lbUrl, primaryUrl, sessionsPerInstance, startInstance, stopInstance, up, waitForHealth
} from "./fleet/fleet.js"
import { inFlightAt, runLoad, type Sent } from "./fleet/load.js"
import { pgLayer } from "../src/db/Database.js"

/**
 * The fleet's invariants under load, through HAProxy, on 127.0.0.1 only: a primary and its streaming replica, three
 * API instances (dist/main.js), HAProxy in front. Each scenario is bounded (requests and seconds) and the whole run
 * by --deadline (default 15 min). Prints one line per invariant and exits non-zero when one fails.
 *
 *   npm run -s fleet-proof [-- --instances 3 --deadline 900 --only quotaExact,listChange]
 */
const argv = process.argv.slice(2)
const option = (name: string, fallback: string) => {
  const at = argv.indexOf(`--${name}`)
  return at === -1 ? fallback : argv[at + 1] ?? fallback
}
const instances = Number(option("instances", "3"))
const deadlineSeconds = Number(option("deadline", "900"))
const listsDir = path.resolve(import.meta.dirname, "..", "data", "sanctions")
const dir = path.join(os.tmpdir(), `kyb-fleet-proof-${process.pid}`)
const log = (line: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const onPrimary = <A>(url: string, effect: Effect.Effect<A, unknown, SqlClient.SqlClient | ApiKeys | CompanyWriter>) =>
  Effect.runPromise(effect.pipe(
    Effect.provide(Layer.mergeAll(ApiKeys.Default, CompanyWriter.Default).pipe(
      Layer.provideMerge(pgLayer({ url: Redacted.make(url), maxConnections: 2 }))
    )),
    Effect.provide(Layer.succeed(References.MinimumLogLevel, "Warn")),
    Effect.orDie
  ))

const newKey = (fleet: FleetState, plan: Plan, quota: number | null) =>
  onPrimary(primaryUrl(fleet), Effect.flatMap(ApiKeys, (k) => k.create({ plan, quota, label: "fleet-proof" })).pipe(
    Effect.map((created) => ({ authorization: `Bearer ${Redacted.value(created.secret)}` }))
  ))

const query = <A extends object>(fleet: FleetState, text: string) =>
  onPrimary(primaryUrl(fleet), Effect.flatMap(SqlClient.SqlClient, (sql) => sql.unsafe<A>(text)))

interface Verdict {
  readonly invariant: string
  readonly holds: boolean
  readonly detail: string
}
const verdicts: Array<Verdict> = []
const check = (invariant: string, holds: boolean, detail: string) => {
  verdicts.push({ invariant, holds, detail })
  log(`${holds ? "holds " : "FAILED"} ${invariant}: ${detail}`)
}

const byStatus = (sent: ReadonlyArray<Sent>) => {
  const counts = new Map<string, number>()
  for (const s of sent) {
    const key = s.hung ? "hung" : String(s.status)
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return [...counts].sort().map(([k, v]) => `${k}: ${v}`).join(", ")
}
const servedBy = (sent: ReadonlyArray<Sent>) => {
  const counts = new Map<string, number>()
  for (const s of sent) if (s.servedBy !== "") counts.set(s.servedBy, (counts.get(s.servedBy) ?? 0) + 1)
  return [...counts].sort().map(([k, v]) => `${k} ${v}`).join(", ")
}

const COMPANY = { country: "NG", registration_no: "RC 208767", legal_name: "Proof Foods Nigeria Limited" }
const readUrls = (fleet: FleetState) => [
  `${lbUrl(fleet)}/v1/company/NG/RC208767`,
  `${lbUrl(fleet)}/v1/search?q=proof%20foods&country=NG`,
  `${lbUrl(fleet)}/v1/verify?name=${encodeURIComponent(COMPANY.legal_name)}&country=NG`
]
const restart = async (fleet: FleetState, instance: InstanceInfo) => {
  startInstance(fleet, instance)
  await waitForHealth(`http://127.0.0.1:${instance.port}`)
  // HAProxy takes it back after two good checks.
  const deadline = Date.now() + 30_000
  while ((await sessionsPerInstance(fleet)).get(instance.name)?.status !== "UP" && Date.now() < deadline) await sleep(200)
}

/** Exactly `quota` answered 200 and the rest 429, whichever instance each request reached. */
const quotaExact = async (fleet: FleetState) => {
  const quota = 150
  const headers = await newKey(fleet, "free", quota)
  const run = await runLoad({ urls: readUrls(fleet).slice(0, 1), headers, concurrency: 30, durationMs: 60_000, count: 2 * quota })
  const ok = run.sent.filter((s) => s.status === 200).length
  const refused = run.sent.filter((s) => s.status === 429).length
  const instancesServing = new Set(run.sent.map((s) => s.servedBy).filter((s) => s !== "")).size
  check("quota exact across instances", ok === quota && refused === quota && instancesServing === fleet.instances.length,
    `${run.sent.length} requests at 30 at once, quota ${quota}: ${byStatus(run.sent)}; served by ${servedBy(run.sent)}`)
}

/** Only requests sent before the kill may fail, and no more than were in flight then. */
const instanceKilled = async (fleet: FleetState) => {
  const headers = await newKey(fleet, "unlimited", null)
  const victim = fleet.instances[0]!
  let held = 0
  const run = await runLoad({
    urls: readUrls(fleet), headers, concurrency: 16, durationMs: 6000,
    events: [{
      atMs: 2000, run: async () => {
        held = (await sessionsPerInstance(fleet)).get(victim.name)?.current ?? 0
        await stopInstance(victim, "SIGKILL")
      }
    }]
  })
  const killedAt = run.marks["event0done"] ?? 0
  // Lost: no instance answered (HAProxy's 502/503/504, a reset). A 503 a surviving instance gives is its own
  // answer under load (Retry-After), counted apart.
  const lost = run.sent.filter((s) => s.status !== 200 && s.servedBy === "")
  const lostAfter = lost.filter((s) => s.start > killedAt)
  const shed = run.sent.filter((s) => s.status !== 200 && s.servedBy !== "")
  const inFlight = inFlightAt(run.sent, killedAt)
  check("an instance killed mid-load costs only the requests it was holding",
    lostAfter.length === 0 && lost.length <= held && run.sent.length > 100 && shed.every((s) => s.status === 503 || s.status === 429),
    `${run.sent.length} requests (company, search, verify) at 16 at once, ${victim.name} SIGKILLed at ${(killedAt / 1000).toFixed(1)} s ` +
      `holding ${held} (HAProxy), ${inFlight} in flight overall: ${byStatus(run.sent)}; lost ${lost.length} (sent after the kill: ` +
      `${lostAfter.length}); answered 503 by a surviving instance: ${shed.length}`)
  await restart(fleet, victim)
}

/** Not one request lost while the replica is stopped and started again. */
const replicaRestarted = async (fleet: FleetState) => {
  const replica = fleet.replica!
  const headers = await newKey(fleet, "unlimited", null)
  const run = await runLoad({
    urls: readUrls(fleet), headers, concurrency: 16, durationMs: 8000,
    events: [
      { atMs: 2000, run: () => stopCluster(replica, "fast") },
      { atMs: 5000, run: () => startCluster(replica) }
    ]
  })
  const failed = run.sent.filter((s) => s.status !== 200)
  check("the replica stopped and started mid-load costs no request", failed.length === 0 && run.sent.length > 100,
    `${run.sent.length} requests at 16 at once, replica stopped at 2 s and started at 5 s: ${byStatus(run.sent)}`)
  const deadline = Date.now() + 30_000
  let state = ""
  while (Date.now() < deadline) {
    const health = await fetch(`http://127.0.0.1:${fleet.instances[1]!.port}/health`).then((r) => r.json() as Promise<{ replica?: { state: string } }>)
    state = health.replica?.state ?? "none"
    if (state === "in_use") break
    await sleep(250)
  }
  check("a restarted replica is used again", state === "in_use", `/health replica state ${state}`)
}

/** The primary frozen: every read answers or fails with 503 within a few seconds; none hangs. */
const primaryPaused = async (fleet: FleetState) => {
  const headers = await newKey(fleet, "unlimited", null)
  const boundMs = 3500
  let run: Awaited<ReturnType<typeof runLoad>>
  signalCluster(fleet.primary, "SIGSTOP")
  try {
    run = await runLoad({ urls: readUrls(fleet).slice(0, 2), headers, concurrency: 8, durationMs: 5000, timeoutMs: 15_000 })
  } finally {
    signalCluster(fleet.primary, "SIGCONT")
  }
  const bad = run.sent.filter((s) => !(s.status === 200 || s.status === 503) || s.end - s.start > boundMs)
  const slowest = Math.max(...run.sent.map((s) => s.end - s.start))
  check("reads while the primary is paused answer or fail fast with 503, never hang", bad.length === 0 && run.sent.length > 0,
    `${run.sent.length} record and search requests at 8 at once over 5 s: ${byStatus(run.sent)}; slowest ${slowest.toFixed(0)} ms (bound ${boundMs} ms)`)
  await waitForHealth(lbUrl(fleet), 60_000)
}

/** A batch job whose instance is killed is finished by another one, every row answered once. */
const batchTakenOver = async (fleet: FleetState) => {
  const headers = await newKey(fleet, "unlimited", null)
  const rows = Array.from({ length: 400 }, (_, n) => ({ name: `Fleet Proof Trading ${n} Limited`, country: "NG" }))
  const accepted = await fetch(`${lbUrl(fleet)}/v1/verify/batch`, {
    method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(rows)
  })
  const job = await accepted.json() as { id: string }
  let holder: string | undefined
  let runnerBefore: string | null = null
  const deadline = Date.now() + 30_000
  while (holder === undefined && Date.now() < deadline) {
    const active = await query<{ application_name: string }>(fleet,
      "SELECT application_name FROM pg_stat_activity WHERE query LIKE 'UPDATE batch_items%' AND application_name LIKE 'kyb-africa/%'")
    holder = active[0]?.application_name.replace("kyb-africa/", "")
    runnerBefore = (await query<{ claimed_by: string | null }>(fleet, `SELECT claimed_by FROM batch_jobs WHERE id = '${job.id.replace(/'/g, "")}'`))[0]?.claimed_by ?? null
    if (holder === undefined) await sleep(20)
  }
  const victim = fleet.instances.find((i) => i.name === holder)
  if (victim === undefined) {
    check("a batch job is taken over when its instance is killed", false, `no instance seen working on job ${job.id} (${accepted.status})`)
    return
  }
  const doneBefore = (await query<{ n: number }>(fleet, `SELECT count(*)::int AS n FROM batch_items WHERE job_id = '${job.id}' AND done`))[0]!.n
  await stopInstance(victim, "SIGKILL")
  let body: { status: string; total: number; results?: ReadonlyArray<{ position: number; verdict: unknown }> } = { status: "", total: 0 }
  const until = Date.now() + 120_000
  while (body.status !== "done" && Date.now() < until) {
    await sleep(500)
    body = await fetch(`${lbUrl(fleet)}/v1/jobs/${job.id}`, { headers }).then((r) => r.json() as Promise<typeof body>)
  }
  const runnerAfter = (await query<{ claimed_by: string | null }>(fleet, `SELECT claimed_by FROM batch_jobs WHERE id = '${job.id}'`))[0]?.claimed_by ?? null
  const positions = (body.results ?? []).map((r) => r.position)
  const once = positions.length === rows.length && new Set(positions).size === rows.length && (body.results ?? []).every((r) => r.verdict !== null)
  check("a batch job is taken over when its instance is killed",
    body.status === "done" && once && runnerAfter !== runnerBefore && doneBefore < rows.length,
    `job of ${rows.length} rows; ${victim.name} SIGKILLed after ${doneBefore} rows; status ${body.status}, ` +
      `${new Set(positions).size} distinct rows answered, runner ${runnerBefore} -> ${runnerAfter}`)
  await restart(fleet, victim)
}

/** Entities with a name of three words or more, in entry id order. */
const companies = (entries: ReadonlyArray<SanctionsEntry>) =>
  entries.filter((e) => e.entity_type === "entity" && e.name.split(/\s+/).length >= 3).sort((a, b) => Number(a.entry_id) - Number(b.entry_id))

/** A real list change (OFAC SDN 2021-07 -> current): one event per monitor and change, each delivered once. */
const listChange = async (fleet: FleetState) => {
  const headers = await newKey(fleet, "unlimited", null)
  const received = new Map<string, number>()
  const receiver = createServer((req, res) => {
    const id = String(req.headers["kyb-event-id"] ?? "")
    received.set(id, (received.get(id) ?? 0) + 1)
    req.resume()
    req.on("end", () => res.writeHead(200).end("ok"))
  })
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r))
  const address = receiver.address()
  const port = typeof address === "object" && address !== null ? address.port : 0
  try {
    const hook = await fetch(`${lbUrl(fleet)}/v1/webhooks`, {
      method: "POST", headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ url: `http://127.0.0.1:${port}/kyb`, events: ["sanctions.hit_added", "sanctions.hit_removed"] })
    })
    if (hook.status !== 201) throw new Error(`webhook not created: ${hook.status} ${await hook.text()}`)
    const [older] = await Effect.runPromise(parseListPaths([path.join(listsDir, "ofac-sdn-2021-07")]))
    const [newer] = await Effect.runPromise(parseListPaths([path.join(listsDir, "ofac-sdn")]))
    const before = new Map(older!.entries.map((e) => [e.entry_id, entryHash(e)]))
    const added = companies(newer!.entries).filter((e) => !before.has(e.entry_id)).slice(0, 6)
    const monitors = new Map<string, string>()
    for (const e of added) {
      const created = await fetch(`${lbUrl(fleet)}/v1/monitors`, {
        method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ name: e.name })
      })
      if (created.status !== 201) throw new Error(`monitor not created: ${created.status} ${await created.text()}`)
      monitors.set(((await created.json()) as { id: string }).id, e.entry_id)
    }
    log(`ingesting the current OFAC SDN (the list change) with ${monitors.size} monitors and a webhook`)
    await onPrimary(primaryUrl(fleet), ingestSanctions([path.join(listsDir, "ofac-sdn")], { publishedOn: "2024-05-03" }))
    type Event = { id: string; type: string; data: { monitor_id: string; entry_id?: string } }
    let events: ReadonlyArray<Event> = []
    const deadline = Date.now() + 240_000
    const complete = () => [...monitors].every(([m, entry]) => events.some((ev) => ev.data.monitor_id === m && ev.data.entry_id === entry)) &&
      events.every((ev) => received.has(ev.id))
    // An answer other than the page (a 503 while an instance re-indexes the list) is asked again.
    const eventsNow = () =>
      fetch(`${lbUrl(fleet)}/v1/events?limit=100`, { headers })
        .then((r) => r.json() as Promise<{ events?: ReadonlyArray<Event> }>).then((b) => b.events ?? events, () => events)
    while (!complete() && Date.now() < deadline) {
      await sleep(1000)
      events = await eventsNow()
    }
    // Time for a second instance to report the same change or deliver an event twice, had it done so.
    await sleep(5000)
    events = await eventsNow()
    // Re-checked once: each (monitor, entry) change reported once, whichever instance compared the versions; a
    // monitor's name may match more than one added entry.
    const pairs = new Map<string, number>()
    for (const ev of events) pairs.set(`${ev.type} ${ev.data.monitor_id} ${ev.data.entry_id}`, (pairs.get(`${ev.type} ${ev.data.monitor_id} ${ev.data.entry_id}`) ?? 0) + 1)
    const repeated = [...pairs.values()].filter((n) => n > 1).length
    if (repeated > 0) log(events.map((ev) => `${ev.type} ${ev.data.monitor_id} ${ev.data.entry_id} ${ev.id}`).join("\n"))
    const reported = [...monitors].filter(([m, entry]) => pairs.get(`sanctions.hit_added ${m} ${entry}`) === 1).length
    check("each monitor re-checked once per list change", repeated === 0 && reported === monitors.size,
      `${monitors.size} monitors named after entries the new version adds, ${fleet.instances.length} instances: ${events.length} events, ` +
        `${reported}/${monitors.size} monitors got their entry's hit_added, ${repeated} change(s) reported more than once`)
    const deliveries = events.map((ev) => received.get(ev.id) ?? 0)
    const stray = [...received.keys()].filter((id) => !events.some((ev) => ev.id === id))
    check("each webhook event delivered once however many instances run", deliveries.every((n) => n === 1) && stray.length === 0 && events.length > 0,
      `${events.length} events, deliveries per event ${deliveries.join(", ")}; receiver saw ${[...received.values()].reduce((a, b) => a + b, 0)} POSTs`)
  } finally {
    receiver.close()
  }
}

const main = async () => {
  const timer = setTimeout(() => {
    log(`deadline of ${deadlineSeconds} s passed`)
    process.exit(3)
  }, deadlineSeconds * 1000)
  const fleet = await up({
    dir, instances, replica: true, log,
    env: {
      KYB_WEBHOOK_ALLOW_PRIVATE: "true",
      KYB_WEBHOOK_POLL: "300 millis",
      KYB_BATCH_POLL: "500 millis",
      KYB_BATCH_STALE_SECONDS: "3",
      KYB_BATCH_CONCURRENCY: "1",
      KYB_MONITOR_POLL: "1 second",
      SANCTIONS_POLL_INTERVAL: "1 second",
      KYB_REPLICA_MAX_LAG: "5 seconds"
    },
    prepare: (url) =>
      onPrimary(url, Effect.gen(function*() {
        yield* Effect.flatMap(CompanyWriter, (w) => w.upsertBatch([{
          ...COMPANY, status: "active", source: "Corporate Affairs Commission (NG-CAC)", source_kind: "registry",
          last_verified_at: new Date().toISOString()
        }]))
        yield* ingestSanctions([path.join(listsDir, "ofac-sdn-2021-07")], { publishedOn: "2021-07-01" })
      }))
  })
  try {
    const only = option("only", "").split(",").filter((name) => name !== "")
    const scenarios = [quotaExact, instanceKilled, replicaRestarted, primaryPaused, batchTakenOver, listChange]
    for (const scenario of scenarios.filter((s) => only.length === 0 || only.includes(s.name))) {
      log(`-- ${scenario.name}`)
      await scenario(fleet).catch((error: unknown) => check(scenario.name, false, `did not run to the end: ${error instanceof Error ? error.message : String(error)}`))
    }
  } finally {
    await down(fleet, log)
    clearTimeout(timer)
  }
  const broken = verdicts.filter((v) => !v.holds)
  process.stdout.write([
    "",
    `Fleet proof, ${new Date().toISOString()}, ${os.cpus().length} x ${os.cpus()[0]?.model ?? "cpu"}: primary + streaming replica (PostgreSQL 15), ` +
      `${instances} instances (dist/main.js), HAProxy, all on 127.0.0.1.`,
    "",
    "| invariant | result | what was seen |",
    "|---|---|---|",
    ...verdicts.map((v) => `| ${v.invariant} | ${v.holds ? "holds" : "FAILED"} | ${v.detail} |`),
    "",
    broken.length === 0 ? "Every invariant holds." : `${broken.length} invariant(s) broken.`,
    ""
  ].join("\n"))
  process.exit(broken.length === 0 ? 0 : 1)
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`)
  process.exit(2)
})
