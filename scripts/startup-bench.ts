import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { startNodeFlags } from "./support/startFlags.js"

/**
 * Start-up of the server run through tsx (development) against the compiled build, without node flags and with
 * those of `npm start` (read from package.json), side by side:
 * time from spawn to "Listening on" and resident memory once listening, on an embedded database migrated
 * beforehand (so both measure a warm start), median of `--runs` (default 3) alternated runs. Build first:
 *
 *   npm run -s build && npx tsx scripts/startup-bench.ts [--runs 3]
 */
const runs = Number(process.argv[process.argv.indexOf("--runs") + 1] ?? 3) || 3
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kyb-startup-"))
const startFlags = startNodeFlags()
const commands: Record<string, ReadonlyArray<string>> = {
  "tsx src/main.ts": [path.join("node_modules", ".bin", "tsx"), "src/main.ts"],
  "node dist/main.js": [process.execPath, "dist/main.js"],
  [`node ${startFlags.join(" ")} dist/main.js (npm start)`]: [process.execPath, ...startFlags, "dist/main.js"]
}

const rssOf = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8")
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

/** tsx runs node as a child: the server's RSS is the sum over the process tree. */
const treeRss = (pid: number): number => {
  const children = fs.existsSync(`/proc/${pid}/task/${pid}/children`)
    ? fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter((c) => c !== "").map(Number)
    : []
  return rssOf(pid) + children.reduce((sum, child) => sum + treeRss(child), 0)
}

const once = (argv: ReadonlyArray<string>, port: number) =>
  new Promise<{ ms: number; rssMb: number }>((resolve, reject) => {
    const started = process.hrtime.bigint()
    const child = spawn(argv[0]!, argv.slice(1), {
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", KYB_DATA_DIR: dataDir, KYB_REGISTRY_LIVE: "none" },
      stdio: ["ignore", "pipe", "pipe"]
    })
    let out = ""
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      if (!/Listening on/.test(out)) return
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      setTimeout(() => {
        const rssMb = treeRss(child.pid!)
        child.kill("SIGTERM")
        child.once("exit", () => resolve({ ms, rssMb }))
      }, 1000)
      child.stdout.off("data", onData)
    }
    child.stdout.on("data", onData)
    child.stderr.on("data", (c: Buffer) => (out += c.toString()))
    child.once("exit", (code) => (/Listening on/.test(out) ? undefined : reject(new Error(`exit ${code}: ${out}`))))
  })

const median = (xs: ReadonlyArray<number>) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
await once(commands["node dist/main.js"], 18_200) // migrates the data directory once
const results: Record<string, Array<{ ms: number; rssMb: number }>> = Object.fromEntries(Object.keys(commands).map((name) => [name, []]))
for (let i = 0; i < runs; i++) {
  for (const [name, argv] of Object.entries(commands)) results[name]!.push(await once(argv, 18_201 + i))
}
fs.rmSync(dataDir, { recursive: true, force: true })
process.stdout.write([
  `Start-up, embedded database (migrated), ${os.cpus().length} x ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, ${new Date().toISOString()}, median of ${runs}`,
  "",
  "| command | to listening (ms) | RSS once listening (MB) |",
  "|---|---|---|",
  ...Object.entries(results).map(([name, r]) =>
    `| \`${name}\` | ${median(r.map((x) => x.ms)).toFixed(0)} | ${median(r.map((x) => x.rssMb)).toFixed(0)} |`
  ),
  ""
].join("\n"))
