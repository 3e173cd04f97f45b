import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import * as path from "node:path"
import { type FakeListServer, startFakeListServer } from "../../scripts/fake-lists/index.js"
import { call } from "../support/http.js"
import { type CliDatabase, cliDatabase, kyb } from "../support/cliProcess.js"
import { startServerProcess } from "../support/serverProcess.js"
import { secretIn, signUpAndLogIn } from "../support/webClient.js"
import { listsDir } from "../sanctions/paths.js"

/**
 * Issue 53 items 1, 3 and 4 through the operator's processes: `kyb lists update` against a local copy of the shipped
 * files (the real formats, served byte for byte on 127.0.0.1) activates what changed with the publication's own date
 * and confirms nothing; the server then still says how old each list is, on /health, in the verdict and on the check
 * page and its print. Every process runs behind a proxy on 127.0.0.1 that refuses and records whatever would leave it.
 */

type Body = Record<string, unknown>
const today = new Date().toISOString().slice(0, 10)
const daysSince = (day: string) => Math.round((Date.parse(today) - Date.parse(day)) / 86_400_000)

let proxy: { url: string; requests: Array<string>; close: () => Promise<void> }
let fake: FakeListServer
let database: CliDatabase
let offline: Readonly<Record<string, string>>

const startRefusingProxy = () =>
  new Promise<typeof proxy>((resolve) => {
    const requests: Array<string> = []
    const server = http.createServer((request, response) => {
      requests.push(`${request.method} ${request.url}`)
      response.writeHead(502).end("this test reaches no host beyond 127.0.0.1")
    })
    server.on("connect", (request: http.IncomingMessage, socket: import("node:net").Socket) => {
      requests.push(`CONNECT ${request.url}`)
      socket.end("HTTP/1.1 502 Bad Gateway\r\n\r\n")
    })
    server.listen(0, "127.0.0.1", () => {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      resolve({ url, requests, close: () => new Promise((done) => { server.closeAllConnections(); server.close(() => done()) }) })
    })
  })

/** The lists' addresses all pointing at the local copy. */
const copyAt = () => ({
  KYB_LISTS_OFAC_URL: `${fake.url}/ofac`,
  KYB_LISTS_UN_URL: `${fake.url}/un/consolidated.xml`,
  KYB_LISTS_UK_URL: `${fake.url}/uk`,
  KYB_LISTS_EU_URL: `${fake.url}/eu/fsf.xml`,
  KYB_LISTS_WORLDBANK_URL: ""
})

const gz = (dir: string, file: string) => path.join(listsDir, dir, file)

/** A member signs up, makes a key and verifies a name: the verdict and the check page's lists section. */
const checkWithPage = async (url: string, email: string) => {
  const web = await signUpAndLogIn(url, email, "a long enough passphrase")
  const secret = secretIn((await web.submitFollowing("/dashboard", "/dashboard/keys", { label: "lists" })).text)
  const verdict = (await call(`${url}/v1/verify`, {
    method: "POST", headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" }, body: JSON.stringify({ name: "Savannah Tea Exporters Limited" })
  })).body as Body
  const page = await web.get(`/dashboard/checks/${String(verdict["check_id"])}`)
  expect(page.status).toBe(200)
  const section = /<section aria-labelledby="lists">[\s\S]*?<\/section>/.exec(page.text)?.[0] ?? ""
  return { verdict, section }
}

