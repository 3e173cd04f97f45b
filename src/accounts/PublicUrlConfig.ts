import { Config, Effect, Option } from "effect"
import { publicUrlOf } from "../domain/publicUrl.js"

/** KYB_PUBLIC_URL, or where the server listens (HOST, PORT: the server's own defaults, src/http/Server.ts: loopback). */
export const publicUrlConfig = Effect.gen(function*() {
  const configured = yield* Config.option(Config.String("KYB_PUBLIC_URL"))
  const host = yield* Config.String("HOST").pipe(Config.withDefault("127.0.0.1"))
  const port = yield* Config.Port("PORT").pipe(Config.withDefault(8080))
  return publicUrlOf(Option.getOrUndefined(configured), { host, port })
})
