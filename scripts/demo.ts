import { Console, Effect, Layer } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { parseArgs } from "node:util"
import { CompanyWriter } from "../src/companies/CompanyWriter.js"
import { BulkLoad } from "../src/companies/ingest/bulk/BulkLoad.js"
import { ingestCompanyFile } from "../src/companies/ingest/CompanyIngest.js"
import { IngestReporter } from "../src/companies/ingest/IngestReporter.js"
import { ingestProcurementFile } from "../src/companies/ingest/ProcurementIngest.js"
import { ingestCacPscFile } from "../src/companies/ingest/PscIngest.js"
import type { FileSummary } from "../src/companies/ingest/runIngest.js"
import { type NoRunningDatabase, RunningDatabaseLive } from "../src/db/RunningDatabase.js"
import { ingestSanctions } from "../src/sanctions/lists/ingest.js"
import { listDisplayName } from "../src/sanctions/model.js"
import { eitiRecords } from "./corpus/eiti.js"
import { listedRecords } from "./corpus/listed.js"
import { CompanyLinker, linkSummary } from "../src/companies/link/CompanyLinker.js"

/**
 * npm run demo [-- --port N]: loads the real data shipped in the repository (data/, read where it lies) into the
 * database the running server uses (DATABASE_URL, or the running embedded server's socket in KYB_DATA_DIR; with
 * neither answering it stops at once with one line saying to start the server, and creates nothing), idempotently (a
 * second run changes nothing), links the records of one business (CompanyLinker), one progress line per step, then
 * prints three requests whose verdicts are verified, review with a sanctions hit, and review because no live registry
 * covers the country (registry_not_covered). Offline: nothing is fetched.
 */
const { values } = parseArgs({ options: { port: { type: "string" } } })
/** The repository, whose data/ folder holds the files (data/README.md). */
const repoRoot = path.resolve(import.meta.dirname, "..")
const data = (...parts: ReadonlyArray<string>) => path.join(repoRoot, "data", ...parts)
const port = values.port ?? process.env["PORT"] ?? "8080"

/** The three lists at their publication dates (the OFAC CSVs carry none; the UN XML its dateGenerated). */
const LISTS = [
  { path: data("sanctions", "ofac-sdn"), publishedOn: "2024-05-03" },
  { path: data("sanctions", "ofac-consolidated"), publishedOn: "2025-12-19" },
  { path: data("sanctions", "un"), publishedOn: undefined }
] as const

/** Who published the CAC PSC copy shipped in data/ (data/companies/README.md): a harvest of the register, not the registry's. */
const PSC_COPY = {
  name: "StephenAbbott/opencheck (backend/opencheck/data/cac_nigeria_psc.json @ b362a3e6)",
  url: "https://github.com/StephenAbbott/opencheck"
} as const

export const DEMO_REQUESTS = [
  { verdict: "verified", query: "name=Dangote%20Cement%20PLC&registration_no=RC%20208767&country=NG" },
  { verdict: "review (sanctions hit)", query: "name=Great%20Lakes%20Business%20Company&country=CD" },
  { verdict: "review (registry_not_covered: no live registry for Ghana, so absence proves nothing)", query: "name=Kumasi%20Quantum%20Widgets%20Limited&country=GH" }
] as const

let step = 0
const started = Date.now()
const STEPS = 9
const progress = (text: string) => Console.error(`[${++step}/${STEPS} ${((Date.now() - started) / 1000).toFixed(1)} s] ${text}`)

const counts = (s: FileSummary) =>
  `${s.rows} rows: ${s.inserted} new, ${s.updated} updated, ${s.unchanged} unchanged, ${s.rejected} rejected` +
  (s.matched > 0 ? `, ${s.matched} matched` : "")

const withTempFile = <A, E, R>(name: string, lines: ReadonlyArray<unknown>, use: (file: string) => Effect.Effect<A, E, R>) =>
  Effect.acquireUseRelease(
    Effect.sync(() => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kyb-demo-"))
      const file = path.join(dir, name)
      fs.writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n") + "\n")
      return file
    }),
    use,
    (file) => Effect.sync(() => fs.rmSync(path.dirname(file), { recursive: true, force: true }))
  )

/** Whether a fetch gave up waiting (a busy server) rather than finding nothing there. */
const timedOut = (error: unknown): boolean => error instanceof Error && error.name === "TimeoutError"

/** The list versions the server on `port` screens with now (none yet while it is too busy to answer); null when none answers there. */
const serverLists: Effect.Effect<ReadonlyArray<{ readonly list: string; readonly version: string }> | null> = Effect.tryPromise({
  try: async () => {
    const response = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(5_000) })
    const body = await response.json() as { lists?: ReadonlyArray<{ list: string; version: string }> }
    return body.lists ?? []
  },
  catch: (error) => error
}).pipe(Effect.catch((error) => Effect.succeed(timedOut(error) ? [] : null)))

