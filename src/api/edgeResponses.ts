/**
 * The answers the edge gives before an operation runs (src/http/edge): each operation documents them with the error
 * body, so a client knows every status it may get. `hasBody`: the operation takes a request body.
 */
const ERROR_BODY = { "application/json": { schema: { $ref: "#/components/schemas/HttpApiDecodeError" } } }

const refusal = (description: string) => ({ description, content: ERROR_BODY })

export const edgeResponses = (hasBody: boolean): Readonly<Record<string, unknown>> => ({
  "400": refusal("A parameter, header or the body is malformed: a control character, invalid UTF-8, bad percent-encoding, JSON nested too deep, or a value the schema refuses."),
  ...(hasBody
    ? {
      "413": refusal("The request body is larger than the route takes (16 KiB; 2 MiB for a batch)."),
      "415": refusal("The body's Content-Type is not one the route takes.")
    }
    : {}),
  "414": refusal("The request target (path and query) exceeds 8 KiB."),
  "431": refusal("The request line and headers exceed 16 KiB."),
  "500": refusal("An unexpected failure; nothing about it is the caller's fault.")
})
