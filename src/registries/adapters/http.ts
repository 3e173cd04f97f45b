import * as HttpClientRequest from "effect/http/HttpClientRequest"
import type * as HttpClientResponse from "effect/http/HttpClientResponse"
import { Clock, Effect, Schema, Stream } from "effect"
import type { AdapterContext } from "./RegistryAdapter.js"
import { RegistryUnavailable } from "./RegistryUnavailable.js"

export const joinUrl = (baseUrl: string, path: string): string => baseUrl.replace(/\/+$/, "") + path

export const withHeaders = (ctx: AdapterContext, headers: Record<string, string>) =>
  HttpClientRequest.setHeaders({ "User-Agent": ctx.userAgent, ...headers })

/** Sends a request; transport failures and non-2xx statuses become typed failures. */
export const send = (registry: string, ctx: AdapterContext, request: HttpClientRequest.HttpClientRequest) =>
  ctx.client.execute(request).pipe(
    Effect.mapError((error) => new RegistryUnavailable({ registry, reason: "transport", detail: error.message })),
    Effect.flatMap((response) =>
      response.status >= 200 && response.status < 300
        ? Effect.succeed(response)
        : Effect.andThen(
          Effect.ignore(readText(registry, response)),
          Effect.fail(
            new RegistryUnavailable({
              registry,
              reason: "http_status",
              status: response.status,
              detail: `HTTP ${response.status}`
            })
          )
        )
    )
  )

/** No registry answer we use comes near this; a larger body is a registry fault, never held in memory whole. */
export const REGISTRY_BODY_LIMIT_BYTES = 2 * 1024 * 1024

const tooLarge = (registry: string) =>
  new RegistryUnavailable({ registry, reason: "decode", detail: `body larger than ${REGISTRY_BODY_LIMIT_BYTES} bytes` })

/** Reads a body as UTF-8 text, failing (and dropping the connection) as soon as it passes the limit. */
export const readText = (registry: string, response: HttpClientResponse.HttpClientResponse) => {
  const declared = Number(response.headers["content-length"])
  if (declared > REGISTRY_BODY_LIMIT_BYTES) return Effect.fail(tooLarge(registry))
  return response.stream.pipe(
    Stream.mapError((error) => new RegistryUnavailable({ registry, reason: "transport", detail: error.message })),
    Stream.runFoldEffect(() => ({ chunks: [] as Array<Uint8Array>, size: 0 }), (read, chunk) => {
      if (read.size + chunk.length > REGISTRY_BODY_LIMIT_BYTES) return Effect.fail(tooLarge(registry))
      read.chunks.push(chunk)
      read.size += chunk.length
      return Effect.succeed(read)
    }),
    Effect.map((read) => Buffer.concat(read.chunks).toString("utf8"))
  )
}

/** Decodes a JSON body; an empty, non-JSON or wrongly shaped body is a typed decode failure. */
export const decodeJsonBody = <S extends Schema.Decoder<unknown>>(registry: string, schema: S, body: string) =>
  body.trim().length === 0
    ? Effect.fail(new RegistryUnavailable({ registry, reason: "decode", detail: "empty body" }))
    : Schema.decodeUnknownEffect(Schema.fromJsonString(schema))(body).pipe(
      Effect.mapError((error) => new RegistryUnavailable({ registry, reason: "decode", detail: error.message.slice(0, 500) }))
    )

export const fetchedAt = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms).toISOString())
