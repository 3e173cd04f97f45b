import { describe, expect, it } from "vitest"
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"

/** `npm ci && npm test` on a fresh machine (issue 26 item 1): the browser is provisioned, or the run stops saying why. */

const root = path.resolve(import.meta.dirname, "..", "..")
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }

/** Files of other, public repositories that a page cites as its evidence (pravish1922-ctrl/oubiznes, Albende/credyx). */
const citedElsewhere = new Set(["docs/registry-evidence.md: CLAUDE.md", "docs/registry-evidence.md: docs/countries/bw.md"])

describe("the README's test command on a fresh machine, and what the README and docs/ name", () => {
  it("npm test first provisions the browser, with the same script CI uses", () => {
    expect(pkg.scripts["pretest"]).toBe("node scripts/ensure-browser.mjs")
    expect(fs.readFileSync(path.join(root, ".ci", "run"), "utf8")).toContain("node scripts/ensure-browser.mjs")
  })

  it("without the browser and without the right to install it, stops at once with one line saying what to run", () => {
    const r = spawnSync(process.execPath, ["scripts/ensure-browser.mjs"], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, CHROMIUM_PATH: "/nonexistent/chromium" }
    })
    expect(r.status).toBe(1)
    expect(r.stderr.trimEnd().split("\n")).toHaveLength(1)
    expect(r.stderr).toContain("apt-get install -y chromium")
  })

  it("with the browser present, says nothing and lets the tests run", () => {
    const r = spawnSync(process.execPath, ["scripts/ensure-browser.mjs"], { cwd: root, encoding: "utf8", env: { ...process.env, CHROMIUM_PATH: process.execPath } })
    expect(r.status).toBe(0)
    expect(r.stderr).toBe("")
  })

  it("the README and docs/*.md point only at files of the repository, and their commands write nothing into the working tree", () => {
    const pages = ["README.md", ...fs.readdirSync(path.join(root, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)]
    expect(pages.length).toBeGreaterThan(5)
    const outputs: Array<string> = []
    for (const page of pages) {
      const text = fs.readFileSync(path.join(root, page), "utf8")
      const named = [...text.matchAll(/(?<![\w/.])((?:[\w-]+\/)*[\w-]+\.md)\b/g)].map((m) => m[1]!)
      // A file is named from the repository's root, or beside the page (a page of docs/ naming another).
      for (const file of new Set(named)) {
        if (citedElsewhere.has(`${page}: ${file}`)) continue
        expect(fs.existsSync(path.join(root, file)) || fs.existsSync(path.join(root, path.dirname(page), file)), `${page}: ${file}`).toBe(true)
      }
      expect(text, page).not.toMatch(/\.\.\/shared\/[\w/-]*\.md|DESIGN/)
      outputs.push(...[...text.matchAll(/--out\s+(\S+)/g)].map((m) => `${page}: ${m[1]!}`))
    }
    expect(outputs.length).toBeGreaterThan(0)
    for (const out of outputs) expect(out, "an --out in the README or docs").toMatch(/: \/tmp\//)
  })

  it("the README is short: what it is, how to start, the demo, and where to read next", () => {
    const readme = fs.readFileSync(path.join(root, "README.md"), "utf8")
    expect(readme.split("\n").length).toBeLessThanOrEqual(250)
    for (const heading of ["## Try it", "## Where to read next"]) expect(readme).toContain(heading)
    for (const [, page] of readme.matchAll(/^- (docs\/[\w-]+\.md)/gm)) {
      // Each page says first what it covers.
      expect(fs.readFileSync(path.join(root, page!), "utf8").split("\n").slice(0, 4).join("\n"), page).toMatch(/covers/)
    }
  })

  it("no test bounds a wall-clock time (those figures belong to the benchmarks under scripts/)", () => {
    const offenders: Array<string> = []
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name)
        if (entry.isDirectory()) walk(file)
        else if (file.endsWith(".test.ts") && file !== import.meta.filename) {
          fs.readFileSync(file, "utf8").split("\n").forEach((line, i) => {
            if (/(Date\.now\(\)|\.ms\b|elapsed|[mM]s\)).*toBeLessThan|isBelow\((ms|\w+Ms|Date\.now\(\))\b|isAtMost\((ms|\w+Ms|Date\.now\(\))\b/.test(line)) offenders.push(`${path.relative(root, file)}:${i + 1}`)
          })
        }
      }
    }
    walk(path.join(root, "test"))
    expect(offenders).toEqual([])
  })
})
