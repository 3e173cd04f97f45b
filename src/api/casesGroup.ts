import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as OpenApi from "effect/http-api/OpenApi"
import { CaseConflict, InsufficientScope, LimitReached } from "../domain/errors.js"
import { CaseNotFound } from "../cases/errors.js"
import { ListEntryNotFound } from "../decisions/errors.js"
import { errors, guarded } from "./groups.js"
import { CaseFile } from "../domain/schemas/CaseFile.js"
import { CaseBulkAnswer, CaseBulkBody } from "../domain/schemas/CaseBulk.js"
import { AssignBody, CaseDecisionBody, CaseDetail, CaseIdParam, CaseListParams, CasePage, CloseBody, CommentBody, EscalateBody } from "../domain/schemas/Case.js"

const caseId = { id: CaseIdParam }

/** A change to one case: it answers the case as it is after, or why nothing changed. */
const changeErrors = [CaseNotFound, CaseConflict, InsufficientScope] as const

/** Cases (issue 40): the review queue over the API, the same service as the console's and MCP's. */
export class CasesApi extends guarded(HttpApiGroup.make("cases")
  .add(
    HttpApiEndpoint.get("list", "/cases", { query: CaseListParams, success: CasePage, error: errors() })
      .annotateMerge(OpenApi.annotations({
        summary: "The review queue: the account's cases, oldest first (or best hit first), paged with a cursor",
        description: "Every verdict in `review`, whatever its reason, opens or joins the case of its subject (the business " +
          "resolved, or the name and country given). One row per case: its reasons in words, its best hit with score and " +
          "list, how many checks, age, assignee, status, and the decisions waiting for a second member. Filter by status " +
          "(default: every case not closed), reason, list, assignee (`none`: nobody), `min_age_days` and `pending`."
      }))
  )
  .add(
    HttpApiEndpoint.get("get", "/cases/:id", { params: caseId, success: CaseDetail, error: errors(CaseNotFound) })
      .annotateMerge(OpenApi.annotations({
        summary: "One case: its checks, hits, decisions, comments and history",
        description: "The case with its checks (newest first, with their hits), the decisions taken on it with their approval " +
          "state, and everything that happened to it in order. Another account's case is 404."
      }))
  )
  .add(
    HttpApiEndpoint.get("file", "/cases/:id/file", { params: caseId, success: CaseFile, error: errors(CaseNotFound) })
      .annotateMerge(OpenApi.annotations({
        summary: "One case as a file to keep: the case, its checks and its audit entries, each with its SHA-256",
        description: "One JSON document holding, each as its exact JSON text with the SHA-256 of that text: the case as " +
          "GET /v1/cases/{id} gives it (`case.json`), each of its checks as GET /v1/checks/{id} gives it (`checks/{id}.json`, " +
          "newest first, at most 200) and the audit entries concerning it (`audit.json`: its own, its decisions' and its " +
          "checks', each with its chain hash). A key without scope `audit` gets no audit entry: `omitted` says so. The " +
          "console's case record prints the same case, and downloads this file."
      }))
  )
  .add(HttpApiEndpoint.post("assign", "/cases/:id/assign", { params: caseId, payload: AssignBody, success: CaseDetail, error: errors(...changeErrors) })
    .annotateMerge(OpenApi.annotations({
      summary: "Give a case to a member (or to nobody)",
      description: "`assignee`: a member of the account (mem_…), or null. An open case given to someone is in progress. A closed case is 409."
    })))
  .add(HttpApiEndpoint.post("comment", "/cases/:id/comments", { params: caseId, payload: CommentBody, success: CaseDetail, error: errors(...changeErrors) })
    .annotateMerge(OpenApi.annotations({
      summary: "Comment on a case",
      description: "Plain text, attributed to the key and kept in the case's history and the audit trail."
    })))
  .add(HttpApiEndpoint.post("escalate", "/cases/:id/escalate", { params: caseId, payload: EscalateBody, success: CaseDetail, error: errors(...changeErrors) })
    .annotateMerge(OpenApi.annotations({
      summary: "Escalate a case",
      description: "With a reason, to a member (who then holds the case) or a role (its members find it waiting for them). An open or " +
        "in-progress case becomes escalated; an escalated or closed one is 409, as is a member not of the account."
    })))
  .add(HttpApiEndpoint.post("close", "/cases/:id/close", { params: caseId, payload: CloseBody, success: CaseDetail, error: errors(...changeErrors) })
    .annotateMerge(OpenApi.annotations({
      summary: "Close a case with its outcome",
      description: "`outcome`: cleared, confirmed_match, rejected_business, resolved_by_later_check (only when the latest check " +
        "clears every reason and hit) or other, each with `text` saying why (400 without). `cleared` while the latest check " +
        "gives reasons other than sanctions_match needs each named in `acknowledged_reasons` (409 naming those missing). A " +
        "closed case opens again when a later check of its subject brings a new hit or reason, or a decision is proposed on its subject (event case.reopened)."
    })))
  .add(HttpApiEndpoint.post("bulk", "/cases/bulk", { payload: CaseBulkBody, success: CaseBulkAnswer, error: errors(InsufficientScope) })
    .annotateMerge(OpenApi.annotations({
      summary: "One change to several cases: assign, close, or decide the same list entry",
      description: "Each case named is changed on its own, all or nothing (a case refused changes nothing, the others go on), " +
        "each with its audit entry and history. `assign` with `assignee` (null: nobody); `close` with `outcome` (and `text` for " +
        "other); `decide` with `entry`, `decision` and `note`: a decision per case, under the account's four-eyes policy as on " +
        "one case (a false positive on a strong match is `proposed`, waiting for a second member). The answer names each case: " +
        "changed, proposed, refused (with why: a closed case, a hit its checks never reported) or not_found. A body that does " +
        "not fit its action is 400 and changes nothing; an outcome of other without its text is refused on each case."
    })))
  .add(HttpApiEndpoint.post("decide", "/cases/:id/decisions", {
    params: caseId,
    payload: CaseDecisionBody,
    success: CaseDetail,
    error: errors(...changeErrors, ListEntryNotFound, LimitReached)
  }).annotateMerge(OpenApi.annotations({
    summary: "Decide hits of a case, each with its linked entries",
    description: "Decides several hits at once, each with the entries linked to it on other lists (one entity, decided " +
      "once), for the case's subject. Under the account's four-eyes policy a false positive on a hit scored at or above its " +
      "threshold (0.95 by default), or on an exact name, is `pending`: it dismisses nothing until another member approves it " +
      "in the console (an API key never gives the second look). A new decision on an entry supersedes the one in force."
  })))
) {}
