import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as path from "node:path"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { fixturesDir } from "../sanctions/paths.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { secretIn, signUpAndLogIn, type WebClient } from "../support/webClient.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
const newKeyOf = (web: WebClient) => promise(async () => secretIn((await web.submitFollowing("/dashboard", "/dashboard/keys", { label: "k" })).text))
const signedUp = (url: string, email: string) => promise(() => signUpAndLogIn(url, email, "a long enough passphrase"))

/** The first hour's stumbles in the console (issue 42), each over HTTP as a browser without script sends it. */
describe("the console's first hour over HTTP", () => {
  layer(makeTestServer({ KYB_SIGNUPS_PER_CLIENT: "1000", SANCTIONS_POLL_INTERVAL: "200 millis" }), { timeout: "120 seconds", excludeTestServices: true })((it) => {
    it.effect("a new key: POST, 303, GET shows the secret once; a reload shows it no more and makes no other key", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const web = yield* signedUp(url, "once@example.com")
        const keys = Effect.map(sql<{ n: number }>`SELECT count(*)::int AS n FROM api_keys k JOIN accounts a ON a.id = k.account_id
          WHERE a.email = 'once@example.com'`, (rows) => rows[0]!.n)
        const posted = yield* promise(() => web.submit("/dashboard", "/dashboard/keys", { label: "once" }))
        assert.strictEqual(posted.status, 303)
        assert.strictEqual(posted.headers.get("location"), "/dashboard/keys/new")
        assert.strictEqual(secretIn(posted.text), "")
        const shown = yield* promise(() => web.get("/dashboard/keys/new"))
        assert.strictEqual(shown.status, 200)
        const secret = secretIn(shown.text)
        assert.match(secret, /^kyb_live_/)
        assert.match(shown.text, /class="count">0</, "the review count is in the menu")
        const [stored] = yield* sql<{ flash: Uint8Array | null }>`SELECT s.flash FROM account_sessions s JOIN accounts a ON a.id = s.account_id
          WHERE a.email = 'once@example.com'`
        assert.isNull(stored!.flash, "read once, the flash is gone")
        const reloaded = yield* promise(() => web.get("/dashboard/keys/new"))
        assert.strictEqual(reloaded.status, 200)
        assert.strictEqual(secretIn(reloaded.text), "")
        assert.include(reloaded.text, "shown once")
        assert.strictEqual(yield* keys, 1)
        // Another browser of the same member never sees it.
        const other = yield* promise(() => signUpAndLogIn(url, "once-other@example.com", "a long enough passphrase"))
        yield* promise(() => other.submit("/dashboard", "/dashboard/keys", { label: "theirs" }))
        const mine = yield* promise(() => web.get("/dashboard/keys/new"))
        assert.strictEqual(secretIn(mine.text), "")
      }))

    it.effect("a webhook: POST, 303 to its page with the secret once; after an error the URL typed is kept; the label says what the API takes", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const web = yield* signedUp(url, "hooks@example.com")
        const form = yield* promise(() => web.get("/dashboard/webhooks"))
        assert.include(form.text, "URL (http or https")
        const bad = yield* promise(() => web.submit("/dashboard/webhooks", "/dashboard/webhooks", { url: "ftp://example.com/kyb", events: "sanctions.hit_added" }))
        assert.strictEqual(bad.status, 400)
        assert.include(bad.text, "value=\"ftp://example.com/kyb\"")
        assert.include(bad.text, "must be an http or https URL")
        const posted = yield* promise(() => web.submit("/dashboard/webhooks", "/dashboard/webhooks", { url: "https://93.184.215.14/kyb", events: "sanctions.hit_added" }))
        assert.strictEqual(posted.status, 303, posted.text)
        const location = posted.headers.get("location") ?? ""
        assert.match(location, /^\/dashboard\/webhooks\/[0-9a-f-]{36}$/)
        const shown = yield* promise(() => web.get(location))
        assert.match(shown.text, /id="secret">[^<]{20,}</)
        assert.include(shown.text, "Sends New sanctions hit;", "event types in words")
        const again = yield* promise(() => web.get(location))
        assert.notMatch(again.text, /id="secret"/)
        const [count] = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM webhooks w JOIN accounts a ON a.id = w.account_id WHERE a.email = 'hooks@example.com'`
        assert.strictEqual(count!.n, 1)
      }))

    it.effect("every console page shows the Review count", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const web = yield* signedUp(url, "counted@example.com")
        for (const path of ["/dashboard", "/dashboard/account", "/dashboard/verify", "/dashboard/lists", "/dashboard/checks", "/dashboard/batch", "/dashboard/monitors", "/dashboard/webhooks", "/dashboard/members", "/dashboard/audit", "/dashboard/cases"]) {
          const page = yield* promise(() => web.get(path))
          assert.strictEqual(page.status, 200, path)
          assert.match(page.text, /class="count">0</, path)
        }
      }))

    it.effect("monitors: a country must be ISO 3166; a CSV upload says how many it added; each watched subject links to its checks", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const web = yield* signedUp(url, "watcher@example.com")
        const xx = yield* promise(() => web.submit("/dashboard/monitors", "/dashboard/monitors", { name: "", country: "XX", registration_no: "RC 1" }))
        assert.strictEqual(xx.status, 400)
        assert.include(xx.text, "XX is not an ISO 3166-1 country code")
        const key = yield* newKeyOf(web)
        const api = yield* promise(() => fetch(`${url}/v1/monitors`, {
          method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: JSON.stringify({ country: "XX", registration_no: "RC 1" })
        }))
        assert.strictEqual(api.status, 400, "the API refuses it the same way")
        const upload = yield* promise(() => web.upload("/dashboard/monitors", "/dashboard/monitors/upload", "name,country\nWatched One Trading,NG\nWatched Two Trading,\n"))
        assert.strictEqual(upload.status, 303, upload.text)
        const listed = yield* promise(() => web.get(upload.headers.get("location") ?? ""))
        assert.include(listed.text, "2 monitors are added from the file")
        assert.include(listed.text, `href="/dashboard/checks?name=${encodeURIComponent("Watched One Trading")}"`)
        const checks = yield* promise(() => web.get(`/dashboard/checks?name=${encodeURIComponent("Watched One Trading")}`))
        assert.match(checks.text, /\/dashboard\/checks\/[0-9a-f-]{36}/, "the link finds the monitor's check")
      }))

    it.effect("a console batch of 2 rows runs with a key never used (2 of 100 taken, not 1); rows count from 1 in the CSV as on the page; done, no queued notice", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const web = yield* signedUp(url, "batcher@example.com")
        yield* newKeyOf(web)
        const posted = yield* promise(() => web.upload("/dashboard/batch", "/dashboard/batch", "name\nFirst Row Trading\nSecond Row Trading\n"))
        assert.strictEqual(posted.status, 303, posted.text)
        const location = posted.headers.get("location") ?? ""
        assert.match(location, /notice=job_started/)
        const [usage] = yield* sql<{ used: number }>`SELECT u.used::int AS used FROM account_usage u JOIN accounts a ON a.id = u.account_id WHERE a.email = 'batcher@example.com'`
        assert.strictEqual(usage!.used, 2)
        let page = yield* promise(() => web.get(location))
        for (let i = 0; i < 100 && !page.text.includes("id=\"results\""); i++) {
          yield* Effect.sleep("100 millis")
          page = yield* promise(() => web.get(location))
        }
        assert.include(page.text, "done: 2 of 2 rows")
        assert.notInclude(page.text, "The batch job is queued")
        assert.match(page.text, /<td data-label="Row">1<\/td><td data-label="Input">name: First Row Trading/)
        const csv = yield* promise(() => web.get(`${location.replace(/\?.*$/, "")}/results.csv`))
        const lines = csv.text.trim().split("\r\n")
        assert.match(lines[0]!, /^row,/)
        assert.match(lines[1]!, /^1,First Row Trading,/)
        assert.match(lines[2]!, /^2,Second Row Trading,/)
      }))

    it.effect("/favicon.ico is an icon; a check's page has no link that lands on a 401", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const icon = yield* promise(() => fetch(`${url}/favicon.ico`))
        assert.strictEqual(icon.status, 200)
        assert.strictEqual(icon.headers.get("content-type"), "image/x-icon")
        const bytes = new Uint8Array(yield* promise(() => icon.arrayBuffer()))
        assert.deepStrictEqual([...bytes.slice(0, 4)], [0, 0, 1, 0])
        const web = yield* signedUp(url, "json-link@example.com")
        const secret = yield* newKeyOf(web)
        const verified = yield* promise(() => fetch(`${url}/v1/verify`, {
          method: "POST", headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" }, body: JSON.stringify({ name: "Json Link Trading" })
        }).then((r) => r.json() as Promise<{ check_id: string }>))
        const page = yield* promise(() => web.get(`/dashboard/checks/${verified.check_id}`))
        assert.strictEqual(page.status, 200)
        assert.notInclude(page.text, `href="/v1/checks/${verified.check_id}"`)
        assert.include(page.text, `GET /v1/checks/${verified.check_id}`)
      }))

    it.effect("verify one business from a form: the same verifier, one request of the month, the check's page after a redirect; words for codes and list names", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        yield* ingestSanctions([path.join(fixturesDir, "ofac-sdn")], { publishedOn: "2024-05-03" }).pipe(Effect.orDie)
        const web = yield* signedUp(url, "single@example.com")
        const secret = yield* newKeyOf(web)
        // Until the screener answers from the list just ingested (it loads new versions on its poll).
        for (let i = 0; i < 100; i++) {
          const answer = yield* promise(() => fetch(`${url}/v1/verify`, {
            method: "POST", headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" }, body: JSON.stringify({ name: "Banco Nacional de Cuba" })
          }).then((r) => r.json() as Promise<{ sanctions: { hits: ReadonlyArray<unknown> } }>))
          if (answer.sanctions.hits.length > 0) break
          yield* Effect.sleep("200 millis")
        }
        const usedOf = Effect.map(sql<{ used: number }>`SELECT u.used::int AS used FROM account_usage u JOIN accounts a ON a.id = u.account_id
          WHERE a.email = 'single@example.com'`, (rows) => rows[0]!.used)
        const before = yield* usedOf
        const empty = yield* promise(() => web.submit("/dashboard/verify", "/dashboard/verify", { name: " ", country: "XX" }))
        assert.strictEqual(empty.status, 400)
        assert.include(empty.text, "value=\"XX\"")
        assert.strictEqual(yield* usedOf, before, "a refused form costs nothing")
        const posted = yield* promise(() => web.submit("/dashboard/verify", "/dashboard/verify", { name: "Banco Nacional de Cuba" }))
        assert.strictEqual(posted.status, 303, posted.text)
        assert.strictEqual(yield* usedOf, before + 1)
        const location = posted.headers.get("location") ?? ""
        assert.match(location, /^\/dashboard\/checks\/[0-9a-f-]{36}\?notice=verified$/)
        const check = yield* promise(() => web.get(location))
        assert.include(check.text, "Check saved: the verdict is kept")
        const visible = (text: string) => text.replace(/<[^>]+>/g, " ")
        const review = (yield* promise(() => web.get("/dashboard/cases"))).text
        for (const page of [check.text, review]) assert.include(visible(page), "OFAC SDN")
        for (const page of [check.text, review, (yield* promise(() => web.get("/dashboard/checks"))).text]) {
          assert.notMatch(visible(page), /ofac_sdn|sanctions_match|registry_not_covered/)
        }
        assert.include(visible(check.text), "A name in play matches a sanctions list entry")
      }))

    it.effect("the lists page chooses what the account screens, through the service of PUT /account/api/lists", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const web = yield* signedUp(url, "lists@example.com")
        const page = yield* promise(() => web.get("/dashboard/lists"))
        assert.include(page.text, "every list (the default)")
        assert.include(page.text, "OFAC SDN")
        const none = yield* promise(() => web.submit("/dashboard/lists", "/dashboard/lists", { choice: "chosen" }))
        assert.strictEqual(none.status, 400)
        const chosen = yield* promise(() => web.submit("/dashboard/lists", "/dashboard/lists", { choice: "chosen", lists: "ofac_sdn" }))
        assert.strictEqual(chosen.status, 303)
        assert.strictEqual(chosen.headers.get("location"), "/dashboard/lists?notice=lists_changed")
        const api = yield* promise(() => web.get("/account/api/lists"))
        const lists = JSON.parse(api.text) as { custom: boolean; lists: ReadonlyArray<{ id: string; screened: boolean }> }
        assert.isTrue(lists.custom)
        assert.deepStrictEqual(lists.lists.filter((l) => l.screened).map((l) => l.id), ["ofac_sdn"])
        const every = yield* promise(() => web.submit("/dashboard/lists", "/dashboard/lists", { choice: "every" }))
        assert.strictEqual(every.status, 303)
        assert.isFalse((JSON.parse((yield* promise(() => web.get("/account/api/lists"))).text) as { custom: boolean }).custom)
      }))
  })
})
