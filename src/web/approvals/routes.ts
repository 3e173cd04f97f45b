import { Effect } from "effect"
import { memberAttribution } from "../../accounts/Accounts.js"
import { SecondLooks } from "../../decisions/SecondLooks.js"
import { can } from "../../domain/roles.js"
import { Cases } from "../../cases/Cases.js"
import { type Console, consoleActor, consoleGet, consolePost, idAfter } from "../console.js"
import { casePage } from "../cases/pages.js"
import { statusOfError } from "../errorPages.js"
import { htmlResponse, seeOther } from "../responses.js"
import { approvalsPage } from "./pages.js"

const CASE_ID = /^case_[0-9a-f]{20}$/
type Failure = { readonly error: string; readonly message: string }

const awaitingPage = (c: Console, error?: Failure) =>
  Effect.map(Effect.flatMap(SecondLooks, (looks) => looks.awaiting(c.account.id)), (pending) =>
    htmlResponse(approvalsPage(c, pending, error?.message), error === undefined ? 200 : statusOfError(error)))

const list = consoleGet((c) => awaitingPage(c))

/** Where a second look's form returns: the case it was made on, or the Awaiting approval view; with the refusal, the same page again. */
const backTo = (c: Console, back: string, error?: Failure) =>
  CASE_ID.test(back)
    ? error === undefined ? Effect.succeed(seeOther(`/dashboard/cases/${back}`))
      : Effect.flatMap(Cases, (cases) => cases.get(c.account.id, back)).pipe(
        Effect.map((detail) => htmlResponse(casePage(c, detail, error.message), statusOfError(error))),
        Effect.catch(() => awaitingPage(c, error)))
    : error === undefined ? Effect.succeed(seeOther("/dashboard/approvals")) : awaitingPage(c, error)

const member = (c: Console) => ({ ...consoleActor(c), by: memberAttribution(c.account) })

const review = (outcome: "approved" | "rejected") =>
  consolePost((c, field) =>
    Effect.gen(function*() {
      const id = yield* idAfter("/dashboard/decisions/")
      const back = field("back") ?? ""
      return yield* (yield* SecondLooks).review(member(c), id, outcome, can(c.account.member.role, "work"), field("note")).pipe(
        Effect.flatMap(() => backTo(c, back)),
        Effect.catch((error) => backTo(c, back, error))
      )
    }))

/** The proposer takes it back (any member may post; only the proposer is let through, 403 otherwise). */
const withdraw = consolePost(Effect.fnUntraced(function*(c: Console, field: (name: string) => string | undefined) {
  const id = yield* idAfter("/dashboard/decisions/")
  const back = field("back") ?? ""
  return yield* (yield* SecondLooks).withdraw(member(c), id, field("note")).pipe(
    Effect.flatMap(() => backTo(c, back)),
    Effect.catch((error) => backTo(c, back, error))
  )
}), undefined, "read")

export const approvalsRoutes = [
  ["GET", "/dashboard/approvals", list],
  ["POST", "/dashboard/decisions/:id/approve", review("approved")],
  ["POST", "/dashboard/decisions/:id/reject", review("rejected")],
  ["POST", "/dashboard/decisions/:id/withdraw", withdraw]
] as const
