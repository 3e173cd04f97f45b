import { Command } from "@effect/cli"
import { NodeContext } from "@effect/platform-node"
import { assert, describe, expect, layer } from "@effect/vitest"
import { Effect, Exit, Layer } from "effect"
import * as path from "node:path"
import { ingestSanctionsCommand } from "../../src/cli/sanctionsCommand.js"
import { downloadOfficialLists, OFFICIAL_FILES } from "../../src/sanctions/download.js"
import { activeVersions } from "../../src/sanctions/SanctionsStore.js"
import { TestDatabase } from "../support/testDatabase.js"
import { fixturesDir } from "./paths.js"

const cli = Command.run(Command.make("kyb").pipe(Command.withSubcommands([ingestSanctionsCommand])), { name: "kyb", version: "test" })
const runCli = (...args: ReadonlyArray<string>) => cli(["node", "kyb", ...args])

describe("kyb sanctions command", () => {
  layer(Layer.merge(TestDatabase.layer, NodeContext.layer), { timeout: "120 seconds" })((it) => {
    it.effect("ingests the given files and activates them", () =>
      Effect.gen(function*() {
        yield* runCli("sanctions", path.join(fixturesDir, "un", "consolidated.xml"), path.join(fixturesDir, "ofac-sdn"), "--published-on", "2024-05-03")
        const active = yield* activeVersions
        expect(active.map((v) => [v.list, v.label, v.entryCount])).toEqual([["ofac_sdn", "2024-05-03", 5], ["un_sc", "2026-02-27", 3]])
      }))

    it.effect("a download that cannot reach the server fails with a clear message, keeping the active versions", () =>
      Effect.gen(function*() {
        const before = yield* activeVersions
        const unreachable = OFFICIAL_FILES.map((f) => ({ ...f, url: `http://127.0.0.1:9/${f.file}` }))
        const exit = yield* Effect.exit(downloadOfficialLists(undefined, 5_000, unreachable))
        assert.isTrue(Exit.isFailure(exit))
        expect(String(exit)).toContain("SanctionsDownloadError")
        expect(String(exit)).toContain("could not download http://127.0.0.1:9/sdn.csv")
        expect(String(exit)).toContain("kyb ingest sanctions <files or folders>")
        expect(yield* activeVersions).toEqual(before)
        expect(OFFICIAL_FILES.map((f) => f.url)).toContain("https://scsanctions.un.org/resources/xml/en/consolidated.xml")
      }))
  })
})
