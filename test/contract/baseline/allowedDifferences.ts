/**
 * The differences between the OpenAPI document served today and the one served on Effect 3 (openapi.effect3.json,
 * written from main at bb2b139 with effect 3.22 and @effect/platform 0.97) that are fixes: each names the JSON Pointers
 * it covers (a pattern over the whole pointer) and why the new text is the right one. Nothing else may differ.
 */
export interface AllowedDifference {
  readonly pointers: RegExp
  readonly why: string
}

export const allowedDifferences: ReadonlyArray<AllowedDifference> = [
  {
    pointers: /^\/(components\/schemas\/[A-Za-z]+\/properties\/[a-z_]+(\/anyOf\/0)?|paths\/~1health\/get\/responses\/200\/content\/application~1json\/schema\/properties\/lists\/items\/properties\/as_of)\/format$/,
    why: "The schemas have always named these strings' formats (`format: \"date-time\"`: an RFC 3339 instant; `format: \"date\"`: " +
      "a day, YYYY-MM-DD), as documentation for clients; the Effect 3 generator dropped a `format` annotation (only a whole " +
      "`jsonSchema` override kept one), Effect 4 writes it. The values served were always of these formats: the document now says so."
  },
  {
    pointers: new RegExp("^/(paths/~1v1~1screen(~1batch)?|tags/12|components/schemas/(Screening|ScreenRequest|ScreenBatchRequest|NameScreened)" +
      "|components/schemas/Job/properties/kind|components/schemas/JobResult/properties/(screening|verdict/description)" +
      "|components/schemas/Check/(required/\\d+|properties/(kind|input/description|verdict/description))" +
      "|components/schemas/SanctionsHit/properties/screened_from/(description|enum/\\d+)" +
      "|components/schemas/ScreenedPerson/(description|properties/(position/description|role/description|share|source))" +
      "|components/schemas/Verdict/properties/names_screened|components/schemas/VerifyRequest/properties/people" +
      "|paths/~1v1~1(verify|checks~1\\{id\\}|verify~1batch|jobs~1\\{id\\})/.*/example/(.*/)?(people_screened/\\d+/source|names_screened|kind))(/|$)"),
    why: "Issue 51 item 1, additive: POST /v1/screen (one name screened on demand, kept as a check of `kind` screen), the people " +
      "the customer declares to /v1/verify (`people`, reported in `people_screened` with their `source`, their hits' " +
      "`screened_from` declared_owner or declared_director), each name's kinds screened against (`names_screened`), and " +
      "POST /v1/screen/batch (a job of `kind` screen, each row's `screening`)."
  }
]
