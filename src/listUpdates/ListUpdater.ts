import { SqlClient } from "effect/sql"
import { Clock, Config, Duration, Effect, Option, Schedule, Context, Layer } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { utcDay } from "../domain/listFreshness.js"
import { fetchTo } from "../sanctions/lists/download.js"
import { fetchOfacPublishDate } from "../sanctions/lists/ofacPublishDate.js"
import { ingestSanctions } from "../sanctions/lists/ingest.js"
import { activeVersions, confirmVersion } from "../sanctions/lists/SanctionsStore.js"
import { type ListId, listDisplayName } from "../sanctions/model.js"
import { type OfficialSource, officialSources, PublisherAddresses, sourceAddresses } from "./officialSources.js"

/** What an update did with one list. */
export interface ListUpdate {
  readonly list: ListId
  /** activated: a new version is active; unchanged: the same files as the active version; kept: the download or its check failed. */
  readonly status: "activated" | "unchanged" | "kept"
  /** The active version after the update (null: none was ever loaded). */
  readonly version: string | null
  readonly entries: number | null
  /** Where the files were fetched from. */
  readonly from: string
  /** The publisher's own address served the active version today: it is confirmed current today (never from a copy). */
  readonly confirmed: boolean
  /** What the operator should know, in words: why a list was kept, or why a version was not confirmed or has no date. */
  readonly message: string | null
}

const messageOf = (error: unknown) =>
  typeof error === "object" && error !== null && "message" in error && typeof error.message === "string" ? error.message : String(error)

/** KYB_LISTS_REFRESH: a duration ("6 hours"), or unset / "off". */
const refreshEvery = Config.Duration("KYB_LISTS_REFRESH").pipe(
  Config.map(Option.some),
  Config.orElse(() => Config.map(Config.Literal("off", "KYB_LISTS_REFRESH"), () => Option.none<Duration.Duration>())),
  Config.withDefault(Option.none<Duration.Duration>())
)

const timeoutMs = Config.Int("KYB_LISTS_DOWNLOAD_TIMEOUT_MS").pipe(Config.withDefault(120_000))

/** Why a fetched version is not confirmed current, or is of unknown date, in words (null: nothing to say). */
const caveats = (source: OfficialSource, dateUnknown: string | null) =>
  [
    source.publisher ? null : `fetched from ${source.address}, not the publisher's address: not confirmed current`,
    dateUnknown
  ].filter((m): m is string => m !== null).join("; ") || null

/**
 * Fetches one list's files into a folder of its own and ingests them as `kyb ingest sanctions` would (the same parse,
 * the same refusals: a list that would lose more than 10% of its entries, an older publication). A version is dated
 * by what the publication states (the files' own date; for OFAC's CSVs, the Publish_Date of the same publication's
 * XML, read first so that a publication in between can only make the date understate), never by a server's
 * Last-Modified nor by today. Only the publisher's own address confirms the version current today; a copy served
 * elsewhere activates what it serves with its own date and says where it came from.
 */
const updateOne = (source: OfficialSource, today: string, timeout: number) =>
  Effect.acquireUseRelease(
    Effect.sync(() => fs.mkdtempSync(path.join(os.tmpdir(), `kyb-lists-${source.list}-`))),
    (dir) =>
      Effect.gen(function*() {
        const stated = source.statedIn === undefined ? null : yield* fetchOfacPublishDate(source.statedIn, timeout)
        for (const { file, url } of source.files) yield* fetchTo(url, path.join(dir, file), timeout)
        const [result] = yield* ingestSanctions([dir], {
          statedOn: stated?.publishedOn == null ? undefined : { [source.list]: stated.publishedOn },
          fetchedFrom: source.address
        })
        if (result === undefined) return yield* Effect.fail(new Error(`${source.list}: the files fetched hold no list`))
        if (source.publisher) yield* confirmVersion(result.versionId, today, source.address)
        const unknownDate = stated !== null && stated.publishedOn === null && result.label.startsWith("sha256:")
          ? `no publication date (${stated.reason}): of unknown age, it counts as stale`
          : null
        return {
          list: source.list, status: result.status, version: result.label, entries: result.entries, from: source.address,
          confirmed: source.publisher, message: caveats(source, unknownDate)
        } satisfies ListUpdate
      }),
    (dir) => Effect.sync(() => fs.rmSync(dir, { recursive: true, force: true }))
  )

/**
 * Keeps the screening lists current without a person: `update` fetches every configured list (docs/lists-and-registries.md,
 * KYB_LISTS_*_URL; an empty one is left out), checks each as any ingest does and activates it; a list whose download
 * or check fails keeps its last good version, and the update says so (and logs it). Only a publisher's own address
 * confirms a list current. With KYB_LISTS_REFRESH (a duration, e.g. "6 hours"; off
 * by default) the server runs it at start and then on that schedule; every instance may, the versions table's lock serialises them
 * and a second fetch of the same files from the publisher changes nothing but the confirmation date.
 */
export class ListUpdater extends Context.Service<ListUpdater>()("kyb/ListUpdater", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const sources = officialSources(yield* sourceAddresses, yield* PublisherAddresses)
    const timeout = yield* timeoutMs
    const refresh = yield* refreshEvery

    const update = Effect.gen(function*() {
      const today = utcDay(new Date(yield* Clock.currentTimeMillis))
      const held = new Map((yield* Effect.orDie(activeVersions)).map((v) => [v.list, v.label]))
      const outcomes: Array<ListUpdate> = []
      for (const source of sources) {
        const outcome = yield* updateOne(source, today, timeout).pipe(
          Effect.catch((error) =>
            Effect.succeed<ListUpdate>({
              list: source.list,
              status: "kept",
              version: held.get(source.list) ?? null,
              entries: null,
              from: source.address,
              confirmed: false,
              message: `${messageOf(error)}; the last good version ${held.get(source.list) ?? "(none)"} stays active`
            }))
        )
        if (outcome.status === "kept") {
          yield* Effect.logWarning("list update kept the last good version").pipe(Effect.annotateLogs({ list: source.list, reason: outcome.message }))
        } else {
          yield* Effect.logInfo(`list ${outcome.status}`).pipe(Effect.annotateLogs({
            list: listDisplayName[source.list], version: outcome.version, from: outcome.from, confirmed: outcome.confirmed
          }))
        }
        outcomes.push(outcome)
      }
      return outcomes as ReadonlyArray<ListUpdate>
    }).pipe(Effect.provideService(SqlClient.SqlClient, sql))

    // At start (a server that comes up with old lists updates them now), then every KYB_LISTS_REFRESH.
    if (Option.isSome(refresh) && Duration.toMillis(refresh.value) > 0) {
      yield* Effect.forkScoped(
        Effect.repeat(update.pipe(Effect.catchCause((cause) => Effect.logWarning("list update failed", cause))), Schedule.spaced(refresh.value))
      )
    }
    return { update, sources } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
