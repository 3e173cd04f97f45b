import { Metric, MetricBoundaries, MetricLabel } from "effect"

/**
 * Every series the service exports (issue 45), in Effect's own metric registry; `/metrics` renders the registry in
 * the Prometheus text format (exposition.ts). Labels are bounded: route templates, status classes, list ids, registry
 * ids, outcomes and reasons from fixed vocabularies; never a raw path, a key, a name or a number.
 */

const counter = (name: string, description: string) => Metric.counter(name, { description, incremental: true })
const gauge = (name: string, description: string) => Metric.gauge(name, { description })

const SECONDS = MetricBoundaries.fromIterable([0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10])

export const httpRequests = counter("kyb_http_requests", "HTTP requests answered, by route template, method and status class.")
export const httpDuration = Metric.histogram(
  "kyb_http_request_duration_seconds", SECONDS, "Time from the request's arrival to its answer, by route template and method."
)
export const quotaRefusals = counter("kyb_quota_refusals", "Requests refused because the key's monthly quota is used up.")
export const verdicts = counter("kyb_verdicts", "Verdicts given, by result and review reason (none when not in review).")
export const screeningHits = counter("kyb_screening_hits", "Hits a verification reported (dismissed ones not counted), by list.")
export const registryCalls = counter("kyb_registry_calls", "Live registry calls, by registry and outcome (ok or the reason it failed).")
export const registryDuration = Metric.histogram(
  "kyb_registry_call_duration_seconds", SECONDS, "Time a live registry call took, retries included, by registry."
)
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

/**
 * Label arrays are made once per distinct set of values and kept: Effect's metrics find a labelled series by the
 * identity of its label array, so the request path's updates are a map look-up and an addition.
 */
export const labelCache = (...keys: ReadonlyArray<string>) => {
  const cache = new Map<string, ReadonlyArray<MetricLabel.MetricLabel>>()
  return (...values: ReadonlyArray<string>): ReadonlyArray<MetricLabel.MetricLabel> => {
    const id = values.join("\u0000")
    const known = cache.get(id)
    if (known !== undefined) return known
    const labels = keys.map((key, i) => MetricLabel.make(key, values[i] ?? ""))
    cache.set(id, labels)
    return labels
  }
}

const noLabels: ReadonlyArray<MetricLabel.MetricLabel> = []
const verdictLabels = labelCache("result", "review_reason")
const listLabels = labelCache("list")
const webhookLabels = labelCache("outcome")
const registryOutcome = labelCache("registry", "outcome")
const registryLabel = labelCache("registry")

export const countQuotaRefusal = (): void => quotaRefusals.unsafeUpdate(1, noLabels)

export const countVerdict = (result: string, reviewReason: string | null, hitLists: ReadonlyArray<string>): void => {
  verdicts.unsafeUpdate(1, verdictLabels(result, reviewReason ?? "none"))
  for (const list of hitLists) screeningHits.unsafeUpdate(1, listLabels(list))
}

const eventLabels = labelCache("type")
export const countEvent = (type: string): void => monitoringEvents.unsafeUpdate(1, eventLabels(type))

export const countWebhookAttempt = (outcome: "delivered" | "retrying" | "failed"): void =>
  webhookDeliveries.unsafeUpdate(1, webhookLabels(outcome))

export const countRegistryCall = (registry: string, outcome: string, seconds: number): void => {
  registryCalls.unsafeUpdate(1, registryOutcome(registry, outcome))
  registryDuration.unsafeUpdate(seconds, registryLabel(registry))
}

export { listLabels, noLabels, registryLabel }
