import { Effect, Schema } from "effect"
import { actorOf } from "../../access/actor.js"
import { CaseDetail, CaseIdParam, CaseListParams, CasePage, CommentBody } from "../../api/schemas/Case.js"
import { Cases } from "../../cases/Cases.js"
import { makeTool } from "../tool.js"

export const caseTools = [
  makeTool({
    name: "list_cases",
    description: "GET /v1/cases: the review queue, a row per case (each review verdict joins its subject's case); page with `cursor`.",
    writes: false,
    idempotent: true,
    input: CaseListParams,
    output: CasePage,
    queryString: true,
    run: (key, input) => Effect.flatMap(Cases, (cases) => cases.queue(key.accountId, input))
  }),
  makeTool({
    name: "get_case",
    description: "GET /v1/cases/{id}: a case's checks, decisions, comments and history.",
    writes: false,
    idempotent: true,
    input: Schema.Struct({ id: CaseIdParam }),
    output: CaseDetail,
    run: (key, input) => Effect.flatMap(Cases, (cases) => cases.get(key.accountId, input.id))
  }),
  makeTool({
    name: "comment_case",
    description: "POST /v1/cases/{id}/comments: a plain-text comment on a case.",
    writes: true,
    idempotent: false,
    input: Schema.Struct({ id: CaseIdParam, ...CommentBody.fields }),
    output: CaseDetail,
    run: (key, input) => Effect.flatMap(Cases, (cases) => cases.comment(actorOf(key), input.id, input.text))
  })
]
