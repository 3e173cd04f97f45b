import { ConfigProvider, Effect, Layer, References } from "effect"
import { parseArgs } from "node:util"
import * as os from "node:os"
import { type FixtureRecord, startFakeGleif } from "./fake-gleif/server.js"
import { fakeBrsCredentials, type FakeRegistryId, fakeRegistryIds, startFakeRegistry } from "./fake-registry/index.js"
import { Rng } from "./corpus/rng.js"
import { registrySpecs } from "./corpus/registries.js"
import type { RegistryRecord } from "../src/domain/CanonicalCompany.js"
import { embeddedSqlLayer, MigrationsLive } from "../src/db/Database.js"
import { envPrefix } from "../src/registries/liveConfig.js"
import { Resolver } from "../src/verify/Resolver.js"

/**
 * What a live miss adds to a verification's resolution, and the warm-cache answer after it, for GLEIF and each
 * registry adapter that has a fake (scripts/fake-registry):
 *
 *   npx tsx scripts/registry-miss-bench.ts [--samples 200] [--only gleif,ng-cac,...]
 *
 * In process, Resolver.byNumber (what /v1/verify runs first) for numbers the store does not hold, one source at a
 * time: with that source live (its fake on 127.0.0.1, answering at once in its own wire format: the cost measured is
 * ours: the HTTP round trip, decoding, storing the record, reading it back), then the same numbers again (warm:
 * answered from the store, the source not asked), and, as the baseline, numbers missed with every live source off.
 * p50 and p99 in ms. The database is the embedded one, in memory, fresh per source. Every record is synthetic.
 * (It replaces scripts/gleif-bench.ts, whose GLEIF figures BENCHMARKS.md records.)
 */
const { values } = parseArgs({ options: { samples: { type: "string", default: "200" }, only: { type: "string" } } })
const samples = Number(values.samples)
const sources: ReadonlyArray<"gleif" | FakeRegistryId> = ["gleif", ...fakeRegistryIds]
const wanted = values.only === undefined ? sources : sources.filter((s) => values.only!.split(",").map((o) => o.trim()).includes(s))

const gleifRecord = (i: number): FixtureRecord => {
  const lei = `SYNTHBN${String(i).padStart(11, "0")}${String(i % 100).padStart(2, "0")}`
  return {
    type: "lei-records",
    id: lei,
    attributes: {
      lei,
      entity: {
        legalName: { name: `Synthetic Bench Traders ${i} Limited`, language: "en" },
        otherNames: [],
        legalAddress: { addressLines: ["1 Synthetic Road"], city: "Nairobi", region: null, country: "KE", postalCode: "00100" },
        registeredAt: { id: "RA990001", other: null },
        registeredAs: `PVT-SYNBN${i}`,
        jurisdiction: "KE",
        category: "GENERAL",
        status: "ACTIVE",
        creationDate: "2015-01-01T00:00:00Z"
      },
      registration: {
        initialRegistrationDate: "2019-05-02T09:12:44Z", lastUpdateDate: "2026-04-30T11:05:10Z", status: "ISSUED",
        nextRenewalDate: "2027-05-02T09:12:44Z", managingLou: "529900T8BM49AURSDO55", corroborationLevel: "FULLY_CORROBORATED",
        validatedAt: { id: "RA990001", other: null }, validatedAs: `PVT-SYNBN${i}`
      }
    },
    _fixture: { synthetic: true, ...(i % 2 === 0 && i > 0 ? { directParent: `SYNTHBN${"0".repeat(11)}00` } : {}) }
  }
}

/**
 * `count + 1` synthetic records of a registry, numbered as the registry numbers (scripts/corpus), distinct; a number
 * without a digit is left out (the resolver asks no registry for it).
 */
const registryRecords = (registry: FakeRegistryId, count: number): ReadonlyArray<RegistryRecord> => {
  const spec = registrySpecs.find((s) => s.id === registry)
  if (spec === undefined) throw new Error(`no number generator for ${registry}`)
  const rng = new Rng(7)
  const numbers = new Set<string>()
  for (let n = 1; numbers.size < count + 1; n++) {
    const number = spec.number({ rng, n, year: 2012 + (n % 12), form: spec.forms.pick(rng) })
    if (/[0-9]/.test(number)) numbers.add(number)
  }
  return [...numbers].map((registration_no, i) => ({
    country: spec.country,
    registration_no,
    legal_name: `SYNTHETIC BENCH TRADERS ${i} LIMITED`,
    status: "active",
    source: "KYB Africa benchmark record (synthetic, not a registry extract)",
    source_kind: "synthetic",
    last_verified_at: "2026-11-01T00:00:00Z"
  }))
}

