import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { CaseConflict, CaseNotFound, InsufficientScope, LimitReached, ListEntryNotFound } from "./errors.js"
import { guarded } from "./groups.js"
import { AssignBody, CaseDecisionBody, CaseDetail, CaseIdParam, CaseListParams, CasePage, CloseBody, CommentBody } from "./schemas/Case.js"

const caseId = HttpApiSchema.param("id", CaseIdParam)

const change = <Name extends string>(endpoint: HttpApiEndpoint.HttpApiEndpoint<Name, "POST", { readonly id: string }>) =>
  endpoint
    .addSuccess(CaseDetail)
    .addError(CaseNotFound)
    .addError(CaseConflict)
    .addError(InsufficientScope)

/** Cases (issue 40): the review queue over the API, the same service as the console's and MCP's. */
export class CasesApi extends guarded(HttpApiGroup.make("cases")
  .add(
    HttpApiEndpoint.get("list", "/cases")
      .setUrlParams(CaseListParams)
      .addSuccess(CasePage)
      .annotateContext(OpenApi.annotations({
        summary: "The review queue: the account's cases, oldest first (or best hit first), paged with a cursor",
        description: "Every verdict in `review`, whatever its reason, opens or joins the case of its subject (the business " +
          "resolved, or the name and country given). One row per case: its reasons in words, its best hit with score and " +
          "list, how many checks, age, assignee, status, and the decisions waiting for a second member. Filter by status " +
          "(default: every case not closed), reason, list, assignee (`none`: nobody), `min_age_days` and `pending`."
      }))
  )
  .add(
    HttpApiEndpoint.get("get")`/cases/${caseId}`
      .addSuccess(CaseDetail)
      .addError(CaseNotFound)
      .annotateContext(OpenApi.annotations({
        summary: "One case: its checks, hits, decisions, comments and history",
        description: "The case with its checks (newest first, with their hits), the decisions taken on it with their approval " +
          "state, and everything that happened to it in order. Another account's case is 404."
      }))
  )
  .add(change(HttpApiEndpoint.post("assign")`/cases/${caseId}/assign`).setPayload(AssignBody).annotateContext(OpenApi.annotations({
    summary: "Give a case to a member (or to nobody)",
    description: "`assignee`: a member of the account (mem_…), or null. An open case given to someone is in progress. A closed case is 409."
  })))
  .add(change(HttpApiEndpoint.post("comment")`/cases/${caseId}/comments`).setPayload(CommentBody).annotateContext(OpenApi.annotations({
    summary: "Comment on a case",
    description: "Plain text, attributed to the key and kept in the case's history and the audit trail."
  })))
  .add(change(HttpApiEndpoint.post("escalate")`/cases/${caseId}/escalate`).annotateContext(OpenApi.annotations({
    summary: "Escalate a case",
    description: "An open or in-progress case becomes escalated; an escalated or closed one is 409."
  })))
  .add(change(HttpApiEndpoint.post("close")`/cases/${caseId}/close`).setPayload(CloseBody).annotateContext(OpenApi.annotations({
    summary: "Close a case with its outcome",
    description: "`outcome`: cleared, confirmed_match, rejected_business, or other with `text`. A closed case opens again " +
      "when a later check of its subject brings a new hit or a new reason."
  })))
  .add(change(HttpApiEndpoint.post("decide")`/cases/${caseId}/decisions`).setPayload(CaseDecisionBody).addError(ListEntryNotFound).addError(LimitReached).annotateContext(OpenApi.annotations({
    summary: "Decide hits of a case, each with its linked entries",
    description: "Decides several hits at once, each with the entries linked to it on other lists (one entity, decided " +
      "once), for the case's subject. Under the account's four-eyes policy a false positive on a hit scored at or above its " +
      "threshold (0.95 by default), or on an exact name, is `pending`: it dismisses nothing until another member approves it " +
      "in the console (an API key never gives the second look). A new decision on an entry supersedes the one in force."
  })))
) {}
