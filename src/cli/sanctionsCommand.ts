import { Console, Effect } from "effect"
import * as os from "node:os"
import type { SanctionsIngestRefused } from "../sanctions/lists/errors.js"
import { type Downloaded, downloadOfficialLists } from "../sanctions/lists/download.js"
import { ingestSanctions } from "../sanctions/lists/ingest.js"
import { listDisplayName } from "../sanctions/model.js"
import { CliFailure, runCli } from "./runner.js"
import type { Invocation } from "./spec.js"

const text = (invocation: Invocation, name: string) => {
  const value = invocation.options[name]
  return typeof value === "string" ? value : undefined
}

const operatingSystemUser = () => {
  try {
    return os.userInfo().username
  } catch {
    return process.env["USER"] ?? "unknown"
  }
}

/** What the operator can do about a refusal, by the option that overrides it. */
const hint = (error: unknown): string | undefined => {
  const reason = (error as Partial<SanctionsIngestRefused>)?.reason
  if (reason === "entries_lost") return "to accept the loss, raise --max-drop (e.g. --max-drop 0.5)"
  if (reason === "older_version") return "to activate it anyway, add --allow-older --reason \"...\""
  return undefined
}

/** `kyb ingest sanctions <path>... [--download]`: stores each list as a version and activates them in one transaction. */
export const sanctionsProgram = (invocation: Invocation) =>
    Effect.gen(function*() {
      const given = [...invocation.args]
      const date = text(invocation, "published-on")
      if (date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
        return yield* new CliFailure({ message: `published_on: must be a date (YYYY-MM-DD), got '${date}'` })
      }
      const maxDrop = invocation.options["max-drop"] as number
      if (!(maxDrop >= 0 && maxDrop <= 1)) return yield* new CliFailure({ message: `--max-drop: must be between 0 and 1, got ${maxDrop}` })
      const reason = text(invocation, "reason")?.trim()
      const allowOlder = invocation.options["allow-older"] === true
      if (allowOlder && (reason === undefined || reason === "")) {
        return yield* new CliFailure({ message: "--allow-older needs --reason \"why an older version is activated\"" })
      }
      let statedOn: Downloaded["statedOn"] | undefined
      if (invocation.options["download"] === true) {
        const fetched = yield* downloadOfficialLists()
        yield* Console.error(`downloaded ${fetched.files.length} files into ${fetched.directory}`)
        given.push(fetched.directory)
        statedOn = fetched.statedOn
      }
      const results = yield* ingestSanctions(given, {
        publishedOn: date,
        statedOn,
        maxDropRatio: maxDrop,
        allowOlder: allowOlder ? { by: text(invocation, "actor") ?? operatingSystemUser(), reason: reason! } : undefined
      })
      for (const r of results) {
        const before = r.previousEntries === null ? "" : ` (was ${r.previousEntries})`
        const details = r.detailsAdded ? "; the entries' details (addresses, remarks ...) added, their hashes unchanged" : ""
        yield* Console.error(`${listDisplayName[r.list]} (${r.label}): ${r.status}, ${r.entries} entries${before}, ${r.aliases} aliases${details}`)
        yield* Console.log(JSON.stringify(r))
      }
    })

export const sanctions = (invocation: Invocation) => runCli(invocation.command, sanctionsProgram(invocation), hint)
