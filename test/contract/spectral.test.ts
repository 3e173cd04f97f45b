import { execFile } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { openApiDocument } from "../../src/api/Api.js"
import { repoRoot } from "../sanctions/paths.js"

interface SpectralResult {
  readonly code: string
  readonly message: string
  readonly severity: number
  readonly path: ReadonlyArray<string>
}

/** Spectral (`spectral:oas`, the repository's .spectral.yaml) over the document /v1/openapi.json serves: nothing to say. */
describe("the OpenAPI document passes Spectral's OpenAPI ruleset with no error and no warning (issue 43)", () => {
  it("spectral lint: 0 errors, 0 warnings", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "kyb-spectral-")), "openapi.json")
    writeFileSync(file, JSON.stringify(openApiDocument()))
    const cli = path.join(repoRoot, "node_modules", "@stoplight", "spectral-cli", "dist", "index.js")
    const output = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [cli, "lint", "-r", path.join(repoRoot, ".spectral.yaml"), "-f", "json", "--fail-severity", "hint", "-q", file], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
        stdout.trim().startsWith("[") ? resolve(stdout) : reject(new Error(`spectral: ${String(error)} ${stderr}`))))
    const results = JSON.parse(output) as ReadonlyArray<SpectralResult>
    // Severity 0 is an error, 1 a warning (2 information, 3 a hint).
    expect(results.filter((r) => r.severity <= 1).map((r) => `${r.code} at ${r.path.join(".")}: ${r.message}`)).toEqual([])
  }, 240_000)
})
