import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"

const git = (cwd: string, ...args: ReadonlyArray<string>) => execFileSync("git", args, { cwd, encoding: "utf8" }).trim()

/**
 * The service at `ref`, built, for a benchmark to run beside the code checked out: a git worktree of the commit under
 * `.bench/base-<hash>` (made once, kept for the next run), with this tree's node_modules linked when both lock files
 * agree (else `npm ci` there), compiled with its own tsconfig. The cost probe (costProbe.mjs) is copied in, so that
 * a commit older than the probe is measured the same way.
 */
export const prepareBaseBuild = (repo: string, ref: string) => {
  const sha = git(repo, "rev-parse", "--verify", `${ref}^{commit}`)
  const head = git(repo, "rev-parse", "--short=7", "HEAD")
  const dirty = git(repo, "status", "--porcelain", "--untracked-files=no") === "" ? "" : " + uncommitted changes"
  const dir = path.join(repo, ".bench", `base-${sha.slice(0, 7)}`)
  if (!fs.existsSync(dir)) git(repo, "worktree", "add", "--detach", dir, sha)
  const lock = (root: string) => fs.readFileSync(path.join(root, "package-lock.json"), "utf8")
  if (!fs.existsSync(path.join(dir, "node_modules"))) {
    if (lock(dir) === lock(repo)) fs.symlinkSync(path.join(repo, "node_modules"), path.join(dir, "node_modules"), "dir")
    else execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: dir, stdio: "inherit" })
  }
  if (!fs.existsSync(path.join(dir, "dist", "main.js"))) {
    process.stderr.write(`building ${ref} (${sha.slice(0, 7)}) in ${dir}\n`)
    execFileSync(process.execPath, [path.join(dir, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.build.json"], { cwd: dir, stdio: "inherit" })
    execFileSync(process.execPath, ["scripts/copy-assets.mjs"], { cwd: dir, stdio: "inherit" })
  }
  fs.mkdirSync(path.join(dir, "scripts", "support"), { recursive: true })
  fs.copyFileSync(path.join(repo, "scripts", "support", "costProbe.mjs"), path.join(dir, "scripts", "support", "costProbe.mjs"))
  return { dir, label: `${ref} = ${sha.slice(0, 7)}`, headLabel: `${head}${dirty}` }
}
