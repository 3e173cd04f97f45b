import { Config, Duration, Effect, Layer, Option, Redacted, References, Schema, Tracer } from "effect"
import { sampledTracer } from "./sampledTracer.js"

const isHttpUrl = (text: string) => {
  const parsed = URL.canParse(text) ? new URL(text) : null
  return parsed !== null && (parsed.protocol === "http:" || parsed.protocol === "https:")
}

/** An endpoint variable: absent or blank is none; anything else must be an http:// or https:// URL. */
const endpointVariable = (name: string) =>
  Config.schema(
    Schema.String.check(Schema.makeFilter((text: string) => text.trim() === "" || isHttpUrl(text.trim()) || "expected an http:// or https:// URL")),
    name
  ).pipe(Config.option, Config.map(Option.filter((text: string) => text.trim() !== "")))

/**
 * Where traces go: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as given, else OTEL_EXPORTER_OTLP_ENDPOINT + `/v1/traces`
 * (OTLP over HTTP, JSON); neither set: tracing is off.
 */
const endpoint = Config.all({
  traces: endpointVariable("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"),
  base: endpointVariable("OTEL_EXPORTER_OTLP_ENDPOINT")
}).pipe(
  Config.map(({ base, traces }): Option.Option<string> =>
    Option.isSome(traces)
      ? Option.some(traces.value.trim())
      : Option.map(base, (b) => `${b.trim().replace(/\/+$/, "")}/v1/traces`))
)

/** OTEL_TRACES_SAMPLER_ARG: the share of traces kept, 0 to 1 (default 1: every trace). */
const sampleRatio = Config.schema(
  Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 1 }, { message: "expected a ratio between 0 and 1" })),
  "OTEL_TRACES_SAMPLER_ARG"
).pipe(Config.withDefault(1))

/** OTEL_EXPORTER_OTLP_HEADERS: `name=value,name=value` sent with each export (a collector's token, say). */
const exportHeaders = Config.Redacted("OTEL_EXPORTER_OTLP_HEADERS").pipe(
  Config.map((raw) =>
    Object.fromEntries(Redacted.value(raw).split(",").flatMap((pair) => {
      const at = pair.indexOf("=")
      return at <= 0 ? [] : [[decodeURIComponent(pair.slice(0, at).trim()), decodeURIComponent(pair.slice(at + 1).trim())]]
    }))
  ),
  Config.withDefault({})
)

export interface TracingSettings {
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly ratio: number
  readonly serviceName: string
  readonly instance: string
}

export const tracingSettings: Config.Config<Option.Option<TracingSettings>> = Config.all({
  url: endpoint,
  ratio: sampleRatio,
  headers: exportHeaders,
  serviceName: Config.String("OTEL_SERVICE_NAME").pipe(Config.withDefault("kyb-africa")),
  instance: Config.String("KYB_INSTANCE_NAME").pipe(Config.withDefault(""))
}).pipe(Config.map(({ url, ...rest }) => Option.map(url, (u) => ({ url: u, ...rest }))))

/**
 * Traces over OTLP/HTTP when an endpoint is configured (the exporter's modules are loaded only then); otherwise the
 * tracer is off, as it always was: a span costs a context change per call even with nothing to export.
 */
export const TracingLive = Layer.unwrap(Effect.gen(function*() {
  const settings = yield* tracingSettings
  if (Option.isNone(settings)) return Layer.succeed(References.TracerEnabled, false)
  const { headers, instance, ratio, serviceName, url } = settings.value
  const [{ OtlpExporter, OtlpTracer, OtlpSerialization }, { FetchHttpClient }] = yield* Effect.promise(() =>
    Promise.all([import("effect/observability"), import("effect/http")])
  )
  const tracer = OtlpTracer.make({
    url,
    headers,
    resource: { serviceName, attributes: instance.trim() === "" ? {} : { "service.instance.id": instance.trim() } },
    exportInterval: Duration.seconds(2)
  })
  yield* Effect.logInfo("traces exported over OTLP").pipe(Effect.annotateLogs({ endpoint: new URL(url).host, sample_ratio: ratio }))
  return Layer.unwrap(Effect.map(tracer, (t) => Layer.succeed(Tracer.Tracer, sampledTracer(t, ratio)))).pipe(
    // The exporter flushes what it holds when the process stops.
    Layer.provideMerge(OtlpExporter.layerFlusher),
    Layer.provide(OtlpSerialization.layerJson),
    Layer.provide(FetchHttpClient.layer)
  )
}))

/** Whether this process exports traces (the HTTP layer keeps the request spans off otherwise). */
export const tracingEnabled = Effect.map(tracingSettings, Option.isSome)
