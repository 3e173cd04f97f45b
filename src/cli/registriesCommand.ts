import { Console, Effect } from "effect"
import { RegistryCoverageService } from "../registries/RegistryCoverageService.js"
import { runCli } from "./runner.js"
import type { Invocation } from "./spec.js"

export const registries = (invocation: Invocation) =>
  runCli(
    invocation.command,
    Effect.gen(function*() {
      const { registries } = yield* Effect.flatMap(RegistryCoverageService, (s) => s.list)
      yield* Console.log(["id", "country", "scheme", "live", "records", "newest_check", "name"].join("\t"))
      for (const r of registries) {
        yield* Console.log(
          [r.id, r.country, r.identifier_scheme, r.live ? "yes" : "no", r.record_count, r.last_verified_at ?? "-", r.name].join("\t")
        )
      }
    }).pipe(Effect.provide(RegistryCoverageService.Default))
  )
