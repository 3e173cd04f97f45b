import * as HttpRouter from "effect/http/HttpRouter"
import type * as HttpServerRequest from "effect/http/HttpServerRequest"
import type * as HttpServerResponse from "effect/http/HttpServerResponse"
import { Effect } from "effect"
import { Accounts } from "../accounts/Accounts.js"
import { Audit } from "../audit/Audit.js"
import { Batches } from "../batch/Batches.js"
import { AccountChecks } from "../checks/AccountChecks.js"
import { Cases } from "../cases/Cases.js"
import { Monitors } from "../monitoring/Monitors.js"
import type { Screener } from "../sanctions/Screener.js"
import { Webhooks } from "../webhooks/Webhooks.js"
import { batchRoutes } from "./batch/routes.js"
import { listsRoutes } from "./lists/routes.js"
import { verifyRoutes } from "./verify/routes.js"
import type { ScreeningLists } from "../screeningLists/ScreeningLists.js"
import { checksRoutes } from "./checks/routes.js"
import { monitorsRoutes } from "./monitors/routes.js"
import { casesRoutes } from "./cases/routes.js"
import { casePrintRoutes } from "./cases/printRoutes.js"
import type { CaseFiles } from "../cases/CaseFiles.js"
import { approvalsRoutes } from "./approvals/routes.js"
import type { SecondLooks } from "../decisions/SecondLooks.js"
import type { CaseBulk } from "../cases/CaseBulk.js"
import type { QueueSettings } from "../cases/QueueSettings.js"
import { webhooksRoutes } from "./webhooks/routes.js"
import { auditRoutes } from "./audit/routes.js"
import { acceptRoutes } from "./members/accept.js"
import { membersRoutes } from "./members/routes.js"
import { Members } from "../members/Members.js"
import type { SessionFlash } from "../accounts/SessionFlash.js"
import { SecondFactor } from "../secondFactor/SecondFactor.js"
import { securityRoutes } from "./security/routes.js"
import { displayNameRoutes } from "./account/displayName.js"

type Services = Accounts | Cases | CaseFiles | CaseBulk | QueueSettings | SecondLooks | AccountChecks | Batches | Monitors | Webhooks | Audit | Members | Screener | SessionFlash | ScreeningLists | SecondFactor
type Route = readonly ["GET" | "POST", `/${string}`, Effect.Effect<HttpServerResponse.HttpServerResponse, never, HttpServerRequest.HttpServerRequest | Services>]

const routes: ReadonlyArray<Route> = [
  ...checksRoutes, ...verifyRoutes, ...listsRoutes, ...casesRoutes, ...casePrintRoutes, ...approvalsRoutes, ...batchRoutes, ...monitorsRoutes, ...webhooksRoutes, ...membersRoutes, ...acceptRoutes, ...auditRoutes, ...securityRoutes, ...displayNameRoutes
]

/**
 * The analyst's console (issue 29): checks and their evidence, the review queue, batch jobs, monitors and webhooks,
 * behind the dashboard's session, over the same services as `/v1`.
 */
export const ConsoleRoutesLive = HttpRouter.use((router) =>
  Effect.gen(function*() {
    const services = yield* Effect.context<Services>()
    yield* Effect.forEach(routes, ([method, path, handler]) => {
      const provided = Effect.provide(handler, services)
      return router.add(method, path, provided)
    }, { discard: true })
  }))
