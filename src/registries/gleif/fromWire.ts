import type { LeiEntry } from "../../domain/leiConfirmation.js"
import type { LeiRecordWire } from "./wire.js"

const orNull = (value: string | null | undefined): string | null => value ?? null

/** A JSON:API lei-record as the entry the confirmation rule reads. */
export const entryOfWire = (record: LeiRecordWire): LeiEntry => {
  const { entity, registration } = record.attributes
  const address = entity.legalAddress
  return {
    lei: record.attributes.lei,
    legalName: entity.legalName.name,
    otherNames: (entity.otherNames ?? []).map((n) => ({ name: n.name, type: orNull(n.type) })),
    legalAddress: {
      lines: address.addressLines ?? [],
      city: orNull(address.city),
      region: orNull(address.region),
      country: orNull(address.country),
      postalCode: orNull(address.postalCode)
    },
    jurisdiction: orNull(entity.jurisdiction),
    registeredAt: orNull(entity.registeredAt?.id),
    registeredAs: orNull(entity.registeredAs),
    entityStatus: entity.status,
    creationDate: orNull(entity.creationDate),
    registration: {
      initialRegistrationDate: registration.initialRegistrationDate,
      lastUpdateDate: registration.lastUpdateDate,
      status: registration.status,
      nextRenewalDate: orNull(registration.nextRenewalDate),
      corroborationLevel: registration.corroborationLevel,
      validatedAt: orNull(registration.validatedAt?.id),
      validatedAs: orNull(registration.validatedAs)
    }
  }
}

/** Which parents the record says GLEIF holds as LEI records (a reporting exception, or nothing, is no parent). */
export const reportedParents = (record: LeiRecordWire): ReadonlyArray<"direct" | "ultimate"> => [
  ...(record.relationships?.["direct-parent"]?.links["lei-record"] === undefined ? [] : ["direct" as const]),
  ...(record.relationships?.["ultimate-parent"]?.links["lei-record"] === undefined ? [] : ["ultimate" as const])
]
