import { Context, Metric } from "effect"

/**
 * Every series the service exports (issue 45), in Effect's own metric registry; `/metrics` renders the registry in
 * the Prometheus text format (exposition.ts). Labels are bounded: route templates, status classes, list ids, registry
 * ids, outcomes and reasons from fixed vocabularies; never a raw path, a key, a name or a number.
 */

const counter = (name: string, description: string) => Metric.counter(name, { description, incremental: true })
const gauge = (name: string, description: string) => Metric.gauge(name, { description })

const boundaries = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

export const httpRequests = counter("kyb_http_requests", "HTTP requests answered, by route template, method and status class.")
export const httpDuration = Metric.histogram("kyb_http_request_duration_seconds", {
  boundaries, description: "Time from the request's arrival to its answer, by route template and method."
})
export const quotaRefusals = counter("kyb_quota_refusals", "Requests refused because the key's monthly quota is used up.")
export const verdicts = counter("kyb_verdicts", "Verdicts given, by result and review reason (none when not in review).")
export const screeningHits = counter("kyb_screening_hits", "Hits a verification reported (dismissed ones not counted), by list.")
export const registryCalls = counter("kyb_registry_calls", "Live registry calls, by registry and outcome (ok or the reason it failed).")
export const registryDuration = Metric.histogram("kyb_registry_call_duration_seconds", {
  boundaries, description: "Time a live registry call took, retries included, by registry."
})
export const registryBreaker = gauge("kyb_registry_breaker_state", "The registry's circuit breaker: 0 closed, 1 half-open, 2 open.")
export const webhookDeliveries = counter("kyb_webhook_deliveries", "Webhook delivery attempts, by outcome (delivered, retrying, failed).")
export const webhookPending = gauge("kyb_webhook_pending", "Webhook deliveries not yet delivered nor given up (the backlog).")
export const webhookOldestAge = gauge("kyb_webhook_pending_oldest_age_seconds", "Age of the oldest pending delivery's event (0 when none).")
export const batchRows = gauge("kyb_batch_rows", "Batch rows not done yet, by their job's state (queued or running).")
export const monitorsActive = gauge("kyb_monitors", "Monitors in force.")
export const monitoringEvents = counter("kyb_events", "Monitoring events this instance recorded, by type.")
export const listVersion = gauge("kyb_list_active_version", "1 for each list's active version (0 for a version no longer active).")
export const listAge = gauge("kyb_list_age_seconds", "Age of each active list as verdicts count it: since the later of its publication date and the day its source last confirmed it current, else since it was loaded.")
export const listEntries = gauge("kyb_list_entries", "Entries in each active list's version.")
export const poolConnections = gauge("kyb_db_pool_connections", "Database pool connections, by pool (primary, replica) and state (in_use, idle).")
export const poolWaiting = gauge("kyb_db_pool_waiting", "Requests waiting for a database connection, by pool.")
export const poolMax = gauge("kyb_db_pool_max", "The database pool's size limit, by pool.")
export const replicaInUse = gauge("kyb_replica_in_use", "1 while reads go to the replica, 0 while it is bypassed (only with DATABASE_READ_URL).")
export const replicaLag = gauge("kyb_replica_lag_seconds", "The replica's replay lag at its last probe (only with DATABASE_READ_URL).")
export const eventLoopDelay = gauge("kyb_event_loop_delay_seconds", "Event-loop delay since the previous scrape, by statistic (p50, p99, max).")
export const heapUsed = gauge("kyb_process_heap_used_bytes", "V8 heap in use.")
export const heapTotal = gauge("kyb_process_heap_total_bytes", "V8 heap reserved.")
export const residentMemory = gauge("kyb_process_resident_memory_bytes", "Resident set size of the process.")
export const scrapeErrors = counter("kyb_metrics_scrape_errors", "Scrapes in which a database-derived series could not be read (left at its last value).")

/** Updates outside any fiber go to the process's registry (the MetricRegistry reference's default, one per process). */
const processContext = Context.empty()

/** One series of `metric`: the metric with its labels, ready to update from plain code. */
export interface Series {
  readonly update: (value: number) => void
}

/**
 * Series are made once per distinct set of label values and kept, so the request path's updates are a map look-up
 * and the metric's own update.
 */
export const labelled = (metric: Metric.Metric<number, unknown>, ...keys: ReadonlyArray<string>) => {
  const cache = new Map<string, Series>()
  return (...values: ReadonlyArray<string>): Series => {
    const id = values.join("\u0000")
    const known = cache.get(id)
    if (known !== undefined) return known
    const attributes = Object.fromEntries(keys.map((key, i) => [key, values[i] ?? ""]))
    const withLabels = keys.length === 0 ? metric : Metric.withAttributes(metric, attributes)
    const series: Series = { update: (value) => withLabels.updateUnsafe(value, processContext) }
    cache.set(id, series)
    return series
  }
}

const quotaRefused = labelled(quotaRefusals)()
const verdictSeries = labelled(verdicts, "result", "review_reason")
const hitSeries = labelled(screeningHits, "list")
const eventSeries = labelled(monitoringEvents, "type")
const webhookSeries = labelled(webhookDeliveries, "outcome")
const registryCallSeries = labelled(registryCalls, "registry", "outcome")
const registryDurationSeries = labelled(registryDuration, "registry")

export const countQuotaRefusal = (): void => quotaRefused.update(1)

export const countVerdict = (result: string, reviewReason: string | null, hitLists: ReadonlyArray<string>): void => {
  verdictSeries(result, reviewReason ?? "none").update(1)
  for (const list of hitLists) hitSeries(list).update(1)
}

export const countEvent = (type: string): void => eventSeries(type).update(1)

export const countWebhookAttempt = (outcome: "delivered" | "retrying" | "failed"): void => webhookSeries(outcome).update(1)

export const countRegistryCall = (registry: string, outcome: string, seconds: number): void => {
  registryCallSeries(registry, outcome).update(1)
  registryDurationSeries(registry).update(seconds)
}
