import { SqlClient } from "effect/sql"
import { afterAll, assert, describe, expect, layer } from "@effect/vitest"
import { ConfigProvider, Context, Effect, Exit, Layer } from "effect"
import { TestClock } from "effect/testing"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { gunzipSync } from "node:zlib"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { activeVersions, allVersions, entriesOf } from "../../src/sanctions/lists/SanctionsStore.js"
import { Screener } from "../../src/sanctions/Screener.js"
import { TestDatabase } from "../support/testDatabase.js"
import { fixturesDir, listsDir } from "./paths.js"

const sdnDir = path.join(fixturesDir, "ofac-sdn")
const realSdnDir = path.join(listsDir, "ofac-sdn")
const created: Array<string> = []
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  created.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of created) fs.rmSync(dir, { recursive: true, force: true })
})
const unXml = path.join(fixturesDir, "un", "consolidated.xml")

/** A copy of the fixture SDN set with its primary rows filtered and extra rows appended (CRLF + 0x1A kept). */
const sdnVariant = (keep: (line: string) => boolean, extra: ReadonlyArray<string> = []) => {
  const dir = tempDir("kyb-sdn-")
  for (const f of ["alt.csv", "add.csv", "sdn_comments.csv"]) fs.copyFileSync(path.join(sdnDir, f), path.join(dir, f))
  const lines = fs.readFileSync(path.join(sdnDir, "sdn.csv"), "latin1").replace("\x1a", "").split("\r\n").filter((l) => l !== "")
  fs.writeFileSync(path.join(dir, "sdn.csv"), [...lines.filter(keep), ...extra].map((l) => `${l}\r\n`).join("") + "\x1a", "latin1")
  return dir
}

const pollEvery = (interval: string) =>
  ConfigProvider.layer(ConfigProvider.fromEnv({ env: { SANCTIONS_POLL_INTERVAL: interval } }))

const withScreener = <A, E, R>(interval: string, use: (screener: Context.Service.Shape<typeof Screener>) => Effect.Effect<A, E, R>) =>
  Effect.scoped(
    Effect.gen(function*() {
      const context = yield* Layer.build(Screener.Default.pipe(Layer.provide(pollEvery(interval))))
      return yield* use(Context.get(context, Screener))
    })
  )

