import { Schema } from "effect"
import { hasCursorShape } from "../../domain/cursor.js"
import { auditActions } from "../../domain/auditActions.js"
import { Attribution } from "./Attribution.js"
import { NextCursor } from "./Paging.js"

const ID = /^[A-Za-z0-9_.:-]{1,100}$/

export const AuditListParams = Schema.Struct({
  limit: Schema.optional(Schema.NumberFromString.pipe(
    Schema.int({ message: () => "must be an integer" }),
    Schema.between(1, 100, { message: () => "must be between 1 and 100" })
  ).annotations({ jsonSchema: { type: "integer", minimum: 1, maximum: 100, default: 50, description: "Page size" } })),
  cursor: Schema.optional(Schema.String.pipe(
    Schema.filter((s) => hasCursorShape(s), { message: () => "must be a next_cursor this service gave" })
  ).annotations({ jsonSchema: { type: "string", maxLength: 200, pattern: "^[\\w-]+$", description: "A page's `next_cursor`, as given (opaque: any other text is refused with 400)" } })),
  actor_id: Schema.optional(Schema.String.pipe(Schema.pattern(/^(mem|key)_[0-9a-f]{12,16}$/, { message: () => "must be a member's id (mem_...) or a key's id (key_...)" }))
    .annotations({ description: "Only what this person (a member's id) or this API key did" })),
  action: Schema.optional(Schema.Literal(...auditActions).annotations({ message: () => `must be one of ${auditActions.join(", ")}` }))
    .annotations({ description: "Only entries of this kind" }),
  object_id: Schema.optional(Schema.String.pipe(Schema.pattern(ID, { message: () => "must be an id (letters, digits, - _ . :, at most 100)" })))
    .annotations({ description: "Only entries about this object (a check, decision, key, member, monitor, webhook, batch job ...)" }),
  day: Schema.optional(Schema.String.pipe(
    Schema.pattern(/^\d{4}-\d{2}-\d{2}$/, { message: () => "must be a date (YYYY-MM-DD)" }),
    Schema.filter((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), { message: () => "must be a date (YYYY-MM-DD)" })
  ).annotations({ jsonSchema: { type: "string", format: "date", description: "Only entries of this UTC day" } }))
})

export class AuditEntry extends Schema.Class<AuditEntry>("AuditEntry")({
  seq: Schema.Number.annotations({ description: "the entry's place in the account's chain: 1, 2, 3 ... without a gap" }),
  at: Schema.String.annotations({ format: "date-time" }),
  actor: Schema.NullOr(Attribution).annotations({ description: "who did it, as of the action: a member (id, name) or an API key (id, label); null: the service itself" }),
  action: Schema.Literal(...auditActions),
  object: Schema.NullOr(Schema.Struct({ type: Schema.String, id: Schema.String })).annotations({ description: "what it was done to" }),
  address: Schema.NullOr(Schema.String).annotations({ description: "the client's network address, when the action came by a request" }),
  client: Schema.NullOr(Schema.String).annotations({ description: "the client's User-Agent (at most 200 characters)" }),
  outcome: Schema.Literal("succeeded", "refused"),
  details: Schema.Record({ key: Schema.String, value: Schema.Union(Schema.String, Schema.Number, Schema.Boolean, Schema.Null) })
    .annotations({ description: "small facts of the change (never a secret)" }),
  prev_hash: Schema.String.annotations({ description: "SHA-256 (hex) of the entry before in the chain (64 zeros for the first)" }),
  hash: Schema.String.annotations({ description: "SHA-256 (hex) of prev_hash and the entry's fields as canonical JSON" })
}) {}

export class AuditPage extends Schema.Class<AuditPage>("AuditPage")({
  entries: Schema.Array(AuditEntry).annotations({ description: "oldest first" }),
  next_cursor: NextCursor
}) {}
