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
    pointers: /^\/(components\/schemas\/AuditEntry\/properties\/action\/enum\/\d+|paths\/~1v1~1audit\/get\/parameters\/\d+\/schema\/enum\/\d+)$/,
    why: "The audit log records log-ins (succeeded and failed), wrong second-factor codes, session ends and console " +
      "verifications (issue 52 item 5): `member.logged_in`, `member.login_failed`, `member.second_factor_failed`, " +
      "`member.logged_out`, `check.verified` are actions an entry can have, and a filter of GET /v1/audit."
  },
  {
    pointers: /^\/(components\/schemas\/[A-Za-z]+\/properties\/[a-z_]+(\/anyOf\/0)?|paths\/~1health\/get\/responses\/200\/content\/application~1json\/schema\/properties\/lists\/items\/properties\/as_of)\/format$/,
    why: "The schemas have always named these strings' formats (`format: \"date-time\"`: an RFC 3339 instant; `format: \"date\"`: " +
      "a day, YYYY-MM-DD), as documentation for clients; the Effect 3 generator dropped a `format` annotation (only a whole " +
      "`jsonSchema` override kept one), Effect 4 writes it. The values served were always of these formats: the document now says so."
  }
]
