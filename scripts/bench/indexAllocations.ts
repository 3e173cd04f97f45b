// What building the screening index of the three lists allocates, garbage included (V8's sampling heap profiler,
// keeping the samples of objects already collected), in total and by the function that allocated it.
//
//   npx tsx scripts/bench/indexAllocations.ts [--build DIR/sanctions/buildIndex.js] [--top 15]
// (--build: another build's module, e.g. an earlier commit's dist copied to .bench/, to compare in the same way)
import { Effect } from "effect"
import * as inspector from "node:inspector"
import * as path from "node:path"
import { pathToFileURL } from "node:url"

const argv = process.argv.slice(2)
const option = (name: string) => {
  const i = argv.indexOf(`--${name}`)
  return i >= 0 ? argv[i + 1] : undefined
}
const buildModule = option("build")
const top = Number(option("top") ?? "15")

interface ProfileNode {
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number }
  readonly selfSize: number
  readonly children: ReadonlyArray<ProfileNode>
}

type BuildIndexModule = typeof import("../../src/sanctions/buildIndex.js")

const session = new inspector.Session()
session.connect()
const post = <A>(method: string, params: object = {}) =>
  new Promise<A>((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as A))))

const listsDir = path.resolve(import.meta.dirname, "..", "..", "data", "sanctions")
const paths = ["ofac-sdn", "ofac-consolidated", "un"].map((p) => path.join(listsDir, p))

const main = async () => {
  const module = (buildModule === undefined
    ? await import("../../src/sanctions/buildIndex.js")
    : await import(pathToFileURL(path.resolve(buildModule)).href)) as BuildIndexModule
  const parsed = await Effect.runPromise(module.parseListPaths(paths))
  const lists = parsed.map((p) => ({ parsed: p, version: module.versionLabel(p, "file") }))
  await post("HeapProfiler.enable")
  await post("HeapProfiler.startSampling", { samplingInterval: 16_384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true })
  const index = await Effect.runPromise(module.buildMatchIndexEffect(lists))
  const { profile } = await post<{ profile: { head: ProfileNode } }>("HeapProfiler.stopSampling")
  const bySite = new Map<string, number>()
  const walk = (node: ProfileNode, caller: string) => {
    const frame = node.callFrame
    const here = `${frame.functionName || "(anonymous)"} ${frame.url.replace(/^.*\/(src|dist)\//, "")}:${frame.lineNumber + 1}`
    const site = frame.url === "" ? `${here} <- ${caller}` : here
    bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize)
    for (const child of node.children) walk(child, here)
  }
  walk(profile.head, "")
  const total = [...bySite.values()].reduce((a, b) => a + b, 0)
  console.log(`Screening index build over ${index.entries.length} entries (${buildModule ?? "src"}), node ${process.version}, ${new Date().toISOString()}`)
  console.log(`allocated in all: ${(total / 1_048_576).toFixed(1)} MB\n\n| where | MB |\n|---|---|`)
  for (const [site, bytes] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`| ${site} | ${(bytes / 1_048_576).toFixed(1)} |`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
