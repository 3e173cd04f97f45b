import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { createHash } from "node:crypto"
import * as path from "node:path"
import { operationExamples } from "../../src/domain/examples/operationExamples.js"
import { canonicalJson } from "../../src/domain/canonicalJson.js"
import { detectListFiles, filesOf } from "../../src/sanctions/lists/detect.js"
import { sha256File } from "../../src/sanctions/lists/ingest.js"
import { contentName } from "../../src/sanctions/lists/listFile.js"
import { listDisplayName } from "../../src/sanctions/model.js"
import { repoRoot } from "../support/cliProcess.js"

/**
 * The check example's list versions are the shipped lists (data/sanctions, as `npm run demo` loads them), each with
 * the SHA-256 a check reports for it: over the SHA-256 of each of its files' content (data/sanctions/README.md).
 */
describe("the OpenAPI example's list hashes", () => {
  it.effect("are those the service computes for the files in data/sanctions", () =>
    Effect.gen(function*() {
      const example = operationExamples["checks.get"] as { lists: ReadonlyArray<{ list: string; sha256: string }> }
      const sets = yield* detectListFiles(["ofac-sdn", "ofac-consolidated", "un"].map((dir) => path.join(repoRoot, "data", "sanctions", dir)))
      const computed = yield* Effect.forEach(sets, (set) =>
        Effect.gen(function*() {
          const fileHashes: Record<string, string> = {}
          for (const file of filesOf(set)) fileHashes[contentName(file).toLowerCase()] = yield* sha256File(file)
          return { list: listDisplayName[set.list], sha256: createHash("sha256").update(canonicalJson(fileHashes)).digest("hex") }
        }))
      expect(example.lists.map(({ list, sha256 }) => ({ list, sha256 }))).toEqual(computed)
    }))
})
