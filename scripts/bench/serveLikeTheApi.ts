import { HttpApiBuilder, type HttpApi } from "effect/http-api"
import { HttpMiddleware, HttpServer } from "effect/http"
// Serves a benchmark's HttpApi on 127.0.0.1:<port> configured as the API is (tracer off, no request spans), until
// the process is stopped: the empty handler and the Effect same-work floor differ from the API only in what they do.
import { NodeHttpServer, NodeRuntime } from "@effect/platform-node"
import { Layer, References } from "effect"
import { createServer } from "node:http"

export const serveLikeTheApi = <E>(api: Layer.Layer<HttpApi.Api, E>, port: number): void =>
  HttpApiBuilder.serve().pipe(
    Layer.provide(api),
    HttpMiddleware.withTracerDisabledWhen(() => true),
    HttpServer.withLogAddress,
    Layer.provide(NodeHttpServer.layer(createServer, { port, host: "127.0.0.1" })),
    Layer.provide(Layer.succeed(References.TracerEnabled, false)),
    Layer.launch,
    NodeRuntime.runMain
  )
