import { SqlClient, type SqlError } from "effect/sql"
import { Config, Duration, Effect, Option, Schedule, Context, Layer } from "effect"
import { randomUUID } from "node:crypto"
import type { Actor, PageParams } from "../access/actor.js"
import { InvalidApiKey } from "../domain/errors.js"
import { MonitorNotFound } from "./errors.js"
import type { Verdict, VerifyInput } from "../domain/schemas/Verdict.js"
import { Event, EventPage, Monitor, MonitorPage } from "../domain/schemas/Webhook.js"
import type { MonitorBody } from "../domain/schemas/Webhook.js"
import { isNewerVersionSet } from "../domain/listVersionOrder.js"
import { Checks } from "../checks/Checks.js"
import { Cursors } from "../access/Cursors.js"
import { canonicalNumber, registryForCountry } from "../domain/registrationNumbers.js"
import { isDebarmentList } from "../sanctions/model.js"
import { Screener } from "../sanctions/Screener.js"
import { Fence } from "../tenancy/Fence.js"
import { Limits } from "../tenancy/Limits.js"
import { Quota } from "../access/Quota.js"
import { Audit } from "../audit/Audit.js"
import { Webhooks } from "../webhooks/Webhooks.js"
import { changedEntries } from "./listChanges.js"
import { type HeldHit, type MonitorRow, MonitoringRepo } from "./MonitoringRepo.js"

const monitorOf = (row: MonitorRow) =>
  new Monitor({
    id: row.id, name: row.name, country: row.country, registration_no: row.registration_no, screened_name: row.screened_name,
    hits: row.hits, created_at: row.created_at.toISOString(), created_by: row.created_by
  })

const inputOf = (m: Pick<MonitorRow, "name" | "country" | "registration_no">): VerifyInput => ({
  ...(m.name === null ? {} : { name: m.name }),
  ...(m.registration_no === null ? {} : { registration_no: m.registration_no }),
  ...(m.country === null ? {} : { country: m.country })
})

/**
 * Monitoring (issue 17): a key watches names or companies; when a new list version is activated, only the entries
 * added or changed since the versions last compared are screened against the monitored names (a small index of those
 * entries picks the monitors they could concern; only those are verified again, each as a check), and monitors that
 * held a hit on an entry gone from its list lose it. Each change is an event (`sanctions.hit_added`,
 * `sanctions.hit_removed`) with the check that shows it, listed at GET /v1/events and sent to the key's webhooks. A
 * registry status change of a watched company, recorded by whichever writer saw it (ingestion or a live answer), is a
 * `company.status_changed` event.
 * One instance reports each change (the compared versions move by compare-and-set).
 */
