import { DetailsBuilder, type EntryDetails, type EntryVessel } from "../../domain/entryDetails.js"

/**
 * OFAC cuts the Remarks column of the SDN and Consolidated files at 1,000 characters and publishes the rest in the
 * comments file (SDN_COMMENTS.CSV / CONS_COMMENTS.CSV), keyed by the entry's number. A comment row for an entry whose
 * remarks are not cut there belongs to another edition of the files (the shipped SDN set pairs a 2024 sdn.csv with
 * 2025 comments, data/sanctions/README.md): it is not shown as the entry's remarks, and when any side file holds rows
 * for entries the primary does not (files of two editions), no continuation is joined: the remarks are shown as cut.
 */
export const REMARKS_CUT = 1000

export const displayedRemarks = (remarks: string | null, continued: string | null): string | null =>
  remarks !== null && continued !== null && remarks.length >= REMARKS_CUT - 1 ? remarks + continued : remarks

/**
 * The facts OFAC writes as labelled parts of the Remarks (`DOB 09 Sep 1963; alt. DOB 1957; POB Khandahar,
 * Afghanistan; nationality Afghanistan; Passport OA123456 (Afghanistan) expires 2020.`): dates and places of birth,
 * nationalities, passports and national identity numbers, taken as written. Every other part (registration and tax
 * numbers, "Linked To", secondary sanctions risk ...) stays in the remarks, which are shown whole.
 */
const remarkFacts = (remarks: string, into: DetailsBuilder): void => {
  for (const raw of remarks.split(/;\s+/)) {
    const part = raw.replace(/^alt\.\s+/, "").replace(/\.$/, "").trim()
    const fact = /^(DOB|POB|nationality) (.+)$/.exec(part)
    if (fact !== null) {
      const value = fact[2]!
      if (fact[1] === "DOB") into.dateOfBirth(value)
      else if (fact[1] === "POB") into.placeOfBirth([value])
      else into.nationality(value)
      continue
    }
    const document = /^(Passport|Diplomatic Passport|National ID No\.) (\S+)(?: \(([^)]+)\))?(?:,?\s+(.+))?$/.exec(part)
    if (document !== null) into.document(document[1]!.replace(/\.$/, ""), document[2], document[3] ?? null, document[4] ?? null)
  }
}

/** A vessel's columns of the primary file (Call_Sign, Vess_type, Tonnage, GRT, Vess_flag, Vess_owner); null when all are empty. */
export const vesselOf = (columns: ReadonlyArray<string | null | undefined>): EntryVessel | null => {
  const [call_sign, type, tonnage, gross_registered_tonnage, flag, owner] = columns.map((c) => c ?? null)
  const vessel = {
    call_sign: call_sign ?? null, type: type ?? null, tonnage: tonnage ?? null,
    gross_registered_tonnage: gross_registered_tonnage ?? null, flag: flag ?? null, owner: owner ?? null
  }
  return Object.values(vessel).every((v) => v === null) ? null : vessel
}

/** One address row of ADD.CSV / CONS_ADD.CSV: Address, City/State/Province/Postal Code, Country, Add_remarks. */
export interface OfacAddress {
  readonly address: string | null
  readonly city: string | null
  readonly country: string | null
  readonly note: string | null
}

export const ofacDetails = (entry: {
  readonly title: string | null
  readonly vessel: EntryVessel | null
  readonly remarks: string | null
  readonly addresses: ReadonlyArray<OfacAddress>
}): EntryDetails => {
  const details = new DetailsBuilder()
  for (const a of entry.addresses) details.address([a.address, a.city], a.country, a.note)
  details.position(entry.title)
  if (entry.remarks !== null) {
    details.remark(entry.remarks)
    remarkFacts(entry.remarks, details)
  }
  details.vessel = entry.vessel
  return details.build()
}
