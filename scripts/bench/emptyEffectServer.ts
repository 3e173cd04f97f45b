import * as HttpApi from "effect/http-api/HttpApi"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
// The framework's ceiling: an Effect HttpApi with one endpoint whose handler does nothing but answer a fixed JSON
// value (what the API returns for one company), served by @effect/platform-node like the API and configured as it is
// (tracer off, no request spans).
import { Effect, Layer, Schema } from "effect"
import { serveLikeTheApi } from "./serveLikeTheApi.js"

const body: unknown = JSON.parse(process.env["BARE_BODY"] ?? "{}")
const port = Number(process.env["PORT"] ?? "0")

class Empty extends HttpApiGroup.make("empty").add(HttpApiEndpoint.get("answer", "/", { success: Schema.Unknown })) {}
class EmptyApi extends HttpApi.make("empty").add(Empty) {}

const EmptyLive = HttpApiBuilder.group(EmptyApi, "empty", (handlers) => handlers.handle("answer", () => Effect.succeed(body)))

serveLikeTheApi(HttpApiBuilder.layer(EmptyApi).pipe(Layer.provide(EmptyLive)), port)
