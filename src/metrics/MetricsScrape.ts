import { Effect, Metric, Context, Layer } from "effect"
import { monitorEventLoopDelay } from "node:perf_hooks"
import { ReadSql } from "../db/ReadSql.js"
import { LiveRegistries } from "../registries/LiveRegistries.js"
import { prometheusText } from "./exposition.js"
import { MetricsRepo } from "./MetricsRepo.js"
import { poolUsage } from "./pools.js"
import * as series from "./series.js"

const seriesOf = new Map<Metric.Gauge<number>, Map<string, ReturnType<typeof series.labelled>>>()
const setGauge = (gauge: Metric.Gauge<number>, value: number, labels: ReadonlyArray<string> = [], keys: ReadonlyArray<string> = []) => {
  const byKeys = seriesOf.get(gauge) ?? new Map<string, ReturnType<typeof series.labelled>>()
  seriesOf.set(gauge, byKeys)
  const id = keys.join(",")
  const of = byKeys.get(id) ?? series.labelled(gauge, ...keys)
  byKeys.set(id, of)
  of(...labels).update(value)
}
const scrapeError = series.labelled(series.scrapeErrors)()

const BREAKER_VALUE = { closed: 0, half_open: 1, open: 2 } as const

/**
 * The series read at scrape time (the database's aggregates, breakers, the replica, pools, the event loop and
 * memory), then the whole registry as Prometheus text. A database aggregate that cannot be read within two seconds
 * keeps its last value and counts a scrape error: the scrape itself always answers.
 */
export class MetricsScrape extends Context.Service<MetricsScrape>()("kyb/metrics/MetricsScrape", {
  make: Effect.gen(function*() {
    const repo = yield* MetricsRepo
    const reads = yield* ReadSql
    const live = yield* LiveRegistries
    const delay = monitorEventLoopDelay({ resolution: 20 })
    delay.enable()
    yield* Effect.addFinalizer(() => Effect.sync(() => delay.disable()))
    const shownVersions = new Map<string, string>()

    const lists = Effect.map(repo.activeLists, (rows) => {
      for (const row of rows) {
        const before = shownVersions.get(row.list)
        if (before !== undefined && before !== row.label) setGauge(series.listVersion, 0, [row.list, before], ["list", "version"])
        shownVersions.set(row.list, row.label)
        setGauge(series.listVersion, 1, [row.list, row.label], ["list", "version"])
        setGauge(series.listAge, Math.max(0, row.age_seconds), [row.list], ["list"])
        setGauge(series.listEntries, row.entry_count, [row.list], ["list"])
      }
    })
    const batch = Effect.map(repo.batchRows, (rows) => {
      for (const status of ["queued", "running"]) {
        setGauge(series.batchRows, rows.find((r) => r.status === status)?.n ?? 0, [status], ["state"])
      }
    })
    const webhooks = Effect.map(repo.webhookBacklog, ([row]) => {
      setGauge(series.webhookPending, row?.pending ?? 0)
      setGauge(series.webhookOldestAge, row?.oldest_seconds ?? 0)
    })
    const monitors = Effect.map(repo.activeMonitors, ([row]) => setGauge(series.monitorsActive, row?.n ?? 0))
    const fromDatabase = Effect.all([lists, batch, webhooks, monitors], { concurrency: "unbounded", discard: true }).pipe(
      Effect.timeoutOrElse({ duration: "2 seconds", orElse: () => Effect.fail("timeout" as const) }),
      Effect.catchCause((cause) =>
        Effect.andThen(
          Effect.sync(() => scrapeError.update(1)),
          Effect.logWarning("metrics: database series not read").pipe(Effect.annotateLogs({ cause: String(cause) }))
        ))
    )

    const breakers = Effect.map(live.status(), (statuses) => {
      for (const s of statuses) setGauge(series.registryBreaker, BREAKER_VALUE[s.state], [s.registry], ["registry"])
    })
    const replica = Effect.map(reads.state, (state) => {
      if (!state.configured) return
      setGauge(series.replicaInUse, state.inUse ? 1 : 0)
      if (state.lagSeconds !== null) setGauge(series.replicaLag, state.lagSeconds)
    })
    const processSeries = Effect.sync(() => {
      for (const [role, usage] of poolUsage()) {
        setGauge(series.poolConnections, usage.inUse, [role, "in_use"], ["pool", "state"])
        setGauge(series.poolWaiting, usage.waiting, [role], ["pool"])
        setGauge(series.poolMax, usage.max, [role], ["pool"])
      }
      // Nanoseconds in the histogram; its minimum wait is the resolution, so an idle loop reads about 0.02 s.
      if (delay.count > 0) {
        setGauge(series.eventLoopDelay, delay.percentile(50) / 1e9, ["p50"], ["stat"])
        setGauge(series.eventLoopDelay, delay.percentile(99) / 1e9, ["p99"], ["stat"])
        setGauge(series.eventLoopDelay, delay.max / 1e9, ["max"], ["stat"])
      }
      delay.reset()
      const memory = process.memoryUsage()
      setGauge(series.heapUsed, memory.heapUsed)
      setGauge(series.heapTotal, memory.heapTotal)
      setGauge(series.residentMemory, memory.rss)
    })

    const text = Effect.all([fromDatabase, breakers, replica, processSeries], { concurrency: "unbounded", discard: true }).pipe(
      Effect.andThen(prometheusText)
    )
    return { text } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([MetricsRepo.Default, ReadSql.Default, LiveRegistries.Default]))
}
