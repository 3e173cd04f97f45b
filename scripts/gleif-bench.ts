import { ConfigProvider, Effect, Layer, References } from "effect"
import { parseArgs } from "node:util"
import * as os from "node:os"
import { type FixtureRecord, startFakeGleif } from "./fake-gleif/server.js"
import { embeddedSqlLayer, MigrationsLive } from "../src/db/Database.js"
import { Resolver } from "../src/verify/Resolver.js"

/**
 * What a GLEIF miss adds to a verification's resolution, and the warm-cache answer after it:
 *
 *   npx tsx scripts/gleif-bench.ts [--samples 200]
 *
 * In process, Resolver.byNumber (what /v1/verify runs first) for Kenyan numbers the store does not hold: with GLEIF on
 * (a fake GLEIF on 127.0.0.1 answering at once: the cost measured is ours: the HTTP round trip, decoding, the
 * confirmation rule, storing the record and its parents, reading it back), then the same numbers again (answered from
 * the store: GLEIF not asked), and, as the baseline, numbers missed with every live source off. The database is the
 * embedded one, in memory. Records are synthetic.
 */
const { values } = parseArgs({ options: { samples: { type: "string", default: "200" } } })
const samples = Number(values.samples)

const record = (i: number): FixtureRecord => {
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
    _fixture: { synthetic: true, ...(i % 2 === 0 && i > 0 ? { directParent: record0Lei } : {}) }
  }
}
const record0Lei = "SYNTHBN0000000000000"

const pct = (sorted: ReadonlyArray<number>, p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!
const summary = (label: string, ms: Array<number>) => {
  const sorted = [...ms].sort((a, b) => a - b)
  return `${label}: n=${ms.length} p50=${pct(sorted, 0.5).toFixed(1)} ms p99=${pct(sorted, 0.99).toFixed(1)} ms`
}

const timeEach = (numbers: ReadonlyArray<string>, expectFound: boolean) =>
  Effect.gen(function*() {
    const resolver = yield* Resolver
    const ms: Array<number> = []
    for (const number of numbers) {
      const started = performance.now()
      const resolution = yield* resolver.byNumber(number, "KE", undefined)
      ms.push(performance.now() - started)
      if ((resolution.found !== null) !== expectFound) throw new Error(`${number}: found ${resolution.found !== null}`)
    }
    return ms
  })

const program = Effect.gen(function*() {
  const fake = yield* Effect.promise(() => startFakeGleif(Array.from({ length: samples + 1 }, (_, i) => record(i))))
  const config = (live: string) =>
    ConfigProvider.layer(ConfigProvider.fromUnknown({
      KYB_REGISTRY_LIVE: live, KYB_GLEIF_URL: fake.url, KYB_GLEIF_RA_CODES: "RA990001=ke-brs"
    }).pipe(ConfigProvider.orElse(ConfigProvider.fromEnv())))
  const db = MigrationsLive.pipe(Layer.provideMerge(embeddedSqlLayer(null)))
  const numbers = Array.from({ length: samples }, (_, i) => `PVT-SYNBN${i + 1}`)
  const run = Effect.gen(function*() {
    const off = yield* timeEach(numbers.map((n) => `${n}X`), false).pipe(Effect.provide(Resolver.Default.pipe(Layer.provide(config("none")))))
    const withGleif = Resolver.Default.pipe(Layer.provide(config("gleif")))
    const miss = yield* timeEach(numbers, true).pipe(Effect.provide(withGleif))
    const warm = yield* timeEach(numbers, true).pipe(Effect.provide(withGleif))
    return { off, miss, warm }
  }).pipe(Effect.provide(db), Effect.provide(config("none")))
  const { miss, off, warm } = yield* run
  yield* Effect.promise(() => fake.close())
  const lines = [
    summary("miss, live sources off (baseline)", off),
    summary("miss answered by GLEIF (fake on 127.0.0.1)", miss),
    summary("the same numbers again (warm: from the store)", warm),
    `load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")} on ${os.cpus().length} CPUs (shared machine); embedded database in memory`
  ]
  yield* Effect.sync(() => process.stdout.write(`${lines.join("\n")}\n`))
})

Effect.runPromise(program.pipe(Effect.provideService(References.MinimumLogLevel, "Error"))).catch((e) => {
  process.stderr.write(`${String(e)}\n`)
  process.exit(1)
})
