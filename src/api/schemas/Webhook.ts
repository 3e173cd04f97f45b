import { Schema } from "effect"
import { AttributionOrNull } from "./Attribution.js"
import { NextCursor } from "./Paging.js"
import { IsoCountryCode, refuseUnknownFields, requiringOneOf } from "./params.js"

export const EventType = Schema.Literal("sanctions.hit_added", "sanctions.hit_removed", "company.status_changed", "debarment.added", "debarment.removed",
  "decision.pending", "decision.approved", "decision.rejected")

export const WebhookBody = Schema.Struct({
  url: Schema.String.pipe(
    Schema.minLength(1, { message: () => "must not be empty" }),
    Schema.maxLength(2048, { message: () => "must be at most 2048 characters" })
  ).annotations({
    jsonSchema: {
      type: "string",
      format: "uri",
      minLength: 1,
      maxLength: 2048,
      description: "Where events are POSTed: an http(s) URL of a publicly reachable host, not port 0 (at most 2,048 characters)"
    },
    examples: ["https://example.com/kyb-events"]
  }),
  events: Schema.Array(EventType).pipe(Schema.minItems(1, { message: () => "must name at least one event type" })).annotations({ description: "The event types to receive: one or more" })
}).annotations({ identifier: "WebhookRequest", ...refuseUnknownFields })

export class Webhook extends Schema.Class<Webhook>("Webhook")({
  id: Schema.String,
  url: Schema.String,
  events: Schema.Array(EventType),
  created_at: Schema.String,
  created_by: AttributionOrNull("who made it: a member (id, name) or an API key (id, label), as of its creation; null: not recorded (made before attribution existed)")
}) {}

export class WebhookCreated extends Schema.Class<WebhookCreated>("WebhookCreated")({
  id: Schema.String,
  url: Schema.String,
  events: Schema.Array(EventType),
  created_at: Schema.String,
  created_by: AttributionOrNull("who made it: a member (id, name) or an API key (id, label), as of its creation; null: not recorded (made before attribution existed)"),
  secret: Schema.String.annotations({ description: "the signing secret, shown this once: verify `KYB-Signature` with it" })
}) {}

export class WebhookPage extends Schema.Class<WebhookPage>("WebhookPage")({ webhooks: Schema.Array(Webhook), next_cursor: NextCursor }) {}

export const DeliveryAttempt = Schema.Struct({
  attempt: Schema.Number,
  at: Schema.String,
  status_code: Schema.NullOr(Schema.Number),
  error: Schema.NullOr(Schema.String),
  duration_ms: Schema.Number
})

export class WebhookDeliveryPage extends Schema.Class<WebhookDeliveryPage>("WebhookDeliveryPage")({
  deliveries: Schema.Array(Schema.Struct({
    event_id: Schema.String,
    type: Schema.Literal(...EventType.literals, "webhook.test").annotations({ description: "webhook.test: a test event sent from the console" }),
    state: Schema.Literal("pending", "delivered", "failed", "cancelled").annotations({
      description: "cancelled: its webhook was deleted, or its account deleted or its last key revoked, before it was delivered"
    }),
    next_attempt_at: Schema.NullOr(Schema.String).annotations({ description: "when a pending delivery is tried next; null otherwise" }),
    attempts: Schema.Array(DeliveryAttempt)
  })),
  next_cursor: NextCursor
}) {}

export class Event extends Schema.Class<Event>("Event")({
  id: Schema.String,
  type: EventType,
  created_at: Schema.String,
  data: Schema.Struct({
    monitor_id: Schema.String,
    subject: Schema.Struct({ name: Schema.NullOr(Schema.String), country: Schema.NullOr(Schema.String), registration_no: Schema.NullOr(Schema.String) }),
    list: Schema.optional(Schema.String),
    entry_id: Schema.optional(Schema.String),
    listed_name: Schema.optional(Schema.String),
    list_version: Schema.optional(Schema.String),
    from: Schema.optional(Schema.NullOr(Schema.String)).annotations({ description: "company.status_changed: the status before; debarment.added: the first day of ineligibility" }),
    to: Schema.optional(Schema.NullOr(Schema.String)).annotations({ description: "company.status_changed: the status now; debarment.added: the last day of ineligibility (null: indefinite)" }),
    institution: Schema.optional(Schema.String).annotations({ description: "debarment.added: who debarred" }),
    grounds: Schema.optional(Schema.String).annotations({ description: "debarment.added: the grounds as the institution writes them" }),
    check_id: Schema.NullOr(Schema.String)
  })
}) {}

export class EventPage extends Schema.Class<EventPage>("EventPage")({
  events: Schema.Array(Event),
  next_cursor: NextCursor
}) {}

const monitorFields = Schema.Struct({
  name: Schema.optional(Schema.String.pipe(
    Schema.minLength(1, { message: () => "must not be empty" }),
    Schema.maxLength(300, { message: () => "must be at most 300 characters" })
  ).annotations({ description: "A name to watch" })),
  country: Schema.optional(IsoCountryCode.annotations({ description: "ISO-3166-1 alpha-2 code of the company's registry", examples: ["NG"] })),
  registration_no: Schema.optional(Schema.String.pipe(
    Schema.minLength(1, { message: () => "must not be empty" }),
    Schema.maxLength(64, { message: () => "must be at most 64 characters" })
  ).annotations({ description: "The company's registration number, with country" }))
})

export const MonitorBody = monitorFields.pipe(Schema.filter((b) =>
  b.registration_no !== undefined ? (b.country !== undefined ? true : "a company is watched by country and registration_no together")
  : b.name !== undefined ? true : "watch a name, or a company by country and registration_no",
  { jsonSchema: requiringOneOf(monitorFields, [["name"], ["country", "registration_no"]], { registration_no: ["country"] }) }
)).annotations({
  identifier: "MonitorRequest",
  description: "What to watch: a `name`, or a company by `country` and `registration_no`",
  ...refuseUnknownFields
})

export class Monitor extends Schema.Class<Monitor>("Monitor")({
  id: Schema.String,
  name: Schema.NullOr(Schema.String),
  country: Schema.NullOr(Schema.String),
  registration_no: Schema.NullOr(Schema.String),
  screened_name: Schema.String.annotations({ description: "the name screened: the one given, or the company's legal name" }),
  hits: Schema.Number.annotations({ description: "list entries it hits now" }),
  created_at: Schema.String,
  created_by: AttributionOrNull("who made it: a member (id, name) or an API key (id, label), as of its creation; null: not recorded (made before attribution existed)")
}) {}

export class MonitorPage extends Schema.Class<MonitorPage>("MonitorPage")({ monitors: Schema.Array(Monitor), next_cursor: NextCursor }) {}
