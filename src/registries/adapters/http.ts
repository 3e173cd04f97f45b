import { HttpClientRequest, type HttpClientResponse } from "@effect/platform"
import { Clock, Effect, ParseResult, Schema } from "effect"
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
        : Effect.zipRight(
          Effect.ignore(response.text),
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

export const readText = (registry: string, response: HttpClientResponse.HttpClientResponse) =>
  response.text.pipe(
    Effect.mapError((error) => new RegistryUnavailable({ registry, reason: "transport", detail: error.message }))
  )

/** Decodes a JSON body; an empty, non-JSON or wrongly shaped body is a typed decode failure. */
export const decodeJsonBody = <A, I>(registry: string, schema: Schema.Schema<A, I>, body: string) =>
  body.trim().length === 0
    ? Effect.fail(new RegistryUnavailable({ registry, reason: "decode", detail: "empty body" }))
    : Schema.decodeUnknown(Schema.parseJson(schema))(body).pipe(
      Effect.mapError((error) =>
        new RegistryUnavailable({
          registry,
          reason: "decode",
          detail: ParseResult.TreeFormatter.formatErrorSync(error).slice(0, 500)
        })
      )
    )

export const fetchedAt = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms).toISOString())
