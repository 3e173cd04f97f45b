import { createHash } from "node:crypto"
import { canonicalJson } from "./canonicalJson.js"

/** The case file's format: a reader checks it before reading the rest. */
export const CASE_FILE_FORMAT = "kyb-africa-case-file/1"

/** A document of the file as its JSON text, with the SHA-256 (hex) of that text's UTF-8 bytes and their count. */
export interface CaseFileDocument {
  readonly name: string
  readonly media_type: "application/json"
  readonly sha256: string
  readonly bytes: number
  readonly content: string
}

/** A document left out of the file, and why (e.g. the key may not read the audit log). */
export interface OmittedDocument {
  readonly name: string
  readonly why: string
}

export interface CaseFile<By> {
  readonly format: typeof CASE_FILE_FORMAT
  readonly case_id: string
  readonly account_id: string
  readonly generated_at: string
  readonly generated_by: By
  readonly documents: ReadonlyArray<CaseFileDocument>
  readonly omitted: ReadonlyArray<OmittedDocument>
}

export const sha256Hex = (text: string) => createHash("sha256").update(text, "utf8").digest("hex")

/** A value as a document of the file: its JSON text (two-space indent, as written) is what the hash covers. */
export const caseFileDocument = (name: string, value: unknown): CaseFileDocument => {
  const content = JSON.stringify(value, null, 2)
  return { name, media_type: "application/json", sha256: sha256Hex(content), bytes: Buffer.byteLength(content, "utf8"), content }
}

/** The document of a check in the file: `checks/<id>.json`. */
export const checkDocumentName = (checkId: string) => `checks/${checkId}.json`

/**
 * One case as one JSON file: each document (the case, each of its checks, the audit entries concerning it) kept as the
 * exact text whose SHA-256 is given beside it, so a reader verifies every document without trusting the file's maker;
 * the audit entries carry their own chain hashes, verifiable against the account's chain.
 */
export const caseFileOf = <By>(head: {
  readonly caseId: string
  readonly accountId: string
  readonly at: Date
  readonly by: By
}, documents: ReadonlyArray<readonly [name: string, value: unknown]>, omitted: ReadonlyArray<OmittedDocument> = []): CaseFile<By> => ({
  format: CASE_FILE_FORMAT,
  case_id: head.caseId,
  account_id: head.accountId,
  generated_at: head.at.toISOString(),
  generated_by: head.by,
  documents: documents.map(([name, value]) => caseFileDocument(name, value)),
  omitted
})

/**
 * The SHA-256 (hex) of a whole case file, as the audit log records it for each file given out: over the file's
 * canonical JSON (keys sorted at every level, no spaces), so the same file gives the same hash whichever door served
 * it and however its JSON was indented; a holder parses the file they kept and recomputes it.
 */
export const caseFileDigest = (file: CaseFile<unknown>): string => sha256Hex(canonicalJson(file))

/** The documents whose text no longer matches its SHA-256 or byte count (empty: every one verifies). */
export const unverifiedDocuments = (file: Pick<CaseFile<unknown>, "documents">): ReadonlyArray<string> =>
  file.documents.filter((d) => sha256Hex(d.content) !== d.sha256 || Buffer.byteLength(d.content, "utf8") !== d.bytes).map((d) => d.name)
