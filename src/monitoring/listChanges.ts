import { Effect } from "effect"
import { buildMatchIndexEffect, nextMacrotask } from "../sanctions/buildIndex.js"
import { allVersions, forEachEntryBatch } from "../sanctions/lists/SanctionsStore.js"
import { entryHash, screenNames } from "../sanctions/matching/screen.js"
import { listOrder, type SanctionsEntry } from "../sanctions/model.js"

/** Entries hashed between two turns of the event loop (a whole list is tens of thousands). */
const HASH_STEP = 500

/**
 * Each entry of a stored version with its content hash, given to `use` a few hundred at a time with the event loop
 * given back between them: the comparison runs in a server that is answering requests, and a version is read a batch
 * at a time (forEachEntryBatch), so the whole list is not held to be compared.
 */
const forEachHashed = (versionId: number, use: (entry: SanctionsEntry, hash: string) => void) =>
  forEachEntryBatch(versionId, (batch) =>
    Effect.gen(function*() {
      for (let i = 0; i < batch.length; i += HASH_STEP) {
        for (const e of batch.slice(i, i + HASH_STEP)) use(e, entryHash(e))
        yield* nextMacrotask
      }
    }))

/**
 * What changed between two sets of list versions: the entries added or changed (by content hash) and the entries
 * removed, per list; and, over the changed entries only, which monitored names they could concern. That screening
 * runs on a small index of the changed entries (it picks candidates; each candidate is then verified against the
 * whole index, so its hits and scores are the ones any verification gives).
 */
export const changedEntries = (fromIds: ReadonlyArray<number>, toIds: ReadonlyArray<number>) =>
  Effect.gen(function*() {
    const versions = new Map((yield* allVersions).map((v) => [v.id, v]))
    const changed = new Set<string>()
    const changedByList: Array<{ readonly list: SanctionsEntry["list"]; readonly label: string; readonly entries: Array<SanctionsEntry> }> = []
    const removed = new Map<string, Set<string>>()
    for (const id of toIds.filter((id) => !fromIds.includes(id))) {
      const next = versions.get(id)
      if (next === undefined) continue
      const previousId = fromIds.find((old) => versions.get(old)?.list === next.list)
      const before = new Map<string, string>()
      if (previousId !== undefined) yield* forEachHashed(previousId, (e, hash) => before.set(e.entry_id, hash))
      // Only the entries added or changed are kept of the new version.
      const entries: Array<SanctionsEntry> = []
      const present = new Set<string>()
      yield* forEachHashed(id, (e, hash) => {
        present.add(e.entry_id)
        if (before.get(e.entry_id) !== hash) entries.push(e)
      })
      for (const e of entries) changed.add(`${e.list}:${e.entry_id}`)
      changedByList.push({ list: next.list, label: next.label, entries })
      removed.set(next.list, new Set([...before.keys()].filter((entryId) => !present.has(entryId))))
    }
    const index = yield* buildMatchIndexEffect(changedByList.map((c) => ({
      parsed: { list: c.list, publishedOn: null, entries: c.entries, aliasCount: 0 },
      version: c.label
    })))
    /** The monitors the changed entries could concern (a hit of the review band on the small index). */
    const candidatesAmong = (monitors: ReadonlyArray<{ readonly id: string; readonly name: string; readonly country: string | null }>) =>
      new Set(changed.size === 0 ? [] : monitors.filter((m) =>
        screenNames(index, [m.name], { country: m.country ?? undefined, lists: listOrder }).hits.length > 0
      ).map((m) => m.id))
    return { changed, removed, candidatesAmong } as const
  })
