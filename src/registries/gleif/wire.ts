import { Schema } from "effect"

/**
 * GLEIF's JSON:API (https://api.gleif.org/api/v1), the parts read here: `lei-records` (one, or a page of them with
 * `meta.pagination` and `links.next`) and a record's `relationships`, whose `direct-parent` / `ultimate-parent`
 * carry either a `lei-record` link (a parent is reported) or a `reporting-exception` link (none is). Shapes as in
 * GLEIF's API documentation and in public client code (pygleif's fixture of record 9845001B2AD43E664E58, 2024).
 */
const Text = Schema.NullOr(Schema.String)
const opt = <S extends Schema.Top>(s: S) => Schema.optional(Schema.NullOr(s))

const Name = Schema.Struct({ name: Schema.String, language: opt(Schema.String), type: opt(Schema.String) })

const Address = Schema.Struct({
  addressLines: opt(Schema.Array(Schema.String)),
  city: opt(Schema.String),
  region: opt(Schema.String),
  country: opt(Schema.String),
  postalCode: opt(Schema.String)
})

const Authority = Schema.Struct({ id: opt(Schema.String), other: opt(Schema.String) })

export const LeiEntityWire = Schema.Struct({
  legalName: Name,
  otherNames: opt(Schema.Array(Name)),
  legalAddress: Address,
  headquartersAddress: opt(Address),
  registeredAt: opt(Authority),
  registeredAs: opt(Schema.String),
  jurisdiction: opt(Schema.String),
  category: opt(Schema.String),
  legalForm: opt(Schema.Struct({ id: opt(Schema.String), other: opt(Schema.String) })),
  status: Schema.String,
  creationDate: opt(Schema.String)
})

export const LeiRegistrationWire = Schema.Struct({
  initialRegistrationDate: Text,
  lastUpdateDate: Text,
  status: Schema.String,
  nextRenewalDate: opt(Schema.String),
  managingLou: opt(Schema.String),
  corroborationLevel: Schema.String,
  validatedAt: opt(Authority),
  validatedAs: opt(Schema.String)
})

const ParentLinks = Schema.Struct({
  links: Schema.Struct({
    "lei-record": Schema.optional(Schema.String),
    "relationship-record": Schema.optional(Schema.String),
    "reporting-exception": Schema.optional(Schema.String)
  })
})

export const LeiRecordWire = Schema.Struct({
  type: Schema.Literal("lei-records"),
  id: Schema.String,
  attributes: Schema.Struct({
    lei: Schema.String,
    entity: LeiEntityWire,
    registration: LeiRegistrationWire
  }),
  relationships: Schema.optional(Schema.Struct({
    "direct-parent": Schema.optional(ParentLinks),
    "ultimate-parent": Schema.optional(ParentLinks)
  })),
  links: Schema.optional(Schema.Struct({ self: Schema.optional(Schema.String) }))
})
export type LeiRecordWire = typeof LeiRecordWire.Type

/** GET /lei-records?filter[...]: a page of records. */
export const LeiRecordPage = Schema.Struct({
  meta: Schema.optional(Schema.Struct({
    pagination: Schema.optional(Schema.Struct({
      currentPage: Schema.Number,
      perPage: Schema.Number,
      total: Schema.Number,
      lastPage: Schema.Number
    }))
  })),
  links: Schema.optional(Schema.Struct({ next: Schema.optional(Schema.String) })),
  data: Schema.Array(LeiRecordWire)
})

/** GET /lei-records/{lei} and GET /lei-records/{lei}/direct-parent (or ultimate-parent): one record. */
export const LeiRecordOne = Schema.Struct({ data: LeiRecordWire })
