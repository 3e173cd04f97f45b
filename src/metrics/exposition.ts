import { Effect } from "effect"

/** The Prometheus text exposition format's content type. */
export const PROMETHEUS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"

type Render = () => Promise<string>

/**
 * Effect's metric registry, read by @effect/opentelemetry's metric producer and written by the OpenTelemetry
 * Prometheus exporter's serializer. Their modules (and the OpenTelemetry SDK under them) are loaded on the first
 * scrape, not at start: an instance nobody scrapes does not hold them.
 */
const load = async (): Promise<Render> => {
  const [Metrics, Resource, Prometheus] = await Promise.all([
    import("@effect/opentelemetry/OtelMetrics"),
    import("@effect/opentelemetry/Resource"),
    import("@opentelemetry/exporter-prometheus")
  ])
  const producer = await Effect.runPromise(
    Effect.provide(Metrics.makeProducer(), Resource.layer({ serviceName: "kyb-africa" }))
  )
  // No prefix, no timestamps, no resource labels, no target_info or otel_scope_* series: the service's own only.
  const serializer = new Prometheus.PrometheusSerializer(undefined, false, undefined, true, true)
  return async () => serializer.serialize((await producer.collect()).resourceMetrics)
}

let render: Promise<Render> | undefined

/** The registry now, in the Prometheus text format. */
export const prometheusText: Effect.Effect<string> = Effect.promise(async () => {
  render ??= load()
  return (await render)()
})
