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
    pointers: /^\/components\/schemas\/(LeiEvidence|RegistryEvidence\/properties\/lei|Owner\/properties\/(lei|relationship)|Owner\/required)(\/.*)?$/,
    why: "GLEIF as a live source (issue 54 item 1): a registration GLEIF confirmed carries GLEIF's evidence (registry_evidence.lei: " +
      "the LEI, the registration authority, the number there, the corroboration level and GLEIF's dates), and an owner a source " +
      "names by its LEI (GLEIF's level-2 parents) carries that LEI and its relationship (direct, ultimate or both). Additions only."
  }
]
