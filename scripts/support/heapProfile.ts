import { packageOf } from "./cpuProfile.js"

/** A sampling heap profile (the inspector's HeapProfiler.stopSampling), the parts a summary needs. */
export interface HeapProfileNode {
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number }
  readonly selfSize: number
  readonly children: ReadonlyArray<HeapProfileNode>
}

/** A package's file from its name on (`effect/dist/Schema.js`), ours from its top folder (`dist/db/pool.js`). */
const placeOf = (url: string) => {
  const modules = url.lastIndexOf("/node_modules/")
  return modules >= 0 ? url.slice(modules + "/node_modules/".length) : url.replace(/^.*\/(src|scripts|dist)\//, "$1/")
}

const table = (title: string, rows: ReadonlyArray<readonly [string, number]>, total: number, requests: number, top: number) =>
  [
    `| ${title} | KB / request | share |`,
    "|---|---|---|",
    ...rows.filter(([, bytes]) => bytes / requests >= 10).slice(0, top).map(([name, bytes]) =>
      `| ${name.replace(/\|/g, "\\|")} | ${(bytes / requests / 1024).toFixed(2)} | ${((100 * bytes) / total).toFixed(1)} % |`)
  ].join("\n")

/**
 * Bytes allocated by the function that allocated them (self, not its callees) and by package, per request, biggest
 * first, as two Markdown tables. The profile's sizes are V8's estimates from its samples, objects since collected
 * included (costProbe.mjs asks for them), so the total is close to the cost probe's bytes per request.
 */
export const summariseHeapProfile = (head: HeapProfileNode, requests: number, top = 25): string => {
  const byFunction = new Map<string, number>()
  const byPackage = new Map<string, number>()
  let total = 0
  const pending = [head]
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    pending.push(...node.children)
    if (node.selfSize === 0) continue
    total += node.selfSize
    const { functionName, url, lineNumber } = node.callFrame
    const where = url === "" ? "" : ` ${placeOf(url)}:${lineNumber + 1}`
    const fn = `${functionName || "(anonymous)"}${where}`
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + node.selfSize)
    const pkg = packageOf(url, functionName)
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + node.selfSize)
  }
  const sorted = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1])
  return [
    `Sampled: ${(total / requests / 1024).toFixed(1)} KB per request over ${requests} requests`,
    "",
    table("package", sorted(byPackage), total, requests, top),
    "",
    table("function (self)", sorted(byFunction), total, requests, top)
  ].join("\n")
}
