// npm here (npm/cli#4828) leaves other platforms' optional binaries out of package-lock.json, and `npm ci` then
// refuses the lock (or, for the project's own Node, `node_modules/.bin/node` is not linked on that platform). Run after
// any dependency change: node scripts/complete-lockfile.mjs package-lock.json
import { readFileSync, writeFileSync } from "node:fs"
import { execFileSync } from "node:child_process"
const lockPath = process.argv[2]
const lock = JSON.parse(readFileSync(lockPath, "utf8"))
const parents = Object.entries(lock.packages).filter(([, v]) => v.optionalDependencies)

const view = (spec) => {
  try {
    const fields = ["version", "dist.integrity", "os", "cpu", "libc", "license", "bin"]
    const info = JSON.parse(execFileSync("npm", ["view", spec, ...fields, "--json"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }))
    return Array.isArray(info) ? info[info.length - 1] : info
  } catch {
    return undefined
  }
}

// Not served here at all: described from its name so npm skips it on other platforms.
const fromName = (name, spec) => {
  const m = /-(darwin|linux|win32|win|android|freebsd|openbsd|sunos|aix|openharmony|netbsd)-([a-z0-9]+)(?:-(gnueabihf|musleabihf|eabi|gnu|musl|msvc))?$/.exec(name)
  if (!m) throw new Error("cannot describe " + name)
  const v = { version: spec, os: [m[1] === "win" ? "win32" : m[1]], cpu: [m[2]] }
  if (m[3] === "gnu" || m[3] === "gnueabihf") v.libc = ["glibc"]
  if (m[3] === "musl" || m[3] === "musleabihf") v.libc = ["musl"]
  return v
}

let added = 0
for (const [parentPath, parent] of parents) {
  for (const [name, spec] of Object.entries(parent.optionalDependencies)) {
    const key = `node_modules/${name}`
    if (lock.packages[key] || lock.packages[`${parentPath}/node_modules/${name}`]) continue
    // This version not served here (another platform's binary): its os, cpu, libc, license and bin (without which
    // `npm ci` links no command) from a version of the same package that is, as they do not change between versions;
    // no integrity, which npm then takes from the registry at install.
    const served = view(`${name}@${spec}`)
    const other = served === undefined ? view(name) : undefined
    const v = served ?? (other === undefined ? fromName(name, spec) : { ...other, version: spec, "dist.integrity": undefined })
    const entry = { version: v.version }
    if (v["dist.integrity"]) entry.integrity = v["dist.integrity"]
    if (v.cpu) entry.cpu = v.cpu
    if (v.license) entry.license = v.license
    if (v.libc) entry.libc = v.libc
    entry.optional = true
    if (v.os) entry.os = v.os
    if (v.bin) entry.bin = v.bin
    lock.packages[key] = entry
    added++
  }
}
const sorted = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))))
lock.packages = sorted
writeFileSync(lockPath, JSON.stringify(lock, null, 2) + "\n")
console.log("added", added)
