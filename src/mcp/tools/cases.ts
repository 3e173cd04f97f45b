import { Effect, Schema, Struct } from "effect"
import { actorOf, keyAttribution } from "../../access/actor.js"
import { CaseDetail, CaseIdParam, CaseListParams, CasePage, CommentBody } from "../../domain/schemas/Case.js"
import { CaseFile } from "../../domain/schemas/CaseFile.js"
import { CaseFiles } from "../../cases/CaseFiles.js"
import { Cases } from "../../cases/Cases.js"
import { scopeReadsAudit } from "../../domain/keyScope.js"
import { makeTool } from "../tool.js"

export const caseTools = [
  makeTool({
    name: "list_cases",
    description: "The review queue: a case per subject in review, with its checks; page with `cursor`.",
    writes: false,
    idempotent: true,
    // The report filters (reason, list, assignee, min_age_days) are GET /v1/cases's: tools/list stays within 12 KB.
    input: CaseListParams.mapFields(Struct.omit(["reason", "list", "assignee", "min_age_days", "waiting_for", "overdue"])),
    output: CasePage,
    queryString: true,
    run: (key, input) => Effect.flatMap(Cases, (cases) => cases.queue(key.accountId, input))
  }),
  makeTool({
    name: "get_case",
    description: "A case's checks, decisions, comments and history.",
    writes: false,
    idempotent: true,
    input: Schema.Struct({ id: CaseIdParam }),
    output: CaseDetail,
    run: (key, input) => Effect.flatMap(Cases, (cases) => cases.get(key.accountId, input.id))
  }),
  makeTool({
    name: "get_case_file",
    description: "A case as one file to keep (each document with its SHA-256); audited as an evidence read.",
    writes: false,
    idempotent: true,
    input: Schema.Struct({ id: CaseIdParam }),
    output: CaseFile,
    run: (key, input) => Effect.flatMap(CaseFiles, (files) => files.file({ accountId: key.accountId, by: keyAttribution(key) }, input.id, scopeReadsAudit(key.scope)))
  }),
  makeTool({
    name: "comment_case",
    description: "A plain-text comment on a case.",
    writes: true,
    idempotent: false,
    input: Schema.Struct({ id: CaseIdParam, ...CommentBody.fields }),
    output: CaseDetail,
    run: (key, input) => Effect.flatMap(Cases, (cases) => cases.comment(actorOf(key), input.id, input.text))
  })
]
