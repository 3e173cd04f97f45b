import { Result } from "effect"
import type { LeiEntry } from "../../../domain/leiConfirmation.js"

/**
 * One row of GLEIF's golden copy, CSV or JSON (goldenCopyFile.ts: LEI-CDF 3.1 level 1, as GLEIF publishes it at
 * https://www.gleif.org/en/lei-data/gleif-golden-copy) as the entry the confirmation rule reads. Columns by their
 * CDF paths, lower-cased (csvBatches lower-cases the header): `Entity.RegistrationAuthority.RegistrationAuthorityID`,
 * `Registration.ValidationSources` (the corroboration level) ... Pure.
 */
export const cell = (cells: Readonly<Record<string, string>>, name: string): string | null => {
  const value = cells[name.toLowerCase()]?.trim()
  return value === undefined || value === "" ? null : value
}

const OTHER_NAMES = 5

export const entryOfGoldenCopyRow = (cells: Readonly<Record<string, string>>): Result.Result<LeiEntry, string> => {
  const at = (name: string) => cell(cells, name)
  const lei = at("LEI")
  const legalName = at("Entity.LegalName")
  const entityStatus = at("Entity.EntityStatus")
  const registrationStatus = at("Registration.RegistrationStatus")
  const corroboration = at("Registration.ValidationSources")
  if (lei === null || !/^[A-Z0-9]{18}[0-9]{2}$/.test(lei)) return Result.fail(`LEI ${JSON.stringify(lei ?? "")} is not an LEI`)
  if (legalName === null) return Result.fail("no Entity.LegalName")
  if (entityStatus === null || registrationStatus === null || corroboration === null) {
    return Result.fail("no Entity.EntityStatus, Registration.RegistrationStatus or Registration.ValidationSources")
  }
  const otherNames = Array.from({ length: OTHER_NAMES }, (_, i) => ({
    name: at(`Entity.OtherEntityNames.OtherEntityName.${i + 1}`),
    type: at(`Entity.OtherEntityNames.OtherEntityName.${i + 1}.type`)
  })).flatMap((n) => (n.name === null ? [] : [{ name: n.name, type: n.type }]))
  return Result.succeed({
    lei,
    legalName,
    otherNames,
    legalAddress: {
      lines: ["Entity.LegalAddress.FirstAddressLine", "Entity.LegalAddress.AdditionalAddressLine.1"].map(at).filter((l): l is string => l !== null),
      city: at("Entity.LegalAddress.City"),
      region: at("Entity.LegalAddress.Region"),
      country: at("Entity.LegalAddress.Country"),
      postalCode: at("Entity.LegalAddress.PostalCode")
    },
    jurisdiction: at("Entity.LegalJurisdiction"),
    registeredAt: at("Entity.RegistrationAuthority.RegistrationAuthorityID"),
    registeredAs: at("Entity.RegistrationAuthority.RegistrationAuthorityEntityID"),
    entityStatus,
    creationDate: at("Entity.EntityCreationDate"),
    registration: {
      initialRegistrationDate: at("Registration.InitialRegistrationDate"),
      lastUpdateDate: at("Registration.LastUpdateDate"),
      status: registrationStatus,
      nextRenewalDate: at("Registration.NextRenewalDate"),
      corroborationLevel: corroboration,
      validatedAt: at("Registration.ValidationAuthority.ValidationAuthorityID"),
      validatedAs: at("Registration.ValidationAuthority.ValidationAuthorityEntityID")
    }
  })
}