/**
 * Waits (at most 5 minutes) until the running server screens with the versions just activated: it loads them at its
 * next poll and builds its index, and the printed requests answer from them only then. No server: says so.
 */
const serverScreening = (active: ReadonlyArray<{ readonly list: string; readonly version: string }>) =>
  Effect.gen(function*() {
    const deadline = Date.now() + 300_000
    for (;;) {
      const lists = yield* serverLists
      if (lists === null) return `no server answers on port ${port}: start it (npm start); it screens with these lists once started`
      if (active.every((a) => lists.some((l) => l.list === a.list && l.version === a.version))) return `the server on port ${port} screens with these lists`
      if (Date.now() > deadline) return yield* Effect.fail(new Error(`the server on port ${port} has not loaded the lists after 5 minutes; see its log`))
      yield* Effect.sleep("1 second")
    }
  })

const demo = Effect.gen(function*() {
  const active: Array<{ readonly list: string; readonly version: string }> = []
  for (const list of LISTS) {
    const [result] = yield* ingestSanctions([list.path], { publishedOn: list.publishedOn })
    if (result === undefined) continue
    active.push({ list: result.list, version: result.label })
    yield* progress(`${listDisplayName[result.list]} ${result.label}: ${result.status}, ${result.entries} entries`)
  }
  const listed = listedRecords(repoRoot, 1).records
  const listedSummary = yield* withTempFile("listed.jsonl", listed, (file) => ingestCompanyFile(file, { bulk: "never" }))
  yield* progress(`listed companies: ${counts(listedSummary)}`)
  const eiti = eitiRecords(repoRoot)
  const eitiSummary = yield* withTempFile("eiti.jsonl", eiti, (file) => ingestCompanyFile(file, { bulk: "never" }))
  yield* progress(`EITI entities: ${counts(eitiSummary)}`)
  yield* progress(`CAC PSC register: ${counts(yield* ingestCacPscFile(data("companies", "ng_cac_psc.json"), PSC_COPY))} (a third party's copy)`)
  yield* progress(`procurement awards: ${counts(yield* ingestProcurementFile(data("procurement", "awards_normalized.csv")))}`)
  const linker = yield* CompanyLinker
  yield* progress(`one business, one record: ${linkSummary(yield* linker.relink)}`)
  yield* progress(yield* serverScreening(active))
  yield* Console.log([
    "",
    `Loaded in ${((Date.now() - started) / 1000).toFixed(1)} s. With the server running (npm start) and a key:`,
    "",
    "The shipped lists are old (OFAC SDN of 2024-05-03): under the default KYB_LISTS_MAX_AGE_DAYS of 7 every verdict is",
    "review (lists_stale) until `npm run -s kyb -- lists update` fetches the current files. The answers below are those of",
    "a server started with KYB_LISTS_MAX_AGE_DAYS=off (each verdict's `lists` still gives every list's age).",
    "",
    "KEY=$(npm run -s kyb -- keys create --label demo | tail -n 1)",
    ...DEMO_REQUESTS.map((r) => `curl -s -H "x-api-key: $KEY" "http://localhost:${port}/v1/verify?${r.query}"   # ${r.verdict}`)
  ].join("\n"))
})

const Live = Layer.mergeAll(CompanyWriter.Default, CompanyLinker.Default, BulkLoad.Default, IngestReporter.silent).pipe(Layer.provideMerge(RunningDatabaseLive))

/** The one line said when no server's database answers: the demo loads into a running server's, never one of its own. */
const startOneFirst = (e: NoRunningDatabase) =>
  new Error(e.kind === "embedded"
    ? `no server is running on the data directory ${e.where}: start one (npm start) in another terminal, then run npm run demo again; nothing was loaded or created`
    : `the database at DATABASE_URL (${e.where}) does not answer (${e.cause ?? "no answer"}): start it and the server (npm start, with the same DATABASE_URL) in another terminal, then run npm run demo again; nothing was loaded`)

if (import.meta.url === `file://${process.argv[1]}`) {
  Effect.runPromise(demo.pipe(Effect.provide(Live), Effect.catchTag("NoRunningDatabase", (e) => Effect.fail(startOneFirst(e))))).catch((error: unknown) => {
    process.stderr.write(`demo: ${error instanceof Error ? error.message : String(error)}\n`.replace(/\n(?!$)/g, " "))
    process.exitCode = 1
  })
}