const pct = (sorted: ReadonlyArray<number>, p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0
const row = (source: string, label: string, ms: ReadonlyArray<number>) => {
  const sorted = [...ms].sort((a, b) => a - b)
  return `| ${source} | ${label} | ${ms.length} | ${pct(sorted, 0.5).toFixed(1)} | ${pct(sorted, 0.99).toFixed(1)} |`
}

const timeEach = (numbers: ReadonlyArray<string>, country: string, expectFound: boolean) =>
  Effect.gen(function*() {
    const resolver = yield* Resolver
    const ms: Array<number> = []
    for (const number of numbers) {
      const started = performance.now()
      const resolution = yield* resolver.byNumber(number, country, undefined)
      ms.push(performance.now() - started)
      if ((resolution.found !== null) !== expectFound) throw new Error(`${country} ${number}: found ${resolution.found !== null}`)
    }
    return ms
  })

/** One source: its fake started, `samples` misses answered live, the same numbers warm, and the live-off baseline. */
const measure = (source: "gleif" | FakeRegistryId) =>
  Effect.gen(function*() {
    const setting: { url: string; close: () => Promise<void>; country: string; numbers: ReadonlyArray<string>; env: Record<string, string> } =
      source === "gleif"
        ? yield* Effect.promise(async () => {
          const fake = await startFakeGleif(Array.from({ length: samples + 1 }, (_, i) => gleifRecord(i)))
          const numbers = Array.from({ length: samples }, (_, i) => `PVT-SYNBN${i + 1}`)
          return { url: fake.url, close: fake.close, country: "KE", numbers, env: { KYB_GLEIF_URL: fake.url, KYB_GLEIF_RA_CODES: "RA990001=ke-brs" } }
        })
        : yield* Effect.promise(async () => {
          const records = registryRecords(source, samples)
          const fake = await startFakeRegistry({ registry: source, records })
          const env: Record<string, string> = { [`${envPrefix(source)}_URL`]: fake.url }
          if (source === "ke-brs") {
            env["KYB_REGISTRY_KE_BRS_USERNAME"] = fakeBrsCredentials.username
            env["KYB_REGISTRY_KE_BRS_PASSWORD"] = fakeBrsCredentials.password
          }
          return { url: fake.url, close: fake.close, country: records[0]!.country, numbers: records.slice(1).map((r) => r.registration_no), env }
        })
    const config = (live: string) =>
      ConfigProvider.layer(ConfigProvider.fromUnknown({ KYB_REGISTRY_LIVE: live, ...setting.env }).pipe(ConfigProvider.orElse(ConfigProvider.fromEnv())))
    const db = MigrationsLive.pipe(Layer.provideMerge(embeddedSqlLayer(null)))
    const absent = setting.numbers.map((n) => `${n}9`)
    const result = yield* Effect.gen(function*() {
      const off = yield* timeEach(absent, setting.country, false).pipe(Effect.provide(Resolver.Default.pipe(Layer.provide(config("none")))))
      const live = Resolver.Default.pipe(Layer.provide(config(source)))
      const miss = yield* timeEach(setting.numbers, setting.country, true).pipe(Effect.provide(live))
      const warm = yield* timeEach(setting.numbers, setting.country, true).pipe(Effect.provide(live))
      return { off, miss, warm }
    }).pipe(Effect.provide(db), Effect.provide(config("none")), Effect.ensuring(Effect.promise(() => setting.close())))
    return [
      row(source, "miss answered live (fake on 127.0.0.1)", result.miss),
      row(source, "the same numbers again (warm: from the store)", result.warm),
      row(source, "reference: miss with every live source off", result.off)
    ]
  })

const program = Effect.gen(function*() {
  const lines = ["| source | case | n | p50 ms | p99 ms |", "|---|---|---:|---:|---:|"]
  for (const source of wanted) lines.push(...yield* measure(source))
  lines.push(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")} on ${os.cpus().length} CPUs (shared machine); embedded database in memory; node ${process.version}`)
  yield* Effect.sync(() => process.stdout.write(`${lines.join("\n")}\n`))
})

Effect.runPromise(program.pipe(Effect.provideService(References.MinimumLogLevel, process.env["BENCH_LOG"] === "debug" ? "Debug" : "Error"))).catch((e) => {
  process.stderr.write(`${String(e)}\n`)
  process.exit(1)
})
