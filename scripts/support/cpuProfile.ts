/** A V8 CPU profile (`node --cpu-prof`), the parts a summary needs. */
export interface CpuProfile {
  readonly nodes: ReadonlyArray<{
    readonly id: number
    readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number }
  }>
  readonly samples: ReadonlyArray<number>
  readonly timeDeltas: ReadonlyArray<number>
}

/** Where a function's code lives: an npm package, node's own code, ours (src/, scripts/), or V8's bookkeeping. */
export const packageOf = (url: string, functionName: string): string => {
  if (url === "") return functionName.startsWith("(") ? functionName : "(native)"
  if (url.startsWith("node:")) return "node (internals)"
  const modules = url.lastIndexOf("/node_modules/")
  if (modules >= 0) {
    const rest = url.slice(modules + "/node_modules/".length).split("/")
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!
  }
  const ours = /\/(src|scripts|dist)\/(.*)$/.exec(url)
  return ours === null ? url : `kyb: ${ours[1]}/${ours[2]!.split("/")[0]}`
}

const table = (title: string, rows: ReadonlyArray<readonly [string, number]>, total: number, top: number) =>
  [
    `| ${title} | self ms | share |`,
    "|---|---|---|",
    ...rows.slice(0, top).map(([name, us]) => `| ${name.replace(/\|/g, "\\|")} | ${(us / 1000).toFixed(0)} | ${((100 * us) / total).toFixed(1)} % |`)
  ].join("\n")

/** Self time by function and by package, biggest first, as two Markdown tables. */
export const summariseProfile = (profile: CpuProfile, top = 20): string => {
  const byNode = new Map<number, number>()
  profile.samples.forEach((id, i) => byNode.set(id, (byNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)))
  const byFunction = new Map<string, number>()
  const byPackage = new Map<string, number>()
  let total = 0
  for (const node of profile.nodes) {
    const us = byNode.get(node.id) ?? 0
    if (us === 0) continue
    total += us
    const { functionName, url, lineNumber } = node.callFrame
    const where = url === "" ? "" : ` ${url.replace(/^.*\/(node_modules|src|scripts|dist)\//, "$1/")}:${lineNumber + 1}`
    const fn = `${functionName || "(anonymous)"}${where}`
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us)
    const pkg = packageOf(url, functionName)
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us)
  }
  const sorted = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1])
  return [
    `Total sampled: ${(total / 1e6).toFixed(1)} s`,
    "",
    table("package", sorted(byPackage), total, top),
    "",
    table("function", sorted(byFunction), total, top)
  ].join("\n")
}

/**
 * Inclusive time: for each function, the samples with it anywhere on their stack (once per sample), biggest first, as a
 * Markdown table, with its share of the samples that were not idle. `only`: the functions whose "name url" matches.
 */
export const inclusiveTimes = (
  profile: CpuProfile & { readonly nodes: ReadonlyArray<{ readonly children?: ReadonlyArray<number> }> },
  top = 40,
  only?: RegExp,
  skipSeconds = 0
): string => {
  const parent = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const keyOf = (id: number) => {
    const f = byId.get(id)!.callFrame
    return `${f.functionName || "(anonymous)"} ${f.url.replace(/^.*\/(node_modules|dist|src)\//, "$1/")}:${f.lineNumber + 1}`
  }
  const inclusive = new Map<string, number>()
  let busy = 0
  let at = 0
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0
    at += us
    if (at < skipSeconds * 1e6 || byId.get(id)!.callFrame.functionName === "(idle)") return
    busy += us
    const seen = new Set<string>()
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const key = keyOf(node)
      if (seen.has(key)) continue
      seen.add(key)
      inclusive.set(key, (inclusive.get(key) ?? 0) + us)
    }
  })
  const rows = [...inclusive].filter(([k]) => only === undefined || only.test(k)).sort((a, b) => b[1] - a[1]).slice(0, top)
  return [
    `Not idle: ${(busy / 1e6).toFixed(1)} s`, "",
    "| function | inclusive ms | share of busy |", "|---|---|---|",
    ...rows.map(([k, us]) => `| ${k.replace(/\|/g, "\\|")} | ${(us / 1000).toFixed(0)} | ${((100 * us) / busy).toFixed(1)} % |`)
  ].join("\n")
}
