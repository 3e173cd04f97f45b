import { Schema } from "effect"
import { CASE_FILE_FORMAT } from "../caseFile.js"
import { Attribution } from "./Attribution.js"

const CaseFileDocument = Schema.Struct({
  name: Schema.String.annotate({ description: "case.json (the case as GET /v1/cases/{id} gives it), checks/{id}.json (each check as GET /v1/checks/{id} gives it), audit.json (the audit entries concerning the case, as GET /v1/audit gives them)" }),
  media_type: Schema.Literal("application/json"),
  sha256: Schema.String.annotate({ description: "SHA-256 (hex) of `content`'s UTF-8 bytes, exactly as given" }),
  bytes: Schema.Finite.annotate({ description: "How many UTF-8 bytes `content` is" }),
  content: Schema.String.annotate({ description: "The document's JSON text: hash this text, then parse it" })
}).annotate({ identifier: "CaseFileDocument", description: "One document of a case file, as its exact JSON text with its SHA-256" })

const OmittedDocument = Schema.Struct({
  name: Schema.String,
  why: Schema.String
}).annotate({ identifier: "OmittedDocument", description: "What the file leaves out, and why (said, never silent)" })

export const CaseFile = Schema.Struct({
  format: Schema.Literal(CASE_FILE_FORMAT),
  case_id: Schema.String,
  account_id: Schema.String,
  generated_at: Schema.String.annotate({ format: "date-time" }),
  generated_by: Attribution,
  documents: Schema.Array(CaseFileDocument).annotate({ description: "case.json first, then each check (newest first, at most 200), then audit.json" }),
  omitted: Schema.Array(OmittedDocument).annotate({ description: "Empty when the file holds the whole case; else what it leaves out (older checks, or the audit entries for a key without scope audit)" })
}).annotate({ identifier: "CaseFile", description: "A case as one file to keep: each document as JSON text with its SHA-256" })