beforeAll(async () => {
  proxy = await startRefusingProxy()
  offline = { NODE_USE_ENV_PROXY: "1", HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, NO_PROXY: "127.0.0.1,localhost" }
  // The shipped files, unchanged, each with a Last-Modified of now (what a copy made today sends).
  const now = new Date()
  fake = await startFakeListServer(Object.fromEntries([
    ["/ofac/SDN.CSV", gz("ofac-sdn", "sdn.csv.gz")], ["/ofac/ALT.CSV", gz("ofac-sdn", "alt.csv.gz")],
    ["/ofac/ADD.CSV", gz("ofac-sdn", "add.csv.gz")], ["/ofac/SDN_COMMENTS.CSV", gz("ofac-sdn", "sdn_comments.csv")],
    ["/ofac/CONS_PRIM.CSV", gz("ofac-consolidated", "cons_prim.csv")], ["/ofac/CONS_ALT.CSV", gz("ofac-consolidated", "cons_alt.csv")],
    ["/ofac/CONS_ADD.CSV", gz("ofac-consolidated", "cons_add.csv")], ["/ofac/CONS_COMMENTS.CSV", gz("ofac-consolidated", "cons_comments.csv")],
    ["/un/consolidated.xml", gz("un", "consolidated.xml.gz")],
    ["/uk/ConList.xlsx", gz("uk", "ConList.xlsx")], ["/uk/InvBan.csv", gz("uk", "InvBan.csv")],
    ["/eu/fsf.xml", gz("eu", "fsf-xml-1.1-2026-08-05-extract.xml")]
  ].map(([at, file]) => [at!, { file: file!, lastModified: now }])))
  database = await cliDatabase()
}, 120_000)

afterAll(async () => {
  await fake?.close()
  await proxy?.close()
  await database?.close()
})

