import { Effect } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { SanctionsDownloadError } from "./errors.js"

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
  /** Date of the OFAC SDN file from its Last-Modified header, when the server sends one. */
  readonly ofacPublishedOn: string | null
}

/**
 * Saves one official file; its Last-Modified header when sent. A body shorter than its Content-Length (a cut
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
  sources: ReadonlyArray<{ readonly url: string; readonly file: string }> = OFFICIAL_FILES
): Effect.Effect<Downloaded, SanctionsDownloadError> =>
  Effect.suspend(() => {
    const dir = directory ?? fs.mkdtempSync(path.join(os.tmpdir(), "kyb-sanctions-"))
    fs.mkdirSync(dir, { recursive: true })
    const cleanUp = directory === undefined ? Effect.sync(() => fs.rmSync(dir, { recursive: true, force: true })) : Effect.void
    return Effect.tapError(fetchAll(dir, sources, timeoutMs), () => cleanUp)
  })

const fetchAll = (dir: string, sources: ReadonlyArray<{ readonly url: string; readonly file: string }>, timeoutMs: number) =>
  Effect.gen(function*() {
    const files: Array<string> = []
    let ofacPublishedOn: string | null = null
    for (const { file, url } of sources) {
      const target = path.join(dir, file)
      const lastModified = yield* fetchTo(url, target, timeoutMs)
      if (file === "sdn.csv" && lastModified !== null && !Number.isNaN(Date.parse(lastModified))) {
        ofacPublishedOn = new Date(lastModified).toISOString().slice(0, 10)
      }
      files.push(target)
    }
    return { directory: dir, files, ofacPublishedOn }
  })
