import { SqlClient } from "effect/sql"
import { Effect } from "effect"
import type { EntryDetails } from "../domain/entryDetails.js"
import { detailsOf } from "./lists/SanctionsStore.js"
import type { ScreeningResult } from "./matching/screen.js"
import type { ListId } from "./model.js"

const key = (list: string, entryId: string) => `${list}\u0000${entryId}`

/**
 * Gives each hit its entry's details (addresses, remarks ...) from the stored entries of the version it was screened
 * against: the index loaded from the database does not hold them (they are only ever needed for hits), so they are
 * read here, one query per list with hits. A hit on a list loaded from files (no version id) keeps what it has; an
 * entry stored without details gets null. Should the read fail, the hits go without `details` (absent) and it is logged.
 */
export const withDetails = (
  versions: ReadonlyArray<{ readonly list: ListId; readonly id: number | null }>,
  result: ScreeningResult
): Effect.Effect<ScreeningResult, never, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const stored = result.hits.filter((h) => versions.some((v) => v.list === h.list && v.id !== null))
    if (stored.length === 0) return result
    const found = new Map<string, EntryDetails>()
    for (const version of versions) {
      const ids = [...new Set(stored.filter((h) => h.list === version.list).map((h) => h.entry_id))]
      if (version.id === null || ids.length === 0) continue
      for (const [id, details] of yield* detailsOf(version.id, ids)) found.set(key(version.list, id), details)
    }
    const read = new Set(stored)
    return {
      ...result,
      hits: result.hits.map((h) => read.has(h) ? { ...h, listing: { ...h.listing, details: found.get(key(h.list, h.entry_id)) ?? null } } : h)
    }
  }).pipe(
    Effect.catch((cause) =>
      Effect.logWarning("the listed entries' details could not be read; hits are reported without them").pipe(
        Effect.annotateLogs({ cause: String(cause) }),
        Effect.as({
          ...result,
          hits: result.hits.map((h) => {
            const { details: _unread, ...listing } = h.listing
            return { ...h, listing }
          })
        })
      ))
  )
