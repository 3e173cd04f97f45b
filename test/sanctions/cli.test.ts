import { SqlClient } from "effect/sql"
import * as NodeServices from "@effect/platform-node/NodeServices"
import { assert, describe, expect, layer } from "@effect/vitest"
import { Context, Effect, Exit, Layer } from "effect"
import * as path from "node:path"
import { kyb } from "../../src/cli/commands.js"
import { sanctionsProgram } from "../../src/cli/sanctionsCommand.js"
import { parse, styleFor } from "../../src/cli/spec.js"
import { downloadOfficialLists, OFFICIAL_FILES } from "../../src/sanctions/lists/download.js"
import { activeVersions } from "../../src/sanctions/lists/SanctionsStore.js"
import { Screener } from "../../src/sanctions/Screener.js"
import { TestDatabase } from "../support/testDatabase.js"
import { fixturesDir, listsDir } from "./paths.js"

/** `kyb ingest <args>` parsed as the CLI parses it, run in this process against the test database. */
const runCli = (...args: ReadonlyArray<string>) =>
  Effect.suspend(() => {
    const parsed = parse(kyb, ["ingest", ...args], styleFor({}, {}))
    if (parsed._tag !== "run") return Effect.die(new Error(`not a command: ${args.join(" ")}`))
    return sanctionsProgram(parsed.invocation)
  })

describe("kyb sanctions command", () => {
  layer(Layer.merge(TestDatabase.layer, NodeServices.layer), { timeout: "120 seconds" })((it) => {
    it.effect("ingests the given files and activates them", () =>
      Effect.gen(function*() {
        yield* runCli("sanctions", path.join(fixturesDir, "un", "consolidated.xml"), path.join(fixturesDir, "ofac-sdn"), "--published-on", "2024-05-03")
        const active = yield* activeVersions
        expect(active.map((v) => [v.list, v.label, v.entryCount])).toEqual([["ofac_sdn", "2024-05-03", 5], ["un_sc", "2026-02-27", 3]])
      }))

    it.effect("a version older than the active one is refused; --allow-older --reason activates it and records who and why", () =>
      Effect.gen(function*() {
        const before = yield* activeVersions
        const older = path.join(listsDir, "ofac-sdn-2021-07")
        const refused = yield* Effect.exit(runCli("sanctions", older, "--published-on", "2021-07-07"))
        assert.isTrue(Exit.isFailure(refused))
        // Effect 4's String(exit) gives the error's message only: its fields are read as JSON.
        expect(JSON.stringify(refused)).toContain("older_version")
        expect(yield* activeVersions).toEqual(before)
        yield* runCli("sanctions", older, "--published-on", "2021-07-07", "--allow-older", "--reason", "restore the audited list", "--actor", "alice")
        const sql = yield* SqlClient.SqlClient
        const rows = yield* sql<{ label: string; activated_by: string | null; activation_reason: string | null }>`
          SELECT label, activated_by, activation_reason FROM sanctions_versions WHERE active AND list = 'ofac_sdn'`
        expect(rows).toEqual([{ label: "2021-07-07", activated_by: "alice", activation_reason: "restore the audited list" }])
      }))

    it.effect("a download that cannot reach the server fails with a clear message, keeping the active versions", () =>
      Effect.gen(function*() {
        const before = yield* activeVersions
        const unreachable = OFFICIAL_FILES.map((f) => ({ ...f, url: `http://127.0.0.1:9/${f.file}` }))
        const dates = [{ list: "ofac_sdn" as const, url: "http://127.0.0.1:9/SDN.XML" }]
        const exit = yield* Effect.exit(downloadOfficialLists(undefined, 5_000, unreachable, dates))
        assert.isTrue(Exit.isFailure(exit))
        expect(String(exit)).toContain("SanctionsDownloadError")
        expect(String(exit)).toContain("could not download http://127.0.0.1:9/sdn.csv")
        expect(String(exit)).toContain("kyb ingest sanctions <files or folders>")
        expect(yield* activeVersions).toEqual(before)
        expect(OFFICIAL_FILES.map((f) => f.url)).toContain("https://scsanctions.un.org/resources/xml/en/consolidated.xml")
      }))

    it.effect("ingests the three real lists with their counts, and a screener loads them from SQL", () =>
      Effect.gen(function*() {
        yield* runCli("sanctions", path.join(listsDir, "ofac-sdn"), path.join(listsDir, "ofac-consolidated"), path.join(listsDir, "un"), "--published-on", "2024-05-03")
        const active = yield* activeVersions
        expect(active.map((v) => [v.list, v.label, v.entryCount, v.aliasCount])).toEqual([
          ["ofac_sdn", "2024-05-03", 14965, 21379],
          ["ofac_consolidated", "2024-05-03", 442, 1150],
          ["un_sc", "2026-02-27", 1003, 2818]
        ])
        const stored = yield* Effect.flatMap(SqlClient.SqlClient, (sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM sanctions_entries e JOIN sanctions_versions v ON v.id = e.version_id WHERE v.active`)
        expect(stored[0]?.n).toBe(14965 + 442 + 1003)
        const result = yield* Effect.scoped(Effect.gen(function*() {
          const context = yield* Layer.build(Screener.Default)
          const screener = Context.get(context, Screener)
          expect(yield* screener.sources).toEqual(["OFAC SDN (2024-05-03)", "OFAC Consolidated (non-SDN) (2024-05-03)", "UN SC Consolidated (2026-02-27)"])
          return yield* screener.screen(["Great Lakes Business Company"])
        }))
        expect(result.result).toBe("match")
        expect(result.hits.map((h) => `${h.list}:${h.entry_id}`)).toEqual(expect.arrayContaining(["un_sc:CDe.003", "ofac_sdn:10118"]))
      }))
  })
})
