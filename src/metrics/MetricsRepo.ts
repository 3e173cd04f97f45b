import { SqlClient } from "effect/sql"
import { Effect, Context, Layer } from "effect"

export interface ActiveListRow {
  readonly list: string
  readonly label: string
  readonly age_seconds: number
  readonly entry_count: number
}

/** What the database-derived series read at each scrape: small aggregates over partial indexes. */
export class MetricsRepo extends Context.Service<MetricsRepo>()("kyb/metrics/MetricsRepo", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    /**
     * Each active list version and its age as verdicts count it (src/domain/listFreshness.ts): since the later of the
     * day it was published and the day the official source last confirmed it current (UTC midnight), else since it
     * was loaded.
     */
    const activeLists = sql<ActiveListRow>`SELECT list, label, entry_count,
        EXTRACT(EPOCH FROM now() - coalesce(
          (greatest(published_on, confirmed_on)::timestamp AT TIME ZONE 'UTC'), loaded_at))::float8 AS age_seconds
      FROM sanctions_versions WHERE active`

    /** Batch rows not done, by their job's state. */
    const batchRows = sql<{ status: string; n: number }>`SELECT j.status, count(*)::int AS n
      FROM batch_items i JOIN batch_jobs j ON j.id = i.job_id
      WHERE NOT i.done AND j.status <> 'done' GROUP BY j.status`

    /** Pending deliveries and the age of the oldest one's event. */
    const webhookBacklog = sql<{ pending: number; oldest_seconds: number }>`SELECT count(*)::int AS pending,
        coalesce(EXTRACT(EPOCH FROM now() - min(e.created_at)), 0)::float8 AS oldest_seconds
      FROM webhook_deliveries d JOIN events e ON e.id = d.event_id WHERE d.state = 'pending'`

    const activeMonitors = sql<{ n: number }>`SELECT count(*)::int AS n FROM monitors WHERE deleted_at IS NULL`

    return { activeLists, batchRows, webhookBacklog, activeMonitors } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
