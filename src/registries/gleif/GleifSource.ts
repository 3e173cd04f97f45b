import * as HttpClient from "effect/http/HttpClient"
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import { Clock, Context, Effect, Layer, Option, Semaphore } from "effect"
import type { CanonicalCompany } from "../../domain/CanonicalCompany.js"
import { leiRecord, leiVerdict } from "../../domain/leiConfirmation.js"
import type { RegistryId } from "../../domain/registrationNumbers.js"
import { traced } from "../../metrics/span.js"
import type { RegistryUnavailable } from "../adapters/RegistryUnavailable.js"
import { registryById } from "../catalog.js"
import { makeCircuitBreaker } from "../gateway/CircuitBreaker.js"
import { makeGuard } from "../gateway/guard.js"
import { defaultUserAgent } from "../liveConfig.js"
import { entryOfWire, reportedParents } from "./fromWire.js"
import { GLEIF, makeGleifClient } from "./gleifClient.js"
import { gleifConfig } from "./gleifConfig.js"
import { authorityLookup } from "./registrationAuthorities.js"
import type { LeiRecordWire } from "./wire.js"

export const GLEIF_SOURCE = "GLEIF (Global LEI Index)"

export type ParentRelationship = "direct" | "ultimate" | "direct_and_ultimate"

/** A parent GLEIF's level-2 data gives: a legal entity with its LEI. */
export interface GleifParent {
  readonly name: string
  readonly lei: string
  readonly relationship: ParentRelationship
  readonly country: string | null
}

/** A business GLEIF gave: its record (registered, or a reference entity) and its reported parents. */
export interface GleifFinding {
  readonly record: CanonicalCompany
  readonly owners: ReadonlyArray<GleifParent>
}

/** A parent as level 2 names it: its LEI, name and country, and whether it is the direct or the ultimate one. */
export interface ReportedParent {
  readonly relationship: "direct" | "ultimate"
  readonly lei: string
  readonly name: string
  readonly country: string | null
}

/** Parents by LEI: one reported as both the direct and the ultimate parent is one owner, `direct_and_ultimate`. */
export const mergeParents = (found: ReadonlyArray<ReportedParent>): ReadonlyArray<GleifParent> => {
  const byLei = new Map<string, GleifParent>()
  for (const { country, lei, name, relationship } of found) {
    const held = byLei.get(lei)
    byLei.set(lei, {
      name: name.trim(),
      lei,
      relationship: held === undefined || held.relationship === relationship ? relationship : "direct_and_ultimate",
      country
    })
  }
  return [...byLei.values()]
}

/**
 * GLEIF as a live source for the 18 countries: by name, by registry number or by LEI within a country, each call
 * behind its own guard (timeout, one retry, circuit breaker, concurrency cap, request budget) like a live registry.
 * Answers are records (see src/domain/leiConfirmation.ts) with their level-2 parents; database-free.
 */
export class GleifSource extends Context.Service<GleifSource>()("kyb/GleifSource", {
  make: Effect.gen(function*() {
    const config = yield* gleifConfig
    const client = (yield* HttpClient.HttpClient).pipe(
      HttpClient.transformResponse(Effect.provideService(HttpClient.TracerPropagationEnabled, false))
    )
    const userAgent = defaultUserAgent
    const gleif = makeGleifClient({ client, baseUrl: config.baseUrl, userAgent, pageSize: config.pageSize, maxPages: config.maxPages })
    const breaker = yield* makeCircuitBreaker(GLEIF, { threshold: config.gateway.breakerThreshold, cooldownMs: config.gateway.breakerCooldownMs })
    const permits = yield* Semaphore.make(config.gateway.maxConcurrent)
    const guard = makeGuard({ registry: GLEIF, settings: config.gateway, timeoutMs: config.timeoutMs, breaker, permits })
    const registryOf = authorityLookup(config.authorities)
    const registryName = (id: RegistryId) => `${registryById(id)?.name ?? id} (${id})`

    const parentsOf = (record: LeiRecordWire) =>
      Effect.forEach(reportedParents(record), (relationship) =>
        Effect.map(gleif.parent(record.attributes.lei, relationship), Option.map((parent): ReportedParent => {
          const entry = entryOfWire(parent)
          return { relationship, lei: entry.lei, name: entry.legalName, country: entry.legalAddress.country }
        })), { concurrency: 2 }).pipe(
        Effect.map((found) => mergeParents(found.flatMap(Option.toArray)))
      )

    const findings: (records: ReadonlyArray<LeiRecordWire>) => Effect.Effect<ReadonlyArray<GleifFinding>, RegistryUnavailable> = Effect.fnUntraced(function*(records: ReadonlyArray<LeiRecordWire>) {
      const checkedAt = new Date(yield* Clock.currentTimeMillis).toISOString()
      const kept = records.flatMap((wire) => {
        const entry = entryOfWire(wire)
        const record = leiRecord(entry, leiVerdict(entry, registryOf), {
          source: GLEIF_SOURCE,
          sourceUrl: `${config.baseUrl.replace(/\/+$/, "")}/lei-records/${entry.lei}`,
          kind: "live",
          checkedAt,
          registryName
        })
        return record === null ? [] : [{ wire, record }]
      })
      return yield* Effect.forEach(kept, ({ record, wire }) => Effect.map(parentsOf(wire), (owners) => ({ record, owners })), { concurrency: 4 })
    })

    const run = <A>(name: string, call: Effect.Effect<A, RegistryUnavailable>, attributes: Record<string, unknown>) =>
      guard.run(call).pipe(traced(`GleifSource.${name}`, () => attributes))

    return {
      enabled: config.enabled,
      baseUrl: config.baseUrl,
      byName: (term: string, country?: string) =>
        run("byName", Effect.flatMap(gleif.search({ filter: "fulltext", value: term.trim(), country }), findings), { country }),
      byNumber: (number: string, country: string) =>
        run("byNumber", Effect.flatMap(gleif.search({ filter: "entity.registeredAs", value: number.trim(), country }), findings), { country }),
      byLei: (lei: string) =>
        run("byLei", Effect.flatMap(gleif.byLei(lei), (one) => findings(Option.toArray(one))), {}),
      snapshot: breaker.snapshot
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([NodeHttpClient.layerUndici]))
}
