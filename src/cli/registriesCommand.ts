import { Command } from "@effect/cli"
import { Console, Effect } from "effect"
import { RegistryCoverageService } from "../registries/RegistryCoverageService.js"

export const registriesCommand = Command.make("registries", {}, () =>
  Effect.gen(function*() {
    const { registries } = yield* Effect.flatMap(RegistryCoverageService, (s) => s.list)
    yield* Console.log(["id", "country", "scheme", "live", "records", "newest_check", "name"].join("\t"))
    for (const r of registries) {
      yield* Console.log(
        [r.id, r.country, r.identifier_scheme, r.live ? "yes" : "no", r.record_count, r.last_verified_at ?? "-", r.name].join("\t")
      )
    }
  })).pipe(Command.withDescription("The 18 registries with live capability and coverage counts"))
