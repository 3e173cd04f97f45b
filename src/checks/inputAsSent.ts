/**
 * A request's inputs as a check keeps them (`Check.input`): each text as sent, any other value that was sent (a
 * screening's identifiers, the people declared to /v1/verify) as its JSON text; absent ones left out.
 */
export const inputAsSent = (input: object): Record<string, string> =>
  Object.fromEntries(Object.entries(input).flatMap(([key, value]: [string, unknown]) =>
    value === undefined ? [] : [[key, typeof value === "string" ? value : JSON.stringify(value)]]))
