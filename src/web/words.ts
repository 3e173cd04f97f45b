import { reviewReasonWords } from "../domain/reviewReasons.js"
import { listDisplayName } from "../sanctions/model.js"

/** A review reason in words (the pages never show the code); a code this version does not know reads as its words. */
export const reasonWords = (reason: string) => (reviewReasonWords as Readonly<Record<string, string>>)[reason] ?? reason.replace(/_/g, " ")

/** A screening list by its name ("OFAC SDN"), not its id (`ofac_sdn`); a name already is kept as it is. */
export const listWords = (list: string) => (listDisplayName as Readonly<Record<string, string>>)[list] ?? list

const EVENT_WORDS: Readonly<Record<string, string>> = {
  "sanctions.hit_added": "New sanctions hit",
  "sanctions.hit_removed": "Sanctions hit gone",
  "company.status_changed": "Company status changed",
  "debarment.added": "New debarment",
  "debarment.removed": "Debarment ended",
  "webhook.test": "Test event"
}

/** An event type in words ("New sanctions hit"); a type this version does not know reads as itself. */
export const eventWords = (type: string) => EVENT_WORDS[type] ?? type
