import { assert, describe, layer } from "@effect/vitest"
import { ConfigProvider, Effect, Schedule } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import * as zlib from "node:zlib"
import { afterAll } from "vitest"
import { type Publication, startFakeListServer } from "../../scripts/fake-lists/index.js"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import { ListUpdater } from "../../src/listUpdates/ListUpdater.js"
import { OFFICIAL_ADDRESSES, PublisherAddresses, type SourceAddresses } from "../../src/listUpdates/officialSources.js"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { allVersions } from "../../src/sanctions/lists/SanctionsStore.js"
import { call } from "../support/http.js"
import { listsIndexed } from "../support/listsIndexed.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { fixturesDir, listsDir } from "./paths.js"

type Body = Record<string, unknown>
const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
const today = new Date().toISOString().slice(0, 10)

const clean = {
  country: "KE", registration_no: "PVT-AB12CD34", legal_name: "Savannah Tea Exporters Limited", status: "active" as const,
  source: "Registry of KE (test)", source_kind: "registry" as const, last_verified_at: new Date(Date.now() - 86_400_000).toISOString()
}

/** The OFAC export names of an SDN file set in a folder, as the fake official server publishes them. */
const ofacSet = (dir: string, options: Omit<Publication, "file">): Record<string, Publication> =>
  Object.fromEntries(["sdn", "alt", "add", "sdn_comments"].map((f) => [`/ofac/${f.toUpperCase()}.CSV`, { file: inData(dir, `${f}.csv`), ...options }]))

/** A list file as the repository keeps it: as published, or gzip-compressed beside its name. */
const inData = (dir: string, file: string) => fs.existsSync(path.join(dir, file)) ? path.join(dir, file) : path.join(dir, `${file}.gz`)

// Publishes nothing at first (every download a 404): the refresh at the server's start keeps what is there.
const fake = await startFakeListServer()
afterAll(() => fake.close())

/** Only OFAC is published by the fake; the other lists' addresses are emptied (never a real host). */
const officialAt = { KYB_LISTS_OFAC_URL: `${fake.url}/ofac`, KYB_LISTS_UN_URL: "", KYB_LISTS_UK_URL: "", KYB_LISTS_EU_URL: "", KYB_LISTS_WORLDBANK_URL: "" }

const session = Effect.gen(function*() {
  const server = yield* TestServer
  const key = yield* server.newKey()
  yield* Effect.flatMap(CompanyWriter, (w) => w.upsertBatch([clean])).pipe(Effect.orDie)
  const verify = promise(() => call(`${server.url}/v1/verify?name=Savannah%20Tea%20Exporters%20Limited&country=KE`, { headers: { "x-api-key": key } }))
    .pipe(Effect.map((r) => r.body as Body))
  const health = promise(() => call(`${server.url}/health`)).pipe(Effect.map((r) => r.body as Body))
  /** Waits until the server screens with this version of OFAC SDN. */
  const screening = (version: string) => listsIndexed(server.url, [{ list: "ofac_sdn", version }], "90 seconds")
  return { verify, health, screening }
})

describe("lists past KYB_LISTS_MAX_AGE_DAYS", () => {
  layer(makeTestServer({ KYB_LISTS_MAX_AGE_DAYS: "7", SANCTIONS_POLL_INTERVAL: "200 millis" }), { timeout: "180 seconds", excludeTestServices: true })((it) => {
    it.effect("a verification is review (lists_stale), its lists say their date and age, /health is degraded", () =>
      Effect.gen(function*() {
        yield* ingestSanctions([path.join(fixturesDir, "ofac-sdn")], { publishedOn: "2024-05-03" }).pipe(Effect.orDie)
        const { health, screening, verify } = yield* session
        yield* screening("2024-05-03")
        const verdict = yield* verify
        assert.strictEqual(verdict["result"], "review")
        assert.strictEqual(verdict["review_reason"], "lists_stale")
        assert.deepStrictEqual((verdict["sanctions"] as Body)["result"], "clear")
        const [sdn] = verdict["lists"] as ReadonlyArray<Body>
        const age = Math.round((Date.parse(today) - Date.parse("2024-05-03")) / 86_400_000)
        assert.deepStrictEqual(sdn, {
          list: "ofac_sdn", name: "OFAC SDN", version: "2024-05-03", published_on: "2024-05-03", dated_by: "operator", fetched_from: null,
          confirmed_on: null, confirmed_from: null, as_of: "2024-05-03", age_days: age, max_age_days: 7, stale: true
        })
        const h = yield* health
        assert.strictEqual(h["status"], "degraded")
        assert.match((h["stale_lists"] as ReadonlyArray<string>)[0] ?? "", new RegExp(`^OFAC SDN \\(2024-05-03\\): ${age} days old, limit 7 days$`))
      }), 120_000)
  })
})

