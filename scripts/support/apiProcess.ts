import { spawn, spawnSync } from "node:child_process"

/** What a started process printed is kept up to this many characters (its latest): a request log at info runs to GBs. */
const KEPT_OUTPUT = 1 << 20

/** A node process the benchmark started, with what it printed so far (the latest megabyte), `cwd` its directory. */
export const startNode = (args: ReadonlyArray<string>, env: Record<string, string>, cwd?: string) => {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], ...(cwd === undefined ? {} : { cwd }) })
  let output = ""
  const keep = (chunk: Buffer) => {
    output += chunk.toString()
    if (output.length > 2 * KEPT_OUTPUT) output = output.slice(-KEPT_OUTPUT)
  }
  child.stdout.on("data", keep)
  child.stderr.on("data", keep)
  return { child, output: () => output }
}

/** Resolves once `url` answers below 500 (60 s at most, then fails with what the server printed). */
export const waitForHttp = async (url: string, server: { readonly output: () => string }) => {
  for (let i = 0; i < 300; i++) {
    if (await fetch(url).then((r) => r.status < 500, () => false)) return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${url} never answered:\n${server.output()}`)
}

/** `npm run build`: the compiled server (dist/) of the code checked out. */
export const buildServer = () => {
  const built = spawnSync("npm", ["run", "-s", "build"], { stdio: "inherit" })
  if (built.status !== 0) throw new Error("npm run build failed")
}
