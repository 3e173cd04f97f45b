import { Effect } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import type { ListId } from "../model.js"
import { SanctionsDownloadError } from "./errors.js"
import { fetchOfacPublishDate } from "./ofacPublishDate.js"

const OFAC_EXPORTS = "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports"

/** The official files (data/sanctions/README.md), saved under the names the ingest recognises. */
export const OFFICIAL_FILES: ReadonlyArray<{ readonly url: string; readonly file: string }> = [
  { url: `${OFAC_EXPORTS}/SDN.CSV`, file: "sdn.csv" },
  { url: `${OFAC_EXPORTS}/ALT.CSV`, file: "alt.csv" },
  { url: `${OFAC_EXPORTS}/ADD.CSV`, file: "add.csv" },
  { url: `${OFAC_EXPORTS}/SDN_COMMENTS.CSV`, file: "sdn_comments.csv" },
  { url: `${OFAC_EXPORTS}/CONS_PRIM.CSV`, file: "cons_prim.csv" },
  { url: `${OFAC_EXPORTS}/CONS_ALT.CSV`, file: "cons_alt.csv" },
  { url: `${OFAC_EXPORTS}/CONS_ADD.CSV`, file: "cons_add.csv" },
  { url: `${OFAC_EXPORTS}/CONS_COMMENTS.CSV`, file: "cons_comments.csv" },
  { url: "https://scsanctions.un.org/resources/xml/en/consolidated.xml", file: "consolidated.xml" }
]

export interface Downloaded {
  readonly directory: string
  readonly files: ReadonlyArray<string>
  /** OFAC's lists' publication dates as their XML states them (Publish_Date), when it does: their CSVs carry none. */
  readonly statedOn: Readonly<Partial<Record<ListId, string>>>
}

/** The XML of the same OFAC publication, whose head states its Publish_Date. */
const OFAC_STATED_IN: ReadonlyArray<{ readonly list: ListId; readonly url: string }> = [
  { list: "ofac_sdn", url: `${OFAC_EXPORTS}/SDN.XML` },
  { list: "ofac_consolidated", url: `${OFAC_EXPORTS}/CONSOLIDATED.XML` }
]

/**
 * Saves one file; its Last-Modified header when sent (for the log, never a list's date). A body shorter than its Content-Length (a cut
 * connection) is refused, never saved as if whole.
 */
export const fetchTo = (url: string, target: string, timeoutMs: number) =>
  Effect.tryPromise({
    try: async () => {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
      if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`)
      const body = Buffer.from(await response.arrayBuffer())
      const declared = Number(response.headers.get("content-length") ?? Number.NaN)
      if (Number.isFinite(declared) && response.headers.get("content-encoding") === null && body.length !== declared) {
        throw new Error(`truncated: ${body.length} of ${declared} bytes`)
      }
      fs.writeFileSync(target, body)
      return response.headers.get("last-modified")
    },
    catch: (cause) => {
      const reason = cause instanceof Error ? (cause.cause instanceof Error ? `${cause.message}: ${cause.cause.message}` : cause.message) : String(cause)
      return new SanctionsDownloadError({
        url,
        message: `could not download ${url} (${reason}). Without internet access, fetch the files elsewhere and run ` +
          "`kyb ingest sanctions <files or folders>`; the active versions stay in use."
      })
    }
  })

/** Downloads every official list file into `directory` (default: a new temporary folder). Fails on the first error. */
export const downloadOfficialLists = (
  directory?: string,
  timeoutMs = 60_000,
  sources: ReadonlyArray<{ readonly url: string; readonly file: string }> = OFFICIAL_FILES,
  statedIn: ReadonlyArray<{ readonly list: ListId; readonly url: string }> = OFAC_STATED_IN
): Effect.Effect<Downloaded, SanctionsDownloadError> =>
  Effect.suspend(() => {
    const dir = directory ?? fs.mkdtempSync(path.join(os.tmpdir(), "kyb-sanctions-"))
    fs.mkdirSync(dir, { recursive: true })
    const cleanUp = directory === undefined ? Effect.sync(() => fs.rmSync(dir, { recursive: true, force: true })) : Effect.void
    return Effect.tapError(fetchAll(dir, sources, statedIn, timeoutMs), () => cleanUp)
  })

const fetchAll = Effect.fnUntraced(function*(dir: string, sources: ReadonlyArray<{ readonly url: string; readonly file: string }>, statedIn: ReadonlyArray<{ readonly list: ListId; readonly url: string }>, timeoutMs: number) {
  // The dates first: a publication between them and the files can only make a date understate the files' age.
  const statedOn: Partial<Record<ListId, string>> = {}
  for (const { list, url } of statedIn) {
    const stated = yield* fetchOfacPublishDate(url, timeoutMs)
    if (stated.publishedOn !== null) statedOn[list] = stated.publishedOn
  }
  const files: Array<string> = []
  for (const { file, url } of sources) {
    const target = path.join(dir, file)
    yield* fetchTo(url, target, timeoutMs)
    files.push(target)
  }
  return { directory: dir, files, statedOn }
})