describe("kyb lists update against a local copy of the shipped files (127.0.0.1)", () => {
  it("with every KYB_LISTS_*_URL emptied it fetches nothing and exits 0, saying so", async () => {
    const emptied = { KYB_LISTS_OFAC_URL: "", KYB_LISTS_UN_URL: "", KYB_LISTS_UK_URL: "", KYB_LISTS_EU_URL: "", KYB_LISTS_WORLDBANK_URL: "" }
    const run = await kyb(["lists", "update"], { ...database.env, ...offline, ...emptied })
    expect(run.stderr).toMatch(/no list is fetched: every KYB_LISTS_\*_URL is empty/)
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toBe("")
    expect(proxy.requests).toEqual([])
  }, 120_000)

  it("re-served bytes confirm nothing; what changed is activated with the publication's own date and where it came from", async () => {
    const ingest = await kyb(["ingest", "sanctions", path.join(listsDir, "ofac-sdn"), gz("un", "consolidated.xml.gz"), "--published-on", "2024-05-03"],
      { ...database.env, ...offline })
    expect(ingest.code, ingest.stderr).toBe(0)

    const run = await kyb(["lists", "update"], { ...database.env, ...offline, ...copyAt() })
    expect(run.code, run.stderr).toBe(0)
    const outcomes = run.stdout.trim().split("\n").map((line) => JSON.parse(line) as Body)
    const of = (list: string) => outcomes.find((o) => o["list"] === list)
    const notConfirmed = /not the publisher's address: not confirmed current/
    expect(of("ofac_sdn")).toMatchObject({ status: "unchanged", version: "2024-05-03", from: `${fake.url}/ofac`, confirmed: false })
    expect(of("ofac_sdn")?.["message"]).toMatch(notConfirmed)
    expect(of("un_sc")).toMatchObject({ status: "unchanged", version: "2026-02-27", confirmed: false })
    // OFAC's CSVs carry no date and the copy serves no CONSOLIDATED.XML: of unknown date, never "today".
    expect(of("ofac_consolidated")).toMatchObject({ status: "activated", confirmed: false })
    expect(String(of("ofac_consolidated")?.["version"])).toMatch(/^sha256:[0-9a-f]{12}$/)
    expect(of("ofac_consolidated")?.["message"]).toMatch(/no publication date \(.*CONSOLIDATED\.XML: HTTP 404.*\): of unknown age, it counts as stale/)
    // The UK and EU files state their own dates: those, not the copy's Last-Modified.
    expect(of("uk_ofsi")).toMatchObject({ status: "activated", version: "2025-04-14", from: `${fake.url}/uk`, confirmed: false })
    expect(of("uk_invban")).toMatchObject({ status: "activated", version: "2022-04-06", confirmed: false })
    expect(of("eu_fsf")).toMatchObject({ status: "activated", version: "2026-08-05", from: `${fake.url}/eu/fsf.xml`, confirmed: false })
    expect(outcomes.map((o) => o["version"])).not.toContain(today)
    expect(proxy.requests).toEqual([])
  }, 300_000)

  it("the server still says each list's age and where it came from: /health degraded, verdicts lists_stale, the check page and its print", async () => {
    const server = await startServerProcess({ ...database.env, ...offline, KYB_LISTS_MAX_AGE_DAYS: "7", KYB_SIGNUPS_PER_CLIENT: "100" })
    try {
      const health = (await call(`${server.url}/health`)).body as Body
      expect(health["status"]).toBe("degraded")
      const lists = health["lists"] as ReadonlyArray<Body>
      const sdn = lists.find((l) => l["list"] === "ofac_sdn")
      expect(sdn).toEqual({
        list: "ofac_sdn", version: "2024-05-03", published_on: "2024-05-03", dated_by: "operator", fetched_from: null,
        confirmed_on: null, confirmed_from: null, as_of: "2024-05-03", age_days: daysSince("2024-05-03"), max_age_days: 7, stale: true
      })
      expect(lists.find((l) => l["list"] === "un_sc")).toMatchObject({ published_on: "2026-02-27", dated_by: "publication", confirmed_on: null, age_days: daysSince("2026-02-27") })
      expect(lists.find((l) => l["list"] === "uk_ofsi")).toMatchObject({ published_on: "2025-04-14", dated_by: "publication", fetched_from: `${fake.url}/uk`, confirmed_on: null })
      expect(lists.find((l) => l["list"] === "ofac_consolidated")).toMatchObject({ published_on: null, dated_by: null, as_of: null, age_days: null, stale: true })
      expect(health["stale_lists"]).toContain(`OFAC SDN (2024-05-03): ${daysSince("2024-05-03")} days old, limit 7 days`)

      const { section, verdict } = await checkWithPage(server.url, "lists@example.com")
      expect(verdict["review_reasons"]).toContain("lists_stale")
      const screened = (verdict["lists"] as ReadonlyArray<Body>).find((l) => l["list"] === "ofac_sdn")
      expect(screened).toMatchObject({ published_on: "2024-05-03", confirmed_on: null, age_days: daysSince("2024-05-03"), max_age_days: 7, stale: true })
      expect(section).toContain("2024-05-03 (given by the operator at loading)")
      expect(section).toContain("2026-02-27 (as the publication states)")
      expect(section).toContain("never confirmed by the publisher")
      expect(section).toContain(`<code>${fake.url}/uk</code>`)
      expect(section).toContain("files loaded by the operator")
      expect(section).toContain(`>${daysSince("2024-05-03")}<`)
      expect(section).toContain("7 days: past it, stale")
      // Printed as shown: nothing of it is left out of the print.
      expect(section).not.toContain("no-print")
    } finally {
      await server.stop()
    }
  }, 300_000)

  it("with KYB_LISTS_MAX_AGE_DAYS=off the evidence says no limit was set and keeps the age", async () => {
    const server = await startServerProcess({ ...database.env, ...offline, KYB_LISTS_MAX_AGE_DAYS: "off", KYB_SIGNUPS_PER_CLIENT: "100" })
    try {
      const health = (await call(`${server.url}/health`)).body as Body
      expect(health["status"]).toBe("ok")
      expect((health["lists"] as ReadonlyArray<Body>).find((l) => l["list"] === "ofac_sdn")).toMatchObject({ age_days: daysSince("2024-05-03"), max_age_days: null, stale: false })
      const { section, verdict } = await checkWithPage(server.url, "nolimit@example.com")
      expect((verdict["lists"] as ReadonlyArray<Body>).find((l) => l["list"] === "ofac_sdn")).toMatchObject({ age_days: daysSince("2024-05-03"), max_age_days: null, stale: false })
      expect(section).toContain("no limit set by the operator")
      expect(section).toContain(`>${daysSince("2024-05-03")}<`)
      expect(section).not.toMatch(/within the limit|>yes</i)
    } finally {
      await server.stop()
    }
  }, 300_000)
})