/** OFAC's XML head as OFAC writes it (the whole file is about 30 MB): a test's own, synthetic text that says so. */
const sdnXmlHead = (mmddyyyy: string) =>
  `<?xml version="1.0" standalone="yes"?>\n<!-- synthetic: the head of an SDN.XML written by a test, no entries -->\n` +
  `<sdnList xmlns="https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/XML"><publshInformation>` +
  `<Publish_Date>${mmddyyyy}</Publish_Date><Record_Count>0</Record_Count></publshInformation></sdnList>`

describe("lists kept current without a person (a copy on 127.0.0.1, then the same as the publisher)", () => {
  layer(
    makeTestServer({ ...officialAt, KYB_LISTS_MAX_AGE_DAYS: "7", SANCTIONS_POLL_INTERVAL: "200 millis", KYB_LISTS_REFRESH: "1 second" }),
    { timeout: "240 seconds", excludeTestServices: true }
  )((it) => {
    it.effect("the scheduled refresh activates a changed file from a copy with the publication's own date, confirming nothing; only the publisher's address confirms; a cut or refused download keeps the last good version", () =>
      Effect.gen(function*() {
        const { health, screening, verify } = yield* session
        yield* ingestSanctions([path.join(fixturesDir, "ofac-sdn")], { publishedOn: "2024-05-03" }).pipe(Effect.orDie)
        yield* screening("2024-05-03")
        assert.strictEqual((yield* verify)["review_reason"], "lists_stale")
        assert.isTrue(fake.requests.includes("/ofac/SDN.CSV"), "the refresh has asked the copy (404 so far)")

        // A copy serves other files, sent as "modified now", with the same publication's XML stating 2025-12-24.
        for (const [p, pub] of Object.entries(ofacSet(path.join(listsDir, "ofac-sdn"), { lastModified: new Date() }))) fake.publish(p, pub)
        fake.publish("/ofac/SDN.XML", { text: sdnXmlHead("12/24/2025"), lastModified: new Date() })
        yield* screening("2025-12-24")
        const copied = yield* verify
        assert.include(copied["review_reasons"] as ReadonlyArray<string>, "lists_stale", "a copy's Last-Modified never makes a list current")
        const [fromCopy] = copied["lists"] as ReadonlyArray<Body>
        const age = Math.round((Date.parse(today) - Date.parse("2025-12-24")) / 86_400_000)
        assert.deepInclude(fromCopy, {
          version: "2025-12-24", published_on: "2025-12-24", dated_by: "publication", fetched_from: `${fake.url}/ofac`,
          confirmed_on: null, confirmed_from: null, age_days: age, stale: true
        })
        assert.strictEqual((yield* health)["status"], "degraded")

        // Built for each update (a layer would be shared across the suite): the publishers' addresses are read at construction.
        const updateNow = (publishers: SourceAddresses) => Effect.scoped(Effect.flatMap(ListUpdater.make, (u) => u.update)).pipe(
          Effect.provideService(PublisherAddresses, publishers),
          Effect.provideService(ConfigProvider.ConfigProvider, ConfigProvider.fromEnv({ env: officialAt }))
        )
        const asCopy = updateNow(OFFICIAL_ADDRESSES)
        const again = (yield* asCopy).find((o) => o.list === "ofac_sdn")
        assert.deepInclude(again, { status: "unchanged", version: "2025-12-24", confirmed: false })
        assert.match(again?.message ?? "", /fetched from http:\/\/127\.0\.0\.1:\d+\/ofac, not the publisher's address: not confirmed current/)
        assert.isNull((yield* allVersions.pipe(Effect.orDie)).find((v) => v.list === "ofac_sdn" && v.active)?.confirmedOn ?? null)

        // The same files from the publisher's own address (the fake standing in for it): confirmed current today.
        const asPublisher = updateNow({ ...OFFICIAL_ADDRESSES, ofac: officialAt.KYB_LISTS_OFAC_URL })
        assert.deepInclude((yield* asPublisher).find((o) => o.list === "ofac_sdn"), { status: "unchanged", confirmed: true })
        const confirmed = yield* health.pipe(
          Effect.filterOrFail((h) => (h["lists"] as ReadonlyArray<Body>).some((l) => l["list"] === "ofac_sdn" && l["confirmed_on"] === today)),
          Effect.retry(Schedule.spaced("200 millis").pipe(Schedule.upTo({ duration: "60 seconds" }))),
          Effect.orDie
        )
        assert.strictEqual(confirmed["status"], "ok")
        const current = yield* verify
        assert.strictEqual(current["result"], "verified", JSON.stringify(current["review_reasons"]))
        assert.deepInclude((current["lists"] as ReadonlyArray<Body>)[0], {
          published_on: "2025-12-24", fetched_from: `${fake.url}/ofac`, confirmed_on: today, confirmed_from: `${fake.url}/ofac`, as_of: today, age_days: 0, stale: false
        })

        const before = (yield* allVersions.pipe(Effect.orDie)).length
        // A connection cut half way (another file, the 2021 set, so that only the cut can keep it out).
        const older = path.join(listsDir, "ofac-sdn-2021-07")
        fake.publish("/ofac/SDN.CSV", { file: inData(older, "sdn.csv"), lastModified: new Date(), cutAt: 0.5 })
        const cut = (yield* asCopy).find((o) => o.list === "ofac_sdn")
        assert.strictEqual(cut?.status, "kept")
        // Refused by the HTTP client ("terminated") or by the length check ("truncated"), whichever sees it first.
        assert.match(cut?.message ?? "", /could not download .*\/ofac\/SDN\.CSV \((terminated|truncated)[^)]*\).*the last good version \d{4}-\d{2}-\d{2} stays active/)
        // A file cut short but served whole (a publisher's broken upload): refused by the ingest's own check.
        const half = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "kyb-half-")), "sdn.csv")
        const lines = zlib.gunzipSync(fs.readFileSync(inData(path.join(listsDir, "ofac-sdn"), "sdn.csv"))).toString("latin1").split("\r\n")
        fs.writeFileSync(half, lines.slice(0, Math.floor(lines.length / 2)).join("\r\n") + "\r\n", "latin1")
        fake.publish("/ofac/SDN.CSV", { file: half, lastModified: new Date() })
        const refused = (yield* asCopy).find((o) => o.list === "ofac_sdn")
        assert.strictEqual(refused?.status, "kept")
        assert.match(refused?.message ?? "", /does not end with OFAC|entries would replace/)
        const consolidated = (yield* asCopy).find((o) => o.list === "ofac_consolidated")
        assert.strictEqual(consolidated?.status, "kept", "not published by the fake: HTTP 404")
        assert.match(consolidated?.message ?? "", /HTTP 404/)
        assert.strictEqual((yield* allVersions.pipe(Effect.orDie)).length, before, "no version stored from a cut or refused download")
        const [still] = (yield* verify)["lists"] as ReadonlyArray<Body>
        assert.strictEqual(still?.["version"], "2025-12-24")
        assert.isTrue(fake.requests.every((r) => r.startsWith("/ofac/")))
      }), 300_000)
  })
})
