/**
 * Constructor options for a response class made from values already in their schema's types (read from the store,
 * or computed by the service): its fields are not checked when it is made, because the response (or the check
 * row) is encoded with the same schema before it leaves, and encoding checks every field. Checking at
 * construction as well was a twentieth of a record request's CPU and a tenth of a verification's.
 */
export const typedValues = { disableChecks: true } as const
