import { Console, Effect } from "effect"
import { ListUpdater } from "../listUpdates/ListUpdater.js"
import { listDisplayName } from "../sanctions/model.js"
import { CliFailure, runCli } from "./runner.js"
import type { Invocation } from "./spec.js"

/**
 * `kyb lists update`: fetches every configured official list, checks it as any ingest does and activates it; a list
 * whose download or check fails keeps its last good version. One line per list on stderr, one JSON object per list on
 * stdout; exits 1 when any list was kept.
 */
export const listsUpdateProgram = Effect.gen(function*() {
  const updater = yield* ListUpdater
  const outcomes = yield* updater.update
  for (const o of outcomes) {
    const what = o.status === "kept" ? `kept ${o.version ?? "(none)"}: ${o.message}` : `${o.status}, version ${o.version}, ${o.entries} entries`
    yield* Console.error(`${listDisplayName[o.list]}: ${what}`)
    yield* Console.log(JSON.stringify(o))
  }
  const kept = outcomes.filter((o) => o.status === "kept")
  if (kept.length > 0) {
    return yield* new CliFailure({ message: `${kept.length} of ${outcomes.length} lists kept their last good version (see above)` })
  }
}).pipe(Effect.provide(ListUpdater.Default))

export const update = (invocation: Invocation) => runCli(invocation.command, listsUpdateProgram)
