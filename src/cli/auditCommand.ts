import { Console, Effect } from "effect"
import { Audit } from "../audit/Audit.js"
import { CliFailure, runCli } from "./runner.js"
import type { Invocation } from "./spec.js"

/**
 * `kyb audit verify [--account ID]`: recomputes every account's audit chain (or one) and prints how many entries
 * were checked; exits 1 naming the first bad entry of each broken chain.
 */
export const verify = (invocation: Invocation) =>
  runCli(
    invocation.command,
    Effect.gen(function*() {
      const account = invocation.options["account"]
      const result = yield* (yield* Audit).verify(typeof account === "string" ? account : null)
      for (const broken of result.broken) {
        yield* Console.log(`account ${broken.accountId}: entry ${broken.seq} is bad: ${broken.words}`)
      }
      if (result.broken.length > 0) {
        return yield* new CliFailure({ message: `${result.broken.length} of ${result.chains} chains do not verify (${result.entries} entries read)` })
      }
      yield* Console.log(`ok: ${result.chains} chains, ${result.entries} entries verified`)
    }).pipe(Effect.provide(Audit.Default))
  )
