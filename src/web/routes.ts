import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { Effect } from "effect"
import { Accounts } from "../accounts/Accounts.js"
import { SessionFlash } from "../accounts/SessionFlash.js"
import { Cases } from "../cases/Cases.js"
import { Screener } from "../sanctions/Screener.js"
import { accountRoutes } from "./account/routes.js"
import { dashboardCss, dashboardJs } from "./assets.js"
import { faviconIco } from "./favicon.js"
import { keysRoutes } from "./keys/routes.js"
import type { SelfServeRoute } from "./selfServe.js"
import { signinRoutes } from "./signin/routes.js"

const icon = faviconIco()

const assetRoutes: ReadonlyArray<SelfServeRoute> = [
  ["GET", "/assets/dashboard.css", Effect.succeed(HttpServerResponse.text(dashboardCss, { contentType: "text/css; charset=utf-8" }))],
  ["GET", "/favicon.ico", Effect.succeed(HttpServerResponse.uint8Array(icon, {
    contentType: "image/x-icon", headers: { "cache-control": "public, max-age=86400" }
  }))],
  ["GET", "/assets/dashboard.js", Effect.succeed(HttpServerResponse.text(dashboardJs, { contentType: "text/javascript; charset=utf-8" }))]
]

const routes: ReadonlyArray<SelfServeRoute> = [...assetRoutes, ...signinRoutes, ...keysRoutes, ...accountRoutes]

/**
 * The self-serve pages (issue 16), served by the API's own server beside `/v1`: sign-up, log-in, the dashboard
 * (keys and usage) and the account page. Server-rendered HTML, one stylesheet and one small script of our own.
 */
export const WebRoutesLive = HttpRouter.use((router) =>
  Effect.flatMap(Effect.all([Accounts, Cases, Screener, SessionFlash]), ([accounts, casesService, screener, sessionFlash]) => {
    const provide = (handler: SelfServeRoute[2]) =>
      handler.pipe(
        Effect.provideService(Accounts, accounts), Effect.provideService(Cases, casesService), Effect.provideService(Screener, screener),
        Effect.provideService(SessionFlash, sessionFlash)
      )
    return Effect.forEach(routes, ([method, path, handler]) =>
      router.add(method, path, provide(handler)), { discard: true })
  }))
