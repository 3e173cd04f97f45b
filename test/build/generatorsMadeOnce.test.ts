import * as fs from "node:fs"
import * as path from "node:path"
import ts from "typescript"
import { describe, expect, it } from "vitest"

/**
 * Generator functions are made once (issue 56, docs/development.md "Generator functions are made once"): V8 gives
 * every new generator function its own map, allocated in the old generation and pointing at the function and at what
 * it closes over. An `Effect.gen(function*…)` written inside a function that runs per call makes a new generator
 * function per call, so every call's objects outlived the young generation until a full collection (a 404 left 2.7 KB
 * in the old generation, the record 5.1 KB: the full collections and the p99 they cost). `Effect.fnUntraced(function*…)`
 * made once, in a module or a service's construction, does not.
 */

const root = path.resolve(import.meta.dirname, "..", "..")

/** The request path of every /v1 call, of the record and of search, and the admission of every MCP message: none there. */
const requestPath = ["src/http/edge/", "src/http/AuthenticationLive.ts", "src/access/Quota.ts", "src/companies/CompanyRepo.ts", "src/search/", "src/mcp/gate.ts"]

/**
 * The ones left elsewhere, written before the rule: none may be added; each file converted lowers the count (an
 * `Effect.fnUntraced(function*(…) {…})` in place of `(…) => Effect.gen(function*() {…})`).
 */
const LEFT = 184

const sourceFiles = (dir: string): Array<string> =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    return entry.isDirectory() ? sourceFiles(file) : file.endsWith(".ts") ? [file] : []
  })

/** Each `Effect.gen(function*…)` whose nearest enclosing function is not a generator (it runs per call), as file:line. */
const madePerCall = (file: string): Array<string> => {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true)
  const found: Array<string> = []
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.getText(source) === "Effect.gen") {
      const body = node.arguments[node.arguments.length - 1]
      if (body !== undefined && ts.isFunctionExpression(body) && body.asteriskToken !== undefined) {
        let enclosing: ts.Node | undefined = node.parent
        while (enclosing !== undefined && !ts.isFunctionLike(enclosing)) enclosing = enclosing.parent
        const generator = enclosing !== undefined && (ts.isFunctionExpression(enclosing) || ts.isFunctionDeclaration(enclosing)) &&
          enclosing.asteriskToken !== undefined
        if (enclosing !== undefined && !generator) {
          found.push(`${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`)
        }
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe("generator functions are made once", () => {
  const all = sourceFiles(path.join(root, "src")).flatMap(madePerCall)

  it("the checker finds the pattern it looks for (a generator function made per call)", () => {
    const probe = path.join(root, "test", "build", "fixtures", "perCallGenerator.ts.txt")
    expect(madePerCall(probe).map((at) => at.split(":")[1])).toEqual(["6"])
  })

  it("none on the request path of the record, search and every /v1 call", () => {
    expect(all.filter((at) => requestPath.some((prefix) => at.startsWith(prefix)))).toEqual([])
  })

  it(`no more than the ${LEFT} left elsewhere`, () => {
    expect(all.length, all.join("\n")).toBeLessThanOrEqual(LEFT)
  })
})