describe("sanctions versions", () => {
  layer(TestDatabase.layer, { timeout: "120 seconds" })((it) => {
    it.effect("with no list loaded the screener answers unavailable, never clear", () =>
      withScreener("1 hour", (screener) =>
        Effect.gen(function*() {
          const result = yield* screener.screen(["Banco Nacional de Cuba"])
          expect(result).toEqual({ screened: false, result: "unavailable", hits: [] })
          expect(yield* screener.sources).toEqual([])
        })))

    it.effect("ingests SDN and UN files as active versions with hashes, counts and dates", () =>
      Effect.gen(function*() {
        const results = yield* ingestSanctions([sdnDir, unXml], { publishedOn: "2024-05-03" })
        expect(results.map((r) => [r.list, r.status, r.label, r.entries, r.aliases])).toEqual([
          ["ofac_sdn", "activated", "2024-05-03", 5, 5],
          ["un_sc", "activated", "2026-02-27", 3, 7]
        ])
        const active = yield* activeVersions
        expect(active.map((v) => v.list)).toEqual(["ofac_sdn", "un_sc"])
        const sdn = active.find((v) => v.list === "ofac_sdn")!
        expect(Object.keys(sdn.fileHashes).sort()).toEqual(["add.csv", "alt.csv", "sdn.csv", "sdn_comments.csv"])
        expect(sdn.fileHashes["sdn.csv"]).toMatch(/^[0-9a-f]{64}$/)
        expect(sdn.publishedOn).toBe("2024-05-03")
        const entries = yield* entriesOf(sdn.id)
        expect(entries.find((e) => e.entry_id === "306")?.aliases.map((a) => a.name)).toEqual(["NATIONAL BANK OF CUBA", "BNC"])
      }))

    it.effect("re-ingesting identical files creates no new version", () =>
      Effect.gen(function*() {
        const before = yield* allVersions
        const results = yield* ingestSanctions([sdnDir], { publishedOn: "2024-05-03" })
        expect(results.map((r) => r.status)).toEqual(["unchanged"])
        expect((yield* allVersions).length).toBe(before.length)
      }))

    it.effect("refuses a truncated file and keeps the active version", () =>
      Effect.gen(function*() {
        const before = yield* activeVersions
        const dir = tempDir("kyb-broken-")
        fs.copyFileSync(path.join(fixturesDir, "broken", "sdn.csv"), path.join(dir, "sdn.csv"))
        const exit = yield* Effect.exit(ingestSanctions([dir]))
        assert.isTrue(Exit.isFailure(exit))
        expect(String(exit)).toContain("SanctionsParseError")
        expect(yield* activeVersions).toEqual(before)
      }))

    it.effect("refuses the real sdn.csv cut at a line end (14,078 of its lines): no end marker; the active version stays", () =>
      Effect.gen(function*() {
        const before = yield* activeVersions
        const dir = tempDir("kyb-cut-")
        for (const f of ["alt.csv.gz", "add.csv.gz", "sdn_comments.csv"]) fs.copyFileSync(path.join(realSdnDir, f), path.join(dir, f))
        const lines = gunzipSync(fs.readFileSync(path.join(realSdnDir, "sdn.csv.gz"))).toString("latin1").split("\r\n")
        fs.writeFileSync(path.join(dir, "sdn.csv"), lines.slice(0, 14_078).map((l) => `${l}\r\n`).join(""), "latin1")
        const exit = yield* Effect.exit(ingestSanctions([dir]))
        assert.isTrue(Exit.isFailure(exit))
        expect(String(exit)).toContain("end-of-file marker")
        expect(yield* activeVersions).toEqual(before)
      }))

    it.effect("refuses a corrupted UN XML (cut mid-element) and keeps the active UN version", () =>
      Effect.gen(function*() {
        const before = yield* activeVersions
        const dir = tempDir("kyb-broken-")
        const full = fs.readFileSync(unXml, "utf8")
        fs.writeFileSync(path.join(dir, "consolidated.xml"), full.slice(0, full.indexOf("<ENTITIES>") + 200))
        const exit = yield* Effect.exit(ingestSanctions([dir]))
        expect(String(exit)).toContain("SanctionsParseError")
        expect(yield* activeVersions).toEqual(before)
      }))

    it.effect("refuses a file set that would drop more than 10% of the active entries", () =>
      Effect.gen(function*() {
        const before = yield* activeVersions
        const exit = yield* Effect.exit(ingestSanctions([sdnVariant((l) => !l.startsWith("2674,"))]))
        assert.isTrue(Exit.isFailure(exit))
        expect(String(exit)).toContain("SanctionsIngestRefused")
        expect(yield* activeVersions).toEqual(before)
      }))

    it.effect("refuses a file set without its aliases file (aliases would drop by more than 10%)", () =>
      Effect.gen(function*() {
        const before = yield* activeVersions
        const dir = sdnVariant(() => true, ['50009,"NEW ENTRY TRADING LLC",-0- ,"SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- '])
        fs.rmSync(path.join(dir, "alt.csv"))
        const exit = yield* Effect.exit(ingestSanctions([dir]))
        expect(String(exit)).toContain("aliases would replace")
        expect(yield* activeVersions).toEqual(before)
      }))

    it.effect("a running screener picks up a newly activated version (explicit refresh)", () =>
      withScreener("1 hour", (screener) =>
        Effect.gen(function*() {
          expect(yield* screener.sources).toEqual(["OFAC SDN (2024-05-03)", "UN SC Consolidated (2026-02-27)"])
          const cuba = yield* screener.screen(["Banco Nacional de Cuba"])
          expect(cuba.result).toBe("match")
          expect(cuba.hits[0]).toMatchObject({ list: "ofac_sdn", entry_id: "306", list_version: "2024-05-03", programs: ["CUBA"] })
          expect((yield* screener.screen(["Kivu Gold Refining SARL"])).result).toBe("clear")
          const newRow = '50001,"KIVU GOLD REFINING SARL",-0- ,"DRC",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- '
          yield* ingestSanctions([sdnVariant(() => true, [newRow])], { publishedOn: "2024-06-01" })
          expect(yield* screener.refresh).toBe(true)
          expect(yield* screener.sources).toEqual(["OFAC SDN (2024-06-01)", "UN SC Consolidated (2026-02-27)"])
          const kivu = yield* screener.screen(["Kivu Gold Refining Sarl"])
          expect(kivu.result).toBe("match")
          expect(kivu.hits[0]).toMatchObject({ entry_id: "50001", list_version: "2024-06-01" })
        })))

    it.effect("a running screener swaps to a new version by polling, answering throughout", () =>
      TestClock.withLive(withScreener("100 millis", (screener) =>
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          const newRow = '50002,"TANGANYIKA MINERALS EXPORT LIMITED",-0- ,"DRC",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- '
          yield* ingestSanctions([sdnVariant(() => true, [newRow])], { publishedOn: "2024-07-01" })
          let swapped = false
          for (let i = 0; i < 100 && !swapped; i++) {
            const answer = yield* screener.screen(["Banco Nacional de Cuba"])
            expect(answer.result).toBe("match")
            swapped = (yield* screener.sources).includes("OFAC SDN (2024-07-01)")
            if (!swapped) yield* Effect.sleep("50 millis")
          }
          expect(swapped).toBe(true)
          expect((yield* screener.screen(["Tanganyika Minerals Export Ltd"])).hits[0]?.entry_id).toBe("50002")
          const versions = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM sanctions_versions WHERE list = 'ofac_sdn'`
          expect(versions[0]?.n).toBe(3)
        }))))
  })
})
