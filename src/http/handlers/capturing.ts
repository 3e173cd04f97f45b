import { Context, Effect, Layer, Scope } from "effect"
import { Authentication, QuotaGuard } from "../../api/security.js"

type Named<Keys extends ReadonlyArray<Context.Key<any, any>>> = Context.Service.Identifier<Keys[number]>

/**
 * A handler group built in a context holding only `keys` (issue 56). `HttpApiBuilder.group` keeps the whole context it
 * is built in and merges it into every request's context (`Effect.provideContext`): built over every service of the
 * server (about 50), each request copied them all into a new map. Built here, the group keeps only what it names:
 * the services its handlers use and the middleware of its endpoints (read from that context when its routes are made).
 * The request's own context (the server's services, the request, the key) is the fiber's, as before.
 *
 * `keys` must name every service the group requires: the type says which are missing.
 */
export const capturing = <const Keys extends ReadonlyArray<Context.Key<any, any>>>(...keys: Keys) =>
<A, E, R extends Named<Keys>>(group: Layer.Layer<A, E, R>): Layer.Layer<A, E, Named<Keys>> =>
  Layer.effectContext(Effect.gen(function*() {
    const context = yield* Effect.context<Named<Keys> | Scope.Scope>()
    const only = Context.add(Context.pick(...keys)(context), Scope.Scope, Context.get(context, Scope.Scope))
    return yield* Layer.build(group).pipe(Effect.updateContext((_: Context.Context<Named<Keys> | Scope.Scope>) => only))
  }))

/** A group under /v1 (`guarded` in src/api/groups.ts): its endpoints' middleware, the key and the quota, with `keys`. */
export const capturingGuarded = <const Keys extends ReadonlyArray<Context.Key<any, any>>>(...keys: Keys) =>
  capturing(Authentication, QuotaGuard, ...keys)
