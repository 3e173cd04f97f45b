import { type Etag, type HttpPlatform, HttpMiddleware, HttpRouter, HttpServer } from "effect/http"
// Serves a benchmark's HttpApi on 127.0.0.1:<port> configured as the API is (tracer off, no request spans, no request
// log), until the process is stopped: the empty handler and the Effect same-work floor differ from the API only in
// what they do.
import { NodeHttpServer, NodeRuntime, type NodeServices } from "@effect/platform-node"
import { Layer, References } from "effect"
import { createServer } from "node:http"

/** What a route layer may need of the server: the router, and what the Node server layer provides. */
type ServerServices = HttpRouter.HttpRouter | NodeServices.NodeServices | HttpPlatform.HttpPlatform | Etag.Generator

export const serveLikeTheApi = <E>(routes: Layer.Layer<never, E, ServerServices>, port: number): void =>
  HttpRouter.serve(routes, { disableLogger: true, disableListenLog: true }).pipe(
    Layer.provide(Layer.succeed(HttpMiddleware.TracerDisabledWhen)(() => true)),
    HttpServer.withLogAddress,
    Layer.provide(NodeHttpServer.layer(createServer, { port, host: "127.0.0.1" })),
    Layer.provide(Layer.succeed(References.TracerEnabled, false)),
    Layer.launch,
    NodeRuntime.runMain
  )
