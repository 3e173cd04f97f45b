import type { DetailsBuilder } from "../../domain/entryDetails.js"

/** The parts of a UN record that hold one fact each, read whole when they close. */
export const UN_DETAIL_PARTS = new Set([
  "INDIVIDUAL_ADDRESS", "ENTITY_ADDRESS", "INDIVIDUAL_DATE_OF_BIRTH", "INDIVIDUAL_PLACE_OF_BIRTH", "INDIVIDUAL_DOCUMENT",
  "NATIONALITY", "DESIGNATION", "TITLE"
])

/** A part being read: its fields (one value each) and its VALUE elements (NATIONALITY, DESIGNATION, TITLE). */
export interface UnPart {
  readonly name: string
  readonly fields: Map<string, string>
  readonly values: Array<string>
}

/**
 * A date of birth as the UN gives it: an exact date or year, "approximately" a year or date, or "between" two years;
 * the UN's note on it after, in brackets.
 */
const unDateOfBirth = (fields: ReadonlyMap<string, string>): string | null => {
  const get = (k: string) => fields.get(k) ?? ""
  const type = get("TYPE_OF_DATE").toUpperCase()
  const when = get("DATE") || get("YEAR")
  const text = type === "BETWEEN" && get("FROM_YEAR") !== "" && get("TO_YEAR") !== ""
    ? `between ${get("FROM_YEAR")} and ${get("TO_YEAR")}`
    : when === "" ? "" : type === "APPROXIMATELY" ? `approximately ${when}` : when
  if (text === "") return null
  return get("NOTE") === "" ? text : `${text} (${get("NOTE")})`
}

/** Reads one closed part of a UN record into the entry's details. */
export const unPartInto = (part: UnPart, details: DetailsBuilder): void => {
  const get = (k: string) => part.fields.get(k) ?? ""
  switch (part.name) {
    case "INDIVIDUAL_ADDRESS":
    case "ENTITY_ADDRESS":
      return details.address([get("STREET"), get("CITY"), get("STATE_PROVINCE"), get("ZIP_CODE")], get("COUNTRY"), get("NOTE"))
    case "INDIVIDUAL_DATE_OF_BIRTH":
      return details.dateOfBirth(unDateOfBirth(part.fields))
    case "INDIVIDUAL_PLACE_OF_BIRTH":
      return details.placeOfBirth([get("STREET"), get("CITY"), get("STATE_PROVINCE"), get("COUNTRY"), get("NOTE")])
    case "INDIVIDUAL_DOCUMENT": {
      const type = get("TYPE_OF_DOCUMENT2") === "" ? get("TYPE_OF_DOCUMENT") : `${get("TYPE_OF_DOCUMENT")} (${get("TYPE_OF_DOCUMENT2")})`
      const issued = [get("DATE_OF_ISSUE") && `issued ${get("DATE_OF_ISSUE")}`, get("CITY_OF_ISSUE") && `in ${get("CITY_OF_ISSUE")}`]
        .filter((p) => p !== "").join(" ")
      const note = [issued, get("NOTE")].filter((p) => p !== "").join("; ")
      return details.document(type, get("NUMBER"), get("ISSUING_COUNTRY") || get("COUNTRY_OF_ISSUE"), note)
    }
    case "NATIONALITY":
      return part.values.forEach((v) => details.nationality(v))
    default: // DESIGNATION, TITLE
      return part.values.forEach((v) => details.position(v))
  }
}
