import * as HttpServer from "effect/http/HttpServer"
import { SqlClient } from "effect/sql"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Logger, References } from "effect"
import { Mailer } from "../../src/accounts/Mailer.js"
import { createKybServer } from "../../src/http/edge/nodeServer.js"
import { HttpAppLive } from "../../src/http/Server.js"
import { call } from "../support/http.js"
import { testConfig } from "../support/server.js"
import { TestDatabase } from "../support/testDatabase.js"
import { makeWebClient, secretIn } from "../support/webClient.js"

const PASSWORD = "a passphrase nobody logs"

describe("no secret of the self-serve flow is logged or stored in clear (issue 16)", () => {
  it.live("password, session token, API key and verification token never appear in any log line; the link verifies", () =>
    Effect.scoped(Effect.gen(function*() {
      const lines: Array<string> = []
      const collecting = Logger.make(({ cause, fiber, message }) => {
        const annotations = Object.entries(fiber.getRef(References.CurrentLogAnnotations))
        lines.push(JSON.stringify({ message, annotations, cause: String(cause) }))
      })
      const links: Array<string> = []
      // The seam: a mailer that records what it would send (the default one only logs that it could not).
      const recordingMailer = Layer.succeed(Mailer, Mailer.of({
        sendVerification: ({ link }) => Effect.sync(() => void links.push(link)),
        sendAccountExists: () => Effect.void,
        sendInvitation: () => Effect.void,
        delivers: true
      }))
      const runtime = yield* Layer.build(
        HttpAppLive.pipe(
          Layer.provideMerge(NodeHttpServer.layer(createKybServer, { port: 0, host: "127.0.0.1" })),
          Layer.provide(recordingMailer),
          Layer.provideMerge(TestDatabase.layer),
          Layer.provide(Logger.layer([collecting])),
          Layer.provide(Layer.succeed(References.MinimumLogLevel, "All")),
          Layer.provide(testConfig())
        )
      )
      const server = yield* HttpServer.HttpServer.pipe(Effect.provide(runtime))
      if (server.address._tag === "UnixPathAddress") return yield* Effect.die(new Error("expected TCP"))
      const url = `http://127.0.0.1:${server.address.port}`
      const web = makeWebClient(url)
      const secrets = yield* Effect.promise(async () => {
        const signup = await web.submitFollowing("/signup", "/signup", { name: "Synthetic Owner", email: "quiet@example.com", password: PASSWORD })
        await web.post("/login", { _csrf: web.csrfIn(signup.text), email: "quiet@example.com", password: PASSWORD })
        const key = secretIn((await web.submitFollowing("/dashboard", "/dashboard/keys", { label: "logs" })).text)
        await call(`${url}/v1/search?q=acme`, { headers: { authorization: `Bearer ${key}` } })
        await makeWebClient(url).submit("/login", "/login", { email: "quiet@example.com", password: `${PASSWORD} wrong` })
        await web.submit("/dashboard/account", "/dashboard/password", { current: PASSWORD, next: `${PASSWORD} renewed` })
        return { key, session: web.cookie("kyb_session") ?? "" }
      })
      assert.lengthOf(links, 1)
      const token = new URL(links[0]!).searchParams.get("token") ?? ""
      const verified = yield* Effect.promise(() => web.get(`/verify-email?token=${token}`))
      assert.strictEqual(verified.status, 200)
      assert.include(verified.text, "Your e-mail address is verified.")
      assert.strictEqual((yield* Effect.promise(() => web.get(`/verify-email?token=${token}`))).status, 404, "a link works once")

      assert.isAbove(lines.length, 10)
      for (const line of lines) {
        for (const secret of [PASSWORD, secrets.key.slice(9), secrets.session, token]) {
          assert.notInclude(line, secret, line)
        }
      }
      assert.isTrue(lines.some((l) => l.includes("/verify-email")), "the verification request is logged, without its query")
      const sql = yield* SqlClient.SqlClient.pipe(Effect.provide(runtime))
      const stored = JSON.stringify(yield* sql`SELECT a.*, s.*, v.* FROM accounts a
        LEFT JOIN account_sessions s ON s.account_id = a.id LEFT JOIN email_verifications v ON v.account_id = a.id`)
      for (const secret of [PASSWORD, secrets.key.slice(9), secrets.session, token]) assert.notInclude(stored, secret)
    })), { timeout: 240_000 })
})
