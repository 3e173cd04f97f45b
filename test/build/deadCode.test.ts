import { spawnSync } from "node:child_process"
import * as path from "node:path"
import { describe, expect, it } from "vitest"

/**
 * No dead code (issue 57 item 6): knip, reading the whole repository as knip.json describes it (the server's and the
 * CLI's entry points, every script a maintainer runs, every test), finds no unused file, export, type, dependency or
 * unlisted binary. An export used only in its own file is not dead (knip.json: ignoreExportsUsedInFile).
 */
const root = path.resolve(import.meta.dirname, "..", "..")

interface KnipFileIssues {
  readonly file: string
  readonly [kind: string]: unknown
}

/** What knip reports, a line per finding ("exports src/x.ts: name"), from its JSON reporter. */
const findingsOf = (report: { readonly issues: ReadonlyArray<KnipFileIssues>; readonly files?: ReadonlyArray<string> }) => [
  ...(report.files ?? []).map((file) => `files ${file}`),
  ...report.issues.flatMap((entry) =>
    Object.entries(entry).flatMap(([kind, found]) =>
      Array.isArray(found) ? found.map((f: { readonly name?: string }) => `${kind} ${entry.file}: ${f.name ?? JSON.stringify(f)}`) : []
    )
  )
]

describe("dead code", () => {
  it("knip finds no unused file, export, type or dependency", () => {
    const run = spawnSync(process.execPath, [path.join(root, "node_modules", "knip", "bin", "knip.js"), "--no-progress", "--reporter", "json"], {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024
    })
    expect(run.stdout.trim().startsWith("{"), `knip printed no report: ${run.stderr}`).toBe(true)
    expect(findingsOf(JSON.parse(run.stdout))).toEqual([])
    expect(run.status).toBe(0)
  }, 240_000)
})
