import { Effect } from "effect"
import { type FakeRegistryOptions, startFakeRegistry } from "./server.js"

/** The fake registry as a scoped resource: closed when the scope closes. */
export const fakeRegistryScoped = (options: FakeRegistryOptions) =>
  Effect.acquireRelease(
    Effect.promise(() => startFakeRegistry(options)),
    (registry) => Effect.promise(() => registry.close())
  )
