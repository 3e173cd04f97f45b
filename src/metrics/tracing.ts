import { Config, ConfigError, Duration, Effect, Result, Layer, Option, Redacted } from "effect"
import { sampledTracer } from "./sampledTracer.js"

/**
 * Where traces go: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as given, else OTEL_EXPORTER_OTLP_ENDPOINT + `/v1/traces`
 * (OTLP over HTTP, JSON); neither set: tracing is off.
 */
const endpoint = Config.all({
  traces: Config.option(Config.string("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")),
  base: Config.option(Config.string("OTEL_EXPORTER_OTLP_ENDPOINT"))
}).pipe(
  Config.map(({ base, traces }): Option.Option<string> => {
    const given = Option.filter(traces, (t) => t.trim() !== "")
    if (Option.isSome(given)) return Option.some(given.value.trim())
    return Option.map(Option.filter(base, (b) => b.trim() !== ""), (b) => `${b.trim().replace(/\/+$/, "")}/v1/traces`)
  }),
  Config.mapOrFail((url): Result.Result<Option.Option<string>, ConfigError.ConfigError> => {
    if (Option.isNone(url)) return Result.succeed(url)
    const parsed = URL.canParse(url.value) ? new URL(url.value) : null
    return parsed !== null && (parsed.protocol === "http:" || parsed.protocol === "https:")
      ? Result.succeed(url)
      : Result.fail(ConfigError.InvalidData(["OTEL_EXPORTER_OTLP_ENDPOINT"], "expected an http:// or https:// URL"))
  })
)

/** OTEL_TRACES_SAMPLER_ARG: the share of traces kept, 0 to 1 (default 1: every trace). */
const sampleRatio = Config.number("OTEL_TRACES_SAMPLER_ARG").pipe(
  Config.withDefault(1),
  Config.validate({ message: "expected a ratio between 0 and 1", validation: (r) => r >= 0 && r <= 1 })
)

/** OTEL_EXPORTER_OTLP_HEADERS: `name=value,name=value` sent with each export (a collector's token, say). */
const exportHeaders = Config.redacted("OTEL_EXPORTER_OTLP_HEADERS").pipe(
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
  serviceName: Config.string("OTEL_SERVICE_NAME").pipe(Config.withDefault("kyb-africa")),
  instance: Config.string("KYB_INSTANCE_NAME").pipe(Config.withDefault(""))
}).pipe(Config.map(({ url, ...rest }) => Option.map(url, (u) => ({ url: u, ...rest }))))

/**
 * Traces over OTLP/HTTP when an endpoint is configured (the exporter's modules are loaded only then); otherwise the
 * tracer is off, as it always was: a span costs a context change per call even with nothing to export.
 */
export const TracingLive = Layer.unwrapEffect(Effect.gen(function*() {
  const settings = yield* tracingSettings
  if (Option.isNone(settings)) return Layer.setTracerEnabled(false)
  const { headers, instance, ratio, serviceName, url } = settings.value
  const [OtlpTracer, OtlpSerialization, FetchHttpClient] = yield* Effect.promise(() =>
    Promise.all([
      import("@effect/opentelemetry/OtlpTracer"),
      import("@effect/opentelemetry/OtlpSerialization"),
      import("@effect/platform/FetchHttpClient")
    ])
  )
  const tracer = OtlpTracer.make({
    url,
    headers,
    resource: { serviceName, attributes: instance.trim() === "" ? {} : { "service.instance.id": instance.trim() } },
    exportInterval: Duration.seconds(2)
  })
  yield* Effect.logInfo("traces exported over OTLP").pipe(Effect.annotateLogs({ endpoint: new URL(url).host, sample_ratio: ratio }))
  return Layer.unwrapScoped(Effect.map(tracer, (t) => Layer.setTracer(sampledTracer(t, ratio)))).pipe(
    Layer.provide(OtlpSerialization.layerJson),
    Layer.provide(FetchHttpClient.layer)
  )
}))

/** Whether this process exports traces (the HTTP layer keeps the request spans off otherwise). */
export const tracingEnabled = Effect.map(tracingSettings, Option.isSome)
