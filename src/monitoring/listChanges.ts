import { Effect } from "effect"
import { buildMatchIndexEffect, nextMacrotask } from "../sanctions/buildIndex.js"
import { allVersions, entriesOf } from "../sanctions/lists/SanctionsStore.js"
import { entryHash, screenNames } from "../sanctions/matching/screen.js"
import { listOrder, type SanctionsEntry } from "../sanctions/model.js"

/** Entries hashed between two turns of the event loop (a whole list is tens of thousands). */
const HASH_STEP = 500

/**
 * Each entry's content hash by entry id, a few hundred at a time with the event loop given back between them: the
 * comparison runs in a server that is answering requests.
 */
const hashesOf = (entries: ReadonlyArray<SanctionsEntry>) =>
  Effect.gen(function*() {
    const hashes = new Map<string, string>()
    for (let i = 0; i < entries.length; i += HASH_STEP) {
      for (const e of entries.slice(i, i + HASH_STEP)) hashes.set(e.entry_id, entryHash(e))
      yield* nextMacrotask
    }
    return hashes
  })

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
      const before = yield* hashesOf(previousId === undefined ? [] : yield* entriesOf(previousId))
      const after = yield* entriesOf(id)
      const afterHashes = yield* hashesOf(after)
      const entries = after.filter((e) => before.get(e.entry_id) !== afterHashes.get(e.entry_id))
      for (const e of entries) changed.add(`${e.list}:${e.entry_id}`)
      changedByList.push({ list: next.list, label: next.label, entries })
      const present = new Set(after.map((e) => e.entry_id))
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
