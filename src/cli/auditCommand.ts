import { Console, Effect } from "effect"
import { readFile } from "node:fs/promises"
import { Audit } from "../audit/Audit.js"
import { exportedEntries } from "../audit/exportFile.js"
import { CliFailure, runCli } from "./runner.js"
import type { Invocation } from "./spec.js"

const readExport = Effect.fnUntraced(function*(file: string) {
  const text = yield* Effect.tryPromise({ try: () => readFile(file, "utf8"), catch: (e) => new CliFailure({ message: `--against ${file}: ${String(e)}` }) })
  const read = exportedEntries(text)
  if ("error" in read) return yield* new CliFailure({ message: `--against ${file}: ${read.error} (expected the audit log's export.jsonl)` })
  return read.entries
})

/**
 * `kyb audit verify [--account ID] [--against EXPORT]`: recomputes every account's audit chain (or one) and the chain
 * of chain heads, and with --against compares an export taken earlier with what the database holds now; prints what
 * was checked, and exits 1 naming each problem.
 */
export const verify = (invocation: Invocation) =>
  runCli(
    invocation.command,
    Effect.gen(function*() {
      const account = invocation.options["account"]
      const against = invocation.options["against"]
      const audit = yield* Audit
      const exported = typeof against === "string" ? yield* readExport(against) : null
      const result = yield* audit.verify(typeof account === "string" ? account : null)
      for (const broken of result.broken) {
        yield* Console.log(`account ${broken.accountId}: entry ${broken.seq} is bad: ${broken.words}`)
      }
      for (const problem of result.anchors.problems) yield* Console.log(problem)
      const compared = exported === null ? null : yield* audit.compareExport(exported)
      for (const difference of compared?.differences ?? []) yield* Console.log(difference)
      const problems = result.broken.length + result.anchors.problems.length + (compared?.differences.length ?? 0)
      const read = `${result.chains} chains, ${result.entries} entries verified, ${result.anchors.count} anchors` +
        (compared === null ? "" : `, ${compared.compared} exported entries compared`)
      if (problems > 0) return yield* new CliFailure({ message: `${problems} problems found (${read})` })
      yield* Console.log(`ok: ${read}: every chain verifies, every anchored head is in place${compared === null ? "" : ", the export matches the database"}`)
    }).pipe(Effect.provide(Audit.Default))
  )
