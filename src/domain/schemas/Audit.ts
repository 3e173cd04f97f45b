import { Schema } from "effect"
import { auditActions } from "../auditActions.js"
import { Attribution } from "./Attribution.js"
import { NextCursor } from "./Paging.js"
import { cursorInput, IntegerFromQuery } from "./params.js"
import { optionalField, stated } from "./stated.js"

const ID = /^[A-Za-z0-9_.:-]{1,100}$/u

export const AuditListParams = Schema.Struct({
  limit: optionalField(IntegerFromQuery(1, 100, { default: 50, description: "Page size" })),
  cursor: optionalField(cursorInput("A page's `next_cursor`, as given (opaque: any other text is refused with 400)")),
  actor_id: optionalField(
    Schema.String.annotate({ description: "Only what this person (a member's id) or this API key did" }).check(Schema.isPattern(/^(mem|key)_[0-9a-f]{12,16}$/u, { message: "must be a member's id (mem_...) or a key's id (key_...)" }))),
  action: optionalField(Schema.Literals(auditActions).annotate({ message: `must be one of ${auditActions.join(", ")}`, description: "Only entries of this kind" })),
  object_id: optionalField(
    Schema.String.annotate({ description: "Only entries about this object (a check, decision, key, member, monitor, webhook, batch job ...)" }).check(Schema.isPattern(ID, { message: "must be an id (letters, digits, - _ . :, at most 100)" }))),
  day: optionalField(Schema.String.annotate(stated({ type: "string", format: "date", description: "Only entries of this UTC day" })).check(
    Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/, { message: "must be a date (YYYY-MM-DD)" }),
    Schema.makeFilter((s: string) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), { message: "must be a date (YYYY-MM-DD)" })
  ))
})

export class AuditEntry extends Schema.Class<AuditEntry>("AuditEntry")({
  seq: Schema.Finite.annotate({ description: "the entry's place in the account's chain: 1, 2, 3 ... without a gap" }),
  at: Schema.String.annotate({ format: "date-time" }),
  actor: Schema.NullOr(Attribution).annotate({ description: "who did it, as of the action: a member (id, name) or an API key (id, label); null: the service itself" }),
  action: Schema.Literals(auditActions),
  object: Schema.NullOr(Schema.Struct({ type: Schema.String, id: Schema.String })).annotate({ description: "what it was done to" }),
  address: Schema.NullOr(Schema.String).annotate({ description: "the client's network address, when the action came by a request" }),
  client: Schema.NullOr(Schema.String).annotate({ description: "the client's User-Agent (at most 200 characters)" }),
  outcome: Schema.Literals(["succeeded", "refused"]),
  details: Schema.Record(Schema.String, Schema.Union([Schema.String, Schema.Finite, Schema.Boolean, Schema.Null]))
    .annotate({ description: "small facts of the change (never a secret)" }),
  prev_hash: Schema.String.annotate({ description: "SHA-256 (hex) of the entry before in the chain (64 zeros for the first)" }),
  hash: Schema.String.annotate({ description: "SHA-256 (hex) of prev_hash and the entry's fields as canonical JSON" })
}) {}

export class AuditPage extends Schema.Class<AuditPage>("AuditPage")({
  entries: Schema.Array(AuditEntry).annotate({ description: "oldest first" }),
  next_cursor: NextCursor
}) {}
