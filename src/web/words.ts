import { reviewReasonWords } from "../domain/reviewReasons.js"
import { listDisplayName } from "../sanctions/model.js"

/** A review reason in words (the pages never show the code); a code this version does not know reads as its words. */
export const reasonWords = (reason: string) => (reviewReasonWords as Readonly<Record<string, string>>)[reason] ?? reason.replace(/_/g, " ")

/** A screening list by its name ("OFAC SDN"), not its id (`ofac_sdn`); a name already is kept as it is. */
export const listWords = (list: string) => (listDisplayName as Readonly<Record<string, string>>)[list] ?? list
