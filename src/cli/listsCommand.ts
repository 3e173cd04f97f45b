import { Console, Effect } from "effect"
import { type ListUpdate, ListUpdater } from "../listUpdates/ListUpdater.js"
import { listDisplayName } from "../sanctions/model.js"
import { CliFailure, runCli } from "./runner.js"
import type { Invocation } from "./spec.js"

/** One list's outcome in words. */
const described = (o: ListUpdate) =>
  o.status === "kept"
    ? `kept ${o.version ?? "(none)"}: ${o.message}`
    : `${o.status}, version ${o.version}, ${o.entries} entries, ${o.confirmed ? `confirmed current today by ${o.from}` : o.message ?? `from ${o.from}`}`

/**
 * `kyb lists update`: fetches every configured list, checks it as any ingest does and activates it; a list whose
 * download or check fails keeps its last good version. One line per list on stderr, one JSON object per list on
 * stdout; exits 1 when any list was kept. Every KYB_LISTS_*_URL emptied (offline): nothing is fetched, exit 0.
 */
export const listsUpdateProgram = Effect.gen(function*() {
  const updater = yield* ListUpdater
  if (updater.sources.length === 0) {
    yield* Console.error("no list is fetched: every KYB_LISTS_*_URL is empty (each list left out); the active versions stay in use. " +
      "To load lists without internet access: kyb ingest sanctions <files or folders>")
    return
  }
  const outcomes = yield* updater.update
  for (const o of outcomes) {
    yield* Console.error(`${listDisplayName[o.list]}: ${described(o)}`)
    yield* Console.log(JSON.stringify(o))
  }
  const kept = outcomes.filter((o) => o.status === "kept")
  if (kept.length > 0) {
    return yield* new CliFailure({ message: `${kept.length} of ${outcomes.length} lists kept their last good version (see above)` })
  }
}).pipe(Effect.provide(ListUpdater.Default))

export const update = (invocation: Invocation) => runCli(invocation.command, listsUpdateProgram)
