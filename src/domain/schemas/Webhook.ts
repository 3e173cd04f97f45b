import { Schema } from "effect"
import { AttributionOrNull } from "./Attribution.js"
import { NextCursor } from "./Paging.js"
import { isoCountryCode, requiringOneOf } from "./params.js"
import { optionalField, stated } from "./stated.js"

export const EventType = Schema.Literals(["sanctions.hit_added", "sanctions.hit_removed", "company.status_changed", "debarment.added", "debarment.removed",
  "decision.pending", "decision.approved", "decision.rejected", "case.reopened"])

export const WebhookBody = Schema.Struct({
  url: Schema.String.annotate(stated({
    type: "string",
    format: "uri",
    minLength: 1,
    maxLength: 2048,
    description: "Where events are POSTed: an http(s) URL of a publicly reachable host, not port 0 (at most 2,048 characters)"
  })).check(
    Schema.isMinLength(1, { message: "must not be empty" }),
    Schema.isMaxLength(2048, { message: "must be at most 2048 characters" })
  ),
  events: Schema.Array(EventType).annotate({ description: "The event types to receive: one or more" })
    .check(Schema.isMinLength(1, { message: "must name at least one event type" }))
}).annotate({ identifier: "WebhookRequest" })

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
  secret: Schema.String.annotate({ description: "the signing secret, shown this once: verify `KYB-Signature` with it" })
}) {}

export class WebhookPage extends Schema.Class<WebhookPage>("WebhookPage")({ webhooks: Schema.Array(Webhook), next_cursor: NextCursor }) {}

export const DeliveryAttempt = Schema.Struct({
  attempt: Schema.Finite,
  at: Schema.String,
  status_code: Schema.NullOr(Schema.Finite),
  error: Schema.NullOr(Schema.String),
  duration_ms: Schema.Finite
})

export class WebhookDeliveryPage extends Schema.Class<WebhookDeliveryPage>("WebhookDeliveryPage")({
  deliveries: Schema.Array(Schema.Struct({
    event_id: Schema.String,
    type: Schema.Literals([...EventType.literals, "webhook.test"]).annotate({ description: "webhook.test: a test event sent from the console" }),
    state: Schema.Literals(["pending", "delivered", "failed", "cancelled"]).annotate({
      description: "cancelled: its webhook was deleted, or its account deleted or its last key revoked, before it was delivered"
    }),
    next_attempt_at: Schema.NullOr(Schema.String).annotate({ description: "when a pending delivery is tried next; null otherwise" }),
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
    list: optionalField(Schema.String),
    entry_id: optionalField(Schema.String),
    listed_name: optionalField(Schema.String),
    list_version: optionalField(Schema.String),
    from: optionalField(Schema.NullOr(Schema.String).annotate({ description: "company.status_changed: the status before; debarment.added: the first day of ineligibility" })),
    to: optionalField(Schema.NullOr(Schema.String).annotate({ description: "company.status_changed: the status now; debarment.added: the last day of ineligibility (null: indefinite)" })),
    institution: optionalField(Schema.String.annotate({ description: "debarment.added: who debarred" })),
    grounds: optionalField(Schema.String.annotate({ description: "debarment.added: the grounds as the institution writes them" })),
    check_id: Schema.NullOr(Schema.String)
  })
}) {}

export class EventPage extends Schema.Class<EventPage>("EventPage")({
  events: Schema.Array(Event),
  next_cursor: NextCursor
}) {}

const monitorFields = Schema.Struct({
  name: optionalField(Schema.String.annotate({ description: "A name to watch" }).check(
    Schema.isMinLength(1, { message: "must not be empty" }),
    Schema.isMaxLength(300, { message: "must be at most 300 characters" })
  )),
  country: optionalField(isoCountryCode("ISO-3166-1 alpha-2 code of the company's registry")),
  registration_no: optionalField(Schema.String.annotate({ description: "The company's registration number, with country" }).check(
    Schema.isMinLength(1, { message: "must not be empty" }),
    Schema.isMaxLength(64, { message: "must be at most 64 characters" })
  ))
})

/** What to watch: a `name`, or a company by `country` and `registration_no`. */
export const MonitorBody = monitorFields.annotate(stated(
  requiringOneOf(monitorFields, [["name"], ["country", "registration_no"]], { registration_no: ["country"] })
)).check(Schema.makeFilter((b: typeof monitorFields.Type) =>
  b.registration_no !== undefined ? (b.country !== undefined ? true : "a company is watched by country and registration_no together")
  : b.name !== undefined ? true : "watch a name, or a company by country and registration_no",
  { identifier: "MonitorRequest" }
))

export class Monitor extends Schema.Class<Monitor>("Monitor")({
  id: Schema.String,
  name: Schema.NullOr(Schema.String),
  country: Schema.NullOr(Schema.String),
  registration_no: Schema.NullOr(Schema.String),
  screened_name: Schema.String.annotate({ description: "the name screened: the one given, or the company's legal name" }),
  hits: Schema.Finite.annotate({ description: "list entries it hits now" }),
  created_at: Schema.String,
  created_by: AttributionOrNull("who made it: a member (id, name) or an API key (id, label), as of its creation; null: not recorded (made before attribution existed)")
}) {}

export class MonitorPage extends Schema.Class<MonitorPage>("MonitorPage")({ monitors: Schema.Array(Monitor), next_cursor: NextCursor }) {}
