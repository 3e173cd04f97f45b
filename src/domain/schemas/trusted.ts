/**
 * Constructor options for a response class made from values already in their schema's types (read from the store,
 * or computed by the service): its fields' checks (filters such as ranges and patterns) are not run when it is made,
 * because the response (or the check row) is encoded with the same schema before it leaves, and encoding checks every
 * field. Running them at construction as well was a twentieth of a record request's CPU and a tenth of a
 * verification's. The class still parses its fields' types when made (effect documents `disableChecks` so): an answer
 * made often is a struct of plain values instead, checked once when encoded (CompanyRecord, SearchResponse).
 */
export const typedValues = { disableChecks: true } as const