export class Monitors extends Context.Service<Monitors>()("kyb/Monitors", {
  make: Effect.gen(function*() {
    const repo = yield* MonitoringRepo
    const audit = yield* Audit
    const cursors = yield* Cursors
    const checks = yield* Checks
    const screener = yield* Screener
    const webhooks = yield* Webhooks
    const sql = yield* SqlClient.SqlClient
    const limits = yield* Limits
    const fence = yield* Fence
    const quota = yield* Quota
    const poll = yield* Config.Duration("KYB_MONITOR_POLL").pipe(Config.withDefault(Duration.seconds(5)))
    const actorOf = (m: MonitorRow): Actor => ({ accountId: m.account_id, keyId: m.key_id, by: m.created_by })

    /**
     * Refused (409 limit_reached) before anything is screened when the account is at its limit, and again at the
     * insert; made behind the fence (`running`: never for an ended account or key, nor with no live key left).
     */
    const create = (actor: Actor, body: typeof MonitorBody.Type) =>
      Effect.gen(function*() {
        yield* sql.withTransaction(limits.admit(actor.accountId, "monitors"))
        const input = inputOf({ name: body.name ?? null, country: body.country?.toUpperCase() ?? null, registration_no: body.registration_no ?? null })
        const verdict = yield* checks.verify(input, actor)
        const id = randomUUID()
        const screenedName = verdict.company?.legal_name ?? body.name ?? body.registration_no ?? ""
        const registry = input.country === undefined ? null : registryForCountry(input.country)
        const registrationKey = body.registration_no === undefined || registry === null ? null : canonicalNumber(registry, body.registration_no).key
        const made = yield* fence.guarded("monitor", actor, "running", Effect.gen(function*() {
          yield* limits.admit(actor.accountId, "monitors")
          yield* audit.record(actor, { action: "monitor.created", object: { type: "monitor", id }, details: { name: body.name ?? null, country: input.country ?? null, registration_no: body.registration_no ?? null } })
          return yield* repo.insert(
            { id, accountId: actor.accountId, keyId: actor.keyId, createdBy: actor.by, name: body.name ?? null, country: input.country ?? null, registrationNo: body.registration_no ?? null, registrationKey, screenedName },
            [...verdict.sanctions.hits, ...(verdict.signals.debarred?.debarments ?? [])].map((h) => ({ list: h.list, entry_id: h.entry_id, entry_hash: h.entry_hash }))
          )
        })).pipe(Effect.catchTag("AccessEnded", (ended) => Effect.fail(InvalidApiKey.of(ended.message))))
        return monitorOf(made)
      }).pipe(Effect.catchTag("SqlError", Effect.die))

    /**
     * Monitors added from the console (the form: one; a CSV: several), all or none of the month's quota first: each
     * is a verification, counted as `/v1` counts its request (`Quota.spend`). Units of rows not reached (a limit or an
     * end stopped the file part-way) are given back.
     */
    const createFromConsole = (member: Actor, bodies: ReadonlyArray<typeof MonitorBody.Type>) =>
      Effect.gen(function*() {
        const actor: Actor = { ...member, keyId: null }
        yield* sql.withTransaction(fence.hold(actor, "running")).pipe(Effect.catchTag("AccessEnded", (ended) => Effect.fail(InvalidApiKey.of(ended.message))))
        yield* quota.spend(actor, bodies.length, bodies.length === 1 ? "adding a monitor" : "adding the monitors of a file")
        let made = 0
        yield* Effect.forEach(bodies, (body) => Effect.tap(create(actor, body), () => Effect.sync(() => made++)), { discard: true }).pipe(
          Effect.tapError(() => quota.giveBack(actor, bodies.length - made).pipe(Effect.orDie))
        )
        return made
      }).pipe(Effect.catchTag("SqlError", Effect.die))

    const owned = (accountId: string, id: string) =>
      repo.find(accountId, id).pipe(
        Effect.orDie,
        Effect.flatMap(Option.match({ onNone: () => Effect.fail(MonitorNotFound.of(`No monitor ${id} for this account.`)), onSome: Effect.succeed }))
      )

    const list = (accountId: string, params: PageParams) =>
      Effect.gen(function*() {
        const limit = params.limit ?? 50
        const pager = yield* cursors.bind({ list: "monitors", accountId, filters: { key_id: params.key_id } })
        const after = yield* pager.after(params.cursor)
        const rows = yield* repo.list(accountId, { keyId: params.key_id ?? null, after, limit: limit + 1 }).pipe(Effect.orDie)
        const { shown, nextCursor } = pager.page(rows, limit)
        return new MonitorPage({
          monitors: shown.map(monitorOf),
          next_cursor: nextCursor
        })
      })
    const get = (accountId: string, id: string) => Effect.map(owned(accountId, id), monitorOf)
    const remove = (actor: Actor, id: string) =>
      Effect.flatMap(owned(actor.accountId, id), (row) =>
        Effect.as(sql.withTransaction(Effect.andThen(
          repo.remove(actor.accountId, id),
          audit.record(actor, { action: "monitor.removed", object: { type: "monitor", id: row.id }, details: { name: row.name, country: row.country, registration_no: row.registration_no } })
        )).pipe(Effect.orDie), monitorOf(row)))

    const events = (accountId: string, params: PageParams & { readonly since?: string | undefined }) =>
      Effect.gen(function*() {
        const limit = params.limit ?? 50
        const pager = yield* cursors.bind({ list: "events", accountId, filters: { key_id: params.key_id, since: params.since } })
        const rows = yield* repo.events(accountId, {
          keyId: params.key_id ?? null,
          since: params.since === undefined ? null : new Date(params.since),
          after: yield* pager.after(params.cursor),
          limit: limit + 1
        }).pipe(Effect.orDie)
        const { shown, nextCursor } = pager.page(rows, limit)
        return new EventPage({
          events: shown.map((r) => new Event({ id: r.id, type: r.type as Event["type"], created_at: r.created_at.toISOString(), data: r.data as Event["data"] })),
          next_cursor: nextCursor
        })
      })

    /** The event and its deliveries, in the caller's transaction, only while the monitor runs (an end in between: neither). */
    const record = (monitor: MonitorRow, type: Event["type"], data: Record<string, unknown>) =>
      Effect.gen(function*() {
        const id = randomUUID()
        const inserted = yield* repo.insertEvent({
          id,
          monitorId: monitor.id,
          type,
          data: { monitor_id: monitor.id, subject: { name: monitor.name, country: monitor.country, registration_no: monitor.registration_no }, ...data }
        })
        if (Option.isSome(inserted)) yield* webhooks.enqueue({ id, accountId: monitor.account_id, plan: inserted.value, type })
        return Option.isSome(inserted)
      })

    /**
     * Verifies the monitor again and, in one transaction with the check it keeps, records what `then` finds (hits
     * held, events, deliveries): nothing at all when the monitor ended meanwhile. A comparison redone after a failure
     * finds the changes already recorded and reports each once. The number of events made.
     */
    const rescreen = (monitor: MonitorRow, then: (verdict: Verdict) => Effect.Effect<number, SqlError.SqlError>) =>
      Effect.gen(function*() {
        const made = Option.getOrElse(yield* checks.verifyIf(inputOf(monitor), actorOf(monitor), repo.holdRunning(monitor.id), then), () => 0)
        if (made > 0) yield* webhooks.wake
        return made
      })

    /** The new hits among the changed entries: each held, and an event unless the monitor held that entry already. */
    const hitsAdded = (monitor: MonitorRow, mine: ReadonlyArray<HeldHit>, changed: ReadonlySet<string>) => (verdict: Verdict) =>
      Effect.gen(function*() {
        // A debarment (World Bank ...) found for the monitor is its own event, with its institution, grounds and period.
        const debarments = (verdict.signals.debarred?.debarments ?? []).map((d) => ({
          ...d, type: "debarment.added" as const, extra: { institution: d.institution, grounds: d.grounds, from: d.from, to: d.to }
        }))
        const found = [...verdict.sanctions.hits.map((h) => ({ ...h, type: "sanctions.hit_added" as const, extra: {} })), ...debarments]
        let made = 0
        for (const hit of found) {
          if (!changed.has(`${hit.list}:${hit.entry_id}`)) continue
          yield* repo.setHits(monitor.id, [{ list: hit.list, entry_id: hit.entry_id, entry_hash: hit.entry_hash }])
          // An entry it already hit that was amended is still a hit: no event (its new hash is kept).
          if (mine.some((h) => h.list === hit.list && h.entry_id === hit.entry_id)) continue
          if (yield* record(monitor, hit.type, {
            list: hit.list, entry_id: hit.entry_id, listed_name: hit.name, list_version: hit.list_version, ...hit.extra, check_id: verdict.check_id
          })) made++
        }
        return made
      })

    const hitRemoved = (monitor: MonitorRow, hit: HeldHit) => (verdict: Verdict) =>
      Effect.gen(function*() {
        yield* repo.dropHit(monitor.id, hit.list, hit.entry_id)
        const type = isDebarmentList(hit.list) ? "debarment.removed" : "sanctions.hit_removed"
        return (yield* record(monitor, type, { list: hit.list, entry_id: hit.entry_id, check_id: verdict.check_id })) ? 1 : 0
      })

    /** The monitors' hits against the changes from the `from` versions to the `to` versions. */
    const reportChanges = (from: ReadonlyArray<number>, to: ReadonlyArray<number>) =>
      Effect.gen(function*() {
        const started = Date.now()
        const monitors = yield* repo.active
        // Nothing watched: no entry comparison (it reads and hashes both versions of every changed list).
        if (monitors.length === 0) return
        const changes = yield* changedEntries(from, to)
        const candidates = changes.candidatesAmong(monitors.map((m) => ({ id: m.id, name: m.screened_name, country: m.country })))
        const held = yield* repo.heldOf([...candidates])
        let added = 0
        let removed = 0
        for (const monitor of monitors.filter((m) => candidates.has(m.id))) {
          added += yield* rescreen(monitor, hitsAdded(monitor, held.filter((h) => h.monitor_id === monitor.id), changes.changed))
        }
        for (const [list, entryIds] of changes.removed) {
          for (const hit of yield* repo.holdersOf(list, [...entryIds])) {
            const monitor = monitors.find((m) => m.id === hit.monitor_id)
            if (monitor !== undefined) removed += yield* rescreen(monitor, hitRemoved(monitor, hit))
          }
        }
        yield* Effect.logInfo("monitors compared with new list versions").pipe(Effect.annotateLogs({
          monitors: monitors.length, candidates: candidates.size, changed_entries: changes.changed.size, hits_added: added,
          hits_removed: removed, ms: Date.now() - started
        }))
      })

    /**
     * Compares the monitors with the versions the screener answers from now, once per change of versions. When the
     * comparison fails part-way, the compared versions move back so that the next poll redoes it (what was recorded
     * is not reported twice); one instance's failure cannot lose another list change's events.
     */
    const compare = Effect.gen(function*() {
      const loaded = yield* screener.versions
      const ids = loaded.flatMap((v) => (v.id === null ? [] : [v.id]))
      if (ids.length === 0) return
      const compared = yield* repo.comparedVersions
      // Only forward: an instance still on older versions leaves the comparison to the ones that have the new.
      if (Option.isSome(compared) && !isNewerVersionSet(ids, compared.value)) return
      if (!(yield* repo.advance(Option.getOrNull(compared), ids))) return
      if (Option.isNone(compared)) return // the first versions seen: the monitors' hits were taken on them
      yield* reportChanges(compared.value, ids).pipe(
        Effect.onError(() => repo.advance(ids, compared.value).pipe(Effect.ignore))
      )
    })

    /** Registry status changes of watched companies (any writer records them), each an event with a check. */
    const statusChanges = Effect.gen(function*() {
      const { after, changes } = yield* repo.statusChangesSince(500)
      const last = changes.at(-1)
      if (last === undefined || !(yield* repo.advanceStatusCursor(after, last.id))) return
      let reported = after
      yield* Effect.forEach(changes, (change) =>
        Effect.flatMap(repo.companyMonitors(change.country, change.registration_key), (monitors) =>
          Effect.forEach(monitors, (monitor) =>
            rescreen(monitor, (verdict) =>
              Effect.map(
                record(monitor, "company.status_changed", { from: change.old_status, to: change.new_status, check_id: verdict.check_id }),
                (made) => (made ? 1 : 0)
              )))).pipe(Effect.tap(() => Effect.sync(() => {
                reported = change.id
              })))).pipe(
        // The next poll goes on from the last change whose events were all made.
        Effect.onError(() => repo.advanceStatusCursor(last.id, reported).pipe(Effect.ignore))
      )
    })

    yield* Effect.forkScoped(Effect.repeat(
      Effect.all([compare, statusChanges], { discard: true }).pipe(Effect.catchCause((cause) => Effect.logWarning("monitors could not be compared; retrying", cause))),
      Schedule.spaced(poll)
    ))

    return { create, createFromConsole, list, get, remove, events, compare } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([MonitoringRepo.Default, Webhooks.Default, Limits.Default, Fence.Default, Quota.Default, Audit.Default, Cursors.Default]))
}
