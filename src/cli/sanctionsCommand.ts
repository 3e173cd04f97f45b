import { Args, Command, Options } from "@effect/cli"
import { Console, Effect, Option } from "effect"
import { downloadOfficialLists } from "../sanctions/lists/download.js"
import { ingestSanctions } from "../sanctions/lists/ingest.js"
import { listDisplayName } from "../sanctions/model.js"

const paths = Args.path({ name: "path", exists: "yes" }).pipe(
  Args.repeated,
  Args.withDescription("List files or folders: OFAC sdn.csv/alt.csv/add.csv/sdn_comments.csv, cons_*.csv, UN consolidated.xml, OFSI ConList.xlsx/.csv and InvBan.csv, EU FSF XML, World Bank debarment .xlsx")
)
const download = Options.boolean("download").pipe(
  Options.withDescription("Fetch the official OFAC SDN, OFAC Consolidated and UN files first (needs internet)")
)
const publishedOn = Options.text("published-on").pipe(
  Options.optional,
  Options.withDescription("Publication date (YYYY-MM-DD) for lists whose files carry none (OFAC CSV)")
)
const maxDrop = Options.float("max-drop").pipe(
  Options.withDefault(0.1),
  Options.withDescription("Refuse a list that loses more than this share of the active version's entries")
)

/** `kyb ingest sanctions <path…> [--download]`: stores each list as a version and activates them in one transaction. */
export const ingestSanctionsCommand = Command.make(
  "sanctions",
  { paths, download, publishedOn, maxDrop },
  (args) =>
    Effect.gen(function*() {
      const given = [...args.paths]
      let date = Option.getOrUndefined(args.publishedOn)
      if (date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
        return yield* Effect.fail(new Error(`--published-on must be YYYY-MM-DD, got ${date}`))
      }
      if (args.download) {
        const fetched = yield* downloadOfficialLists()
        yield* Console.error(`downloaded ${fetched.files.length} files into ${fetched.directory}`)
        given.push(fetched.directory)
        date ??= fetched.ofacPublishedOn ?? undefined
      }
      if (given.length === 0) return yield* Effect.fail(new Error("give list files or folders, or --download"))
      const results = yield* ingestSanctions(given, { publishedOn: date, maxDropRatio: args.maxDrop })
      for (const r of results) {
        const before = r.previousEntries === null ? "" : ` (was ${r.previousEntries})`
        yield* Console.error(`${listDisplayName[r.list]} (${r.label}): ${r.status}, ${r.entries} entries${before}, ${r.aliases} aliases`)
        yield* Console.log(JSON.stringify(r))
      }
    })
).pipe(
  Command.withDescription(
    "Sanctions lists (OFAC SDN, OFAC Consolidated, UN SC, UK OFSI, EU FSF) and the World Bank debarment list: each list becomes a version with file hashes and counts; " +
      "a file that fails to parse or loses over 10% of the active entries is refused and the active version stays."
  )
)
