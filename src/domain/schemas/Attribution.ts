import { Schema } from "effect"

/** Who did something: a member of the account (their name as of the action) or an API key (its label then). */
export const Attribution = Schema.Union([
  Schema.Struct({
    type: Schema.Literal("member"),
    id: Schema.String.annotate({ description: "the member's id" }),
    name: Schema.String.annotate({ description: "the member's name as of the action: their display name, or their address while they had none" }),
    display_name: Schema.optionalKey(Schema.NullOr(Schema.String)).annotate({
      description: "the member's display name as of the action (null: they had not given one, and `name` is their address); absent on what was recorded before display names existed"
    })
  }).annotate({ identifier: "MemberAttribution", description: "A member of the account, named as of the action" }),
  Schema.Struct({
    type: Schema.Literal("key"),
    id: Schema.String.annotate({ description: "the API key's id" }),
    label: Schema.NullOr(Schema.String).annotate({ description: "the key's label as of the action (null: none)" })
  }).annotate({ identifier: "KeyAttribution", description: "An API key of the account, labelled as of the action" })
]).annotate({ identifier: "Attribution", description: "Who did it: a member (id, name) or an API key (id, label), as of the action" })

/** Attribution, or null where it was not recorded (made before attribution existed). */
export const AttributionOrNull = (description: string) => Schema.NullOr(Attribution).annotate({ description })
