import type * as Etag from "effect/http/Etag"
import type * as HttpPlatform from "effect/http/HttpPlatform"
import * as HttpMiddleware from "effect/http/HttpMiddleware"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServer from "effect/http/HttpServer"
// Serves a benchmark's HttpApi on 127.0.0.1:<port> configured as the API is (tracer off, no request spans, no request
// log), until the process is stopped: the empty handler and the Effect same-work floor differ from the API only in
// what they do.
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import type * as NodeServices from "@effect/platform-node/NodeServices"
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
