import { Clock, Effect, Context, Layer } from "effect"
import { SqlClient } from "effect/sql"
import type { Attribution, Origin } from "../access/actor.js"
import { Audit } from "../audit/Audit.js"
import { entryOf } from "../audit/auditApi.js"
import { AuditRepo } from "../audit/AuditRepo.js"
import { Checks } from "../checks/Checks.js"
import { inOneSnapshot } from "../db/oneSnapshot.js"
import { caseFileDigest, caseFileOf, checkDocumentName, type OmittedDocument } from "../domain/caseFile.js"
import { Cases } from "./Cases.js"
import { CasesRepo } from "./CasesRepo.js"

/** The most checks a case file (and its printed record) holds: the newest. */
export const CASE_FILE_CHECKS = 200
/** The most audit entries a case file holds: the oldest (a case this busy is worked, not filed). */
export const CASE_FILE_AUDIT_ENTRIES = 5000

/**
 * A case as a record to file (issue 55 item 3): the case as GET /v1/cases/{id} gives it, each of its checks as GET
 * /v1/checks/{id} gives it, and the audit entries that concern it (its own, its decisions', its checks'). The printed
 * record (the console) and the case file (one JSON document, each part with its SHA-256) are made from the same.
 */
export class CaseFiles extends Context.Service<CaseFiles>()("kyb/CaseFiles", {
  make: Effect.gen(function*() {
    const cases = yield* Cases
    const checks = yield* Checks
    const repo = yield* CasesRepo
    const audit = yield* AuditRepo
    const trail = yield* Audit
    const sql = yield* SqlClient.SqlClient

    /**
     * What the record holds; `withAudit` false: no audit entry is read (a key that may not read the log). Read from one
     * snapshot: a decision or a check committed meanwhile is in every part of the record or in none.
     */
    const gather = (accountId: string, caseId: string, withAudit: boolean) =>
      inOneSnapshot(sql, Effect.gen(function*() {
        const detail = yield* cases.get(accountId, caseId)
        const rows = yield* repo.checks(caseId, CASE_FILE_CHECKS).pipe(Effect.orDie)
        // every check as GET /v1/checks/{id} gives it, read together (not one by one)
        const full = yield* checks.getMany(accountId, rows.map((row) => row.id))
        const objects = [caseId, ...detail.decisions.map((d) => d.id), ...rows.map((r) => r.id)]
        const entries = withAudit
          ? yield* audit.concerning(accountId, objects, caseId, CASE_FILE_AUDIT_ENTRIES).pipe(Effect.orDie)
          : null
        const omitted: Array<OmittedDocument> = []
        if (detail.case.check_count > full.length) {
          omitted.push({ name: "checks", why: `the newest ${full.length} of the case's ${detail.case.check_count} checks are in the file` })
        }
        if (entries === null) omitted.push({ name: "audit.json", why: "the audit entries need an API key with scope audit" })
        else if (entries.length === CASE_FILE_AUDIT_ENTRIES) omitted.push({ name: "audit.json", why: `the oldest ${CASE_FILE_AUDIT_ENTRIES} audit entries are in the file` })
        return { detail, checks: full, audit: entries === null ? null : entries.map(entryOf), omitted } as const
      })).pipe(Effect.catchTag("SqlError", Effect.die))

    /**
     * The case file: the case, its checks and (`withAudit`) its audit entries, each as JSON text with its SHA-256.
     * Every file given out (API, console download, MCP) is an evidence read in the audit log (`case.file_downloaded`):
     * who, which case, and the file's SHA-256 (`caseFileDigest`: over its canonical JSON, whichever door served it).
     */
    const file = Effect.fnUntraced(function*(actor: { readonly accountId: string; readonly by: Attribution; readonly origin?: Origin | undefined }, caseId: string, withAudit: boolean) {
      const accountId = actor.accountId
      const by = actor.by
      const held = yield* gather(accountId, caseId, withAudit)
      const at = new Date(yield* Clock.currentTimeMillis)
      const documents: Array<readonly [string, unknown]> = [
        ["case.json", held.detail],
        ...held.checks.map((check) => [checkDocumentName(check.id), check] as const),
        ...(held.audit === null ? [] : [["audit.json", { entries: held.audit }] as const])
      ]
      yield* Effect.logInfo("case file made").pipe(Effect.annotateLogs({ case_id: caseId, documents: documents.length }))
      const made = caseFileOf({ caseId, accountId, at, by }, documents, held.omitted)
      yield* trail.record(actor, {
        action: "case.file_downloaded",
        object: { type: "case", id: caseId },
        details: { case_id: caseId, sha256: caseFileDigest(made), documents: made.documents.length, with_audit: held.audit !== null }
      })
      return made
    })

    return { gather, file } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([Cases.Default, CasesRepo.Default, AuditRepo.Default, Audit.Default]))
}
