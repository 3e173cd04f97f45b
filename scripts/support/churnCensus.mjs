// Loaded into a server under measurement (node --import, scripts/gc-promotion.ts --churn): counts the deletes and
// clears of every Map and Set, and at exit writes to KYB_CHURN_OUT the ones with the most, each with where it was first
// deleted from. A Map or Set that lives long and is churned per request keeps its replaced tables, and what was in
// them, alive until a full collection (src/http/edge/inFlight.ts says why): this finds them.
import * as fs from "node:fs"

const seen = new WeakMap()
const all = []
const count = (proto, kind, method) => {
  const original = proto[method]
  proto[method] = function (...args) {
    let entry = seen.get(this)
    if (entry === undefined) {
      const frames = (new Error().stack ?? "").split("\n").slice(2, 7).map((line) => line.trim().replace(/^at /, ""))
      entry = { kind, churn: 0, site: frames.join(" < ").replaceAll(`file://${process.cwd()}/`, "") }
      seen.set(this, entry)
      all.push({ ref: new WeakRef(this), entry })
    }
    entry.churn++
    return original.apply(this, args)
  }
}
Error.stackTraceLimit = Math.max(Error.stackTraceLimit, 8)
for (const method of ["delete", "clear"]) {
  count(Map.prototype, "Map", method)
  count(Set.prototype, "Set", method)
}
process.on("exit", () => {
  const out = process.env.KYB_CHURN_OUT
  if (out === undefined) return
  const rows = all.filter((r) => r.entry.churn >= 100).sort((a, b) => b.entry.churn - a.entry.churn).slice(0, 30)
  fs.writeFileSync(out, rows.map(({ ref, entry }) => {
    const alive = ref.deref()
    return `| ${entry.kind} | ${entry.churn} | ${alive === undefined ? "collected" : alive.size} | ${entry.site.replaceAll("|", "/")} |`
  }).join("\n"))
})
